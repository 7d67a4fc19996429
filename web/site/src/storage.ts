/**
 * What the page keeps in the browser (localStorage): the settings of the New game panel and the
 * player's games, the one being played included, each with its review once it has one. A reload
 * resumes the current game; the "Your games" list reopens, exports or deletes the others.
 *
 * How games are kept when several tabs of the page share one localStorage, so that none is lost:
 * - Every key holds one game at most: `chess.game.v1.<id>` the record (the truth) and
 *   `chess.summary.v1.<id>` what the list shows of it (rebuilt from the record when it is missing).
 *   The list is the set of record keys, so a tab writing its own game never rewrites another
 *   tab's. (Earlier pages kept one shared index, `chess.games.v1`, which each tab rewrote from its
 *   own reading and so could drop the other tab's game; it is no longer read or written.)
 * - A tab writes only the game on its board, and holds it with a Web Lock (game-lock.ts), so that
 *   no other tab plays the same game.
 * - Before writing a game the Store reads its record again. If it is no longer the text this tab
 *   last read or wrote there (apart from its time stamp), another tab has changed it (a browser
 *   without Web Locks): this tab's game is then kept under a new id, beside the other tab's, never
 *   over it.
 * - Nothing is deleted to make room: when the quota is full the save fails (the review alone is
 *   left out first), the page says so, the game stays on the board and the next save tries again.
 * - Every record read back is checked (records.ts); one that fails is moved as it was to
 *   `chess.aside.v1.<time>.<its key>`, never deleted, and the page says so ({@link Store.takeSetAside}).
 */
import { messageOf } from './format.js';
import { type GameSummary, type SavedGame, type Settings, checkGame, checkSummary, checkSettings, parseJson } from './records.js';

export type { GameSummary, SavedClock, SavedGame, Settings } from './records.js';

const SETTINGS = 'chess.settings.v1';
/** The game last played in any tab (localStorage), and this tab's own (sessionStorage: it survives a reload of the tab). */
const CURRENT = 'chess.current.v1';
const GAME = 'chess.game.v1.';
const SUMMARY = 'chess.summary.v1.';
const ASIDE = 'chess.aside.v1.';

/** A record that could not be read: why, and the key it is kept under now (its own when there was no room to move it). */
export interface SetAside {
  why: string;
  key: string;
}

/** How a save went. */
export interface SaveResult {
  /** The id the game is kept under: a new one when another tab had changed the game meanwhile. */
  id: string;
  forked: boolean;
  /** Why the game could not be written (null: it was). */
  failure: string | null;
  /** It was written without its review, for want of room. */
  reviewDropped: boolean;
}

export class Store {
  private readonly storage: Storage | null;
  private readonly session: Storage | null;
  /** The record text this tab last read (to play it) or wrote, by game id: what it expects to find before writing again. */
  private readonly seen = new Map<string, string>();
  /** Keys of records that could not be read nor set aside (no room): not tried again. */
  private readonly unreadable = new Set<string>();
  private setAsides: SetAside[] = [];

  constructor(storage: Storage | null = Store.browserStorage('localStorage'), session: Storage | null = Store.browserStorage('sessionStorage')) {
    this.storage = storage;
    this.session = session;
  }

  /** The browser's storage, or null where the page may not use it (even reading the property can throw). */
  static browserStorage(which: 'localStorage' | 'sessionStorage'): Storage | null {
    try {
      return globalThis[which] ?? null;
    } catch {
      return null;
    }
  }

  settings(): Partial<Settings> | null {
    const text = this.get(SETTINGS);
    const json = text === null ? null : parseJson(text);
    return json?.ok ? checkSettings(json.value) : null;
  }

  saveSettings(settings: Settings): void {
    this.set(SETTINGS, JSON.stringify(settings));
  }

  /** The kept games, the most recently played first. */
  games(): GameSummary[] {
    const games: GameSummary[] = [];
    for (const id of this.ids()) {
      const summary = this.summary(id);
      if (summary) games.push(summary);
    }
    return games.sort((a, b) => b.updated - a.updated);
  }

  /** A kept game, whole and checked (null: there is none, or it could not be read and is set aside). */
  load(id: string): SavedGame | null {
    const read = this.read(id);
    if (read) this.seen.set(id, read.text);
    return read?.game ?? null;
  }

  /** The game to resume: this tab's before a reload, else the one last played in any tab; null when it is no longer kept. */
  resumeId(): string | null {
    for (const storage of [this.session, this.storage]) {
      const id = parseJson(read(storage, CURRENT) ?? 'null');
      if (id.ok && typeof id.value === 'string' && this.get(GAME + id.value) !== null) return id.value;
    }
    return null;
  }

  /** Keep `game` as this tab's game in play, without writing over another tab's (see the top of the file). */
  save(game: SavedGame): SaveResult {
    const result: SaveResult = { id: game.id, forked: false, failure: null, reviewDropped: false };
    if (!this.storage) return { ...result, failure: 'this browser gives the page no storage' };
    // The record as the page will read it back: the same check, which also fixes its fields' order.
    const checked = checkGame(JSON.parse(JSON.stringify(game)), game.id);
    if (!checked.ok) return { ...result, failure: `the game's record is not valid (${checked.why})` };
    let record = checked.value;
    const stored = this.get(GAME + record.id);
    const seen = this.seen.get(record.id);
    // Changed by another tab since this tab read or wrote it (more than its time stamp): keep both.
    if (stored !== null && stored !== seen && !(seen !== undefined && sameBesidesTime(stored, seen, record.id))) {
      record = { ...record, id: newGameId() };
      result.forked = true;
    }
    let text = JSON.stringify(record);
    let failure = this.set(GAME + record.id, text);
    if (failure !== null && record.review) {
      // No room for the review: the moves matter more (the review can be run again).
      const { review: _review, reviewMoves: _moves, ...bare } = record;
      const bareText = JSON.stringify(bare);
      if (this.set(GAME + record.id, bareText) === null) {
        [record, text, failure] = [bare, bareText, null];
        result.reviewDropped = true;
      }
    }
    if (failure !== null) return { ...result, forked: false, failure };
    const { id, started, updated, white, black, result: outcome, plies } = record;
    result.id = id;
    this.seen.set(id, text);
    // The summary is a copy for the list: when it cannot be written, the list reads the record.
    if (this.set(SUMMARY + id, JSON.stringify({ id, started, updated, white, black, result: outcome, plies })) !== null) {
      this.storage.removeItem(SUMMARY + id);
    }
    this.pointTo(id);
    return result;
  }

  /** Forget a game. */
  remove(id: string): void {
    this.storage?.removeItem(GAME + id);
    this.storage?.removeItem(SUMMARY + id);
    this.seen.delete(id);
  }

  /** Move a game that cannot be played (its moves do not read) aside, as it is. */
  setAside(id: string, why: string): void {
    const text = this.get(GAME + id);
    this.seen.delete(id);
    if (text !== null) this.moveAside(GAME + id, text, why);
  }

  /** The records set aside since the last call. */
  takeSetAside(): SetAside[] {
    const setAsides = this.setAsides;
    this.setAsides = [];
    return setAsides;
  }

  /**
   * Call `changed` when another tab changes what is kept (the browser's `storage` event): with the
   * id of the game changed, or null for anything else.
   */
  watch(changed: (id: string | null) => void): void {
    window.addEventListener('storage', (event) => {
      if (event.storageArea !== this.storage) return;
      const key = event.key;
      if (key === null) changed(null);
      else if (key.startsWith(GAME)) changed(key.slice(GAME.length));
      else if (key.startsWith(SUMMARY)) changed(key.slice(SUMMARY.length));
      else if (key === CURRENT) changed(null);
    });
  }

  /** Whether a game is kept under `id`. */
  has(id: string): boolean {
    return this.get(GAME + id) !== null;
  }

  /** The ids of the kept games (every record key). */
  private ids(): string[] {
    const ids: string[] = [];
    const storage = this.storage;
    if (!storage) return ids;
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith(GAME) && !this.unreadable.has(key)) ids.push(key.slice(GAME.length));
    }
    return ids;
  }

  /** A game's summary: its own key's, else the record's (then written back for the next time, if there is room). */
  private summary(id: string): GameSummary | null {
    const text = this.get(SUMMARY + id);
    const json = text === null ? null : parseJson(text);
    const summary = json?.ok ? checkSummary(json.value, id) : null;
    if (summary?.ok) return summary.value;
    const game = this.read(id)?.game;
    if (!game) return null;
    const { started, updated, white, black, result, plies } = game;
    const rebuilt: GameSummary = { id, started, updated, white, black, result, plies };
    this.set(SUMMARY + id, JSON.stringify(rebuilt));
    return rebuilt;
  }

  /** The record of game `id` and its text, checked; a record that fails is set aside (null then). */
  private read(id: string): { game: SavedGame; text: string } | null {
    const key = GAME + id;
    const text = this.unreadable.has(key) ? null : this.get(key);
    if (text === null) return null;
    const json = parseJson(text);
    const game = json.ok ? checkGame(json.value, id) : json;
    if (game.ok) return { game: game.value, text };
    this.moveAside(key, text, game.why);
    return null;
  }

  private moveAside(key: string, text: string, why: string): void {
    const aside = `${ASIDE}${Date.now().toString(36)}.${key}`;
    if (this.set(aside, text) === null) {
      this.storage?.removeItem(key);
      this.storage?.removeItem(SUMMARY + key.slice(GAME.length));
      this.setAsides.push({ why, key: aside });
    } else {
      // No room to copy it: it stays where it is, left out of the list.
      this.unreadable.add(key);
      this.setAsides.push({ why, key });
    }
  }

  /** Make `id` the game to resume, in this tab and for the next tab opened. */
  private pointTo(id: string): void {
    const value = JSON.stringify(id);
    try {
      this.session?.setItem(CURRENT, value);
    } catch {
      // no room in this tab's storage: a reload resumes the game last played in any tab
    }
    if (this.get(CURRENT) !== value) this.set(CURRENT, value);
  }

  private get(key: string): string | null {
    return read(this.storage, key);
  }

  /** Write; null when it worked, else why not. */
  private set(key: string, text: string): string | null {
    if (!this.storage) return 'this browser gives the page no storage';
    try {
      this.storage.setItem(key, text);
      return null;
    } catch (e) {
      return isQuota(e) ? "this site's storage in the browser is full" : messageOf(e);
    }
  }
}

function read(storage: Storage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** The quota error, by any browser's name for it. */
function isQuota(e: unknown): boolean {
  return e instanceof DOMException && (e.name === 'QuotaExceededError' || e.name === 'NS_ERROR_DOM_QUOTA_REACHED' || e.code === 22);
}

/** Two texts of game `id`'s record say the same, apart from when it was last saved. */
function sameBesidesTime(a: string, b: string, id: string): boolean {
  const [x, y] = [a, b].map((text) => {
    const json = parseJson(text);
    const game = json.ok ? checkGame(json.value, id) : null;
    return game?.ok ? JSON.stringify({ ...game.value, updated: 0 }) : null;
  });
  return x !== null && x === y;
}

/** A new game's id: its start time and a random tail. */
export function newGameId(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}
