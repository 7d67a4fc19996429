/**
 * What the page says about keeping games, in elements of their own under the move box's message
 * (so the game's own messages never overwrite it): a save that failed (the game stays on the board
 * and is saved by the next save that fits), the first save that works again, a game kept apart
 * because another tab had changed it, and the records set aside because they could not be read.
 */
import type { SaveResult, SetAside } from './storage.js';

const KEPT = 'Games are kept in this browser only.';

export class StorageNotice {
  private readonly save: HTMLParagraphElement;
  private readonly aside: HTMLDivElement;
  private failing = false;
  /** The records set aside that the page lists (until dismissed). */
  private setAsides: SetAside[] = [];
  private hideTimer: ReturnType<typeof setTimeout> | undefined;

  /** Placed after `message`; `gamesNote` is the line at the top of "Your games". */
  constructor(
    message: HTMLElement,
    private readonly gamesNote: HTMLElement,
  ) {
    this.save = Object.assign(document.createElement('p'), { id: 'save-notice', className: 'message', hidden: true });
    this.save.setAttribute('role', 'status');
    this.aside = Object.assign(document.createElement('div'), { id: 'set-aside-notice', hidden: true });
    this.aside.setAttribute('role', 'alert');
    message.after(this.save, this.aside);
  }

  /** Say how the last save went (nothing new when it went as usual): a failure stays said until a save works, the rest for a few seconds. */
  saved(result: SaveResult): void {
    if (result.failure !== null) {
      this.failing = true;
      this.show(`This game could not be saved (${result.failure}). It stays on the board and you can play on; it is saved at the next move once there is room (delete games in Your games).`, true);
      this.gamesNote.textContent = `The game in play is not saved: ${result.failure}.`;
      return;
    }
    this.gamesNote.textContent = KEPT;
    const wasFailing = this.failing;
    this.failing = false;
    if (result.forked) {
      this.show('This game was changed in another tab meanwhile: the moves played here are kept as a game of their own (in Your games).', false);
    } else if (result.reviewDropped) {
      this.show("The game is saved, without its review: this site's storage in the browser is full.", true);
    } else if (wasFailing) {
      this.show('The game is saved again.', false);
    }
  }

  /**
   * Say which records were set aside: one line for all of them (until the player dismisses it),
   * and for each why it could not be read and the key it is kept under.
   */
  setAside(records: SetAside[]): void {
    if (records.length === 0) return;
    this.setAsides.push(...records);
    const n = this.setAsides.length;
    const head = Object.assign(document.createElement('p'), {
      className: 'message error',
      textContent: `${n === 1 ? 'A saved game' : `${n} saved games`} could not be read and ${n === 1 ? 'is' : 'are'} set aside: kept in this browser, not deleted, and left out of Your games. `,
    });
    const dismiss = Object.assign(document.createElement('button'), { type: 'button', textContent: 'OK' });
    dismiss.addEventListener('click', () => {
      this.setAsides = [];
      this.aside.replaceChildren();
      this.aside.hidden = true;
    });
    head.append(dismiss);
    const list = Object.assign(document.createElement('ul'), { className: 'muted small' });
    for (const { why, key } of this.setAsides) {
      const item = Object.assign(document.createElement('li'), { textContent: `${why}: kept under ${key}` });
      item.style.overflowWrap = 'anywhere';
      list.append(item);
    }
    this.aside.replaceChildren(head, list);
    this.aside.hidden = false;
  }

  private show(text: string, isError: boolean): void {
    clearTimeout(this.hideTimer);
    if (!this.failing) this.hideTimer = setTimeout(() => (this.save.hidden = true), 10_000);
    this.save.hidden = false;
    this.save.classList.toggle('error', isError);
    if (this.save.textContent !== text) this.save.textContent = text;
  }
}
