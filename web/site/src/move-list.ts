/** The move list: a button a move (numbered, with the review's mark), the shown one current. */
import type { GameState, HistoryItem } from 'chess-wasm';
import { figurineSan, moveNumber } from './format.js';

/** How the list shows and acts. */
export interface MoveListOptions {
  /** Figurine notation (♘f3). */
  figurines: boolean;
  /** The review's mark of ply `ply`, if it has one. */
  mark(ply: number): { cls: string; symbol: string } | null;
  /** A move was clicked: show the position after ply `ply`. */
  view(ply: number): void;
  /** The moves from this ply on are not the game's but a line being analysed (drawn apart). */
  lineFrom?: number;
}

/**
 * Fill `list` with the moves of `history` from `start`; the move of ply `current` is marked
 * current, the moves after ply `o.lineFrom` are marked as the analysed line.
 */
export function renderMoveList(list: HTMLElement, history: HistoryItem[], start: GameState, current: number, o: MoveListOptions): void {
  list.replaceChildren(
    ...history.map((m, i) => {
      const li = document.createElement('li');
      const button = document.createElement('button');
      button.type = 'button';
      const number = moveNumber(i + 1, start.fullMove, start.turn);
      const san = o.figurines ? figurineSan(m.san) : m.san;
      button.textContent = number.endsWith('.') || i === 0 ? `${number} ${san}` : san;
      const mark = o.mark(i + 1);
      if (mark) {
        const span = document.createElement('span');
        span.className = `mark ${mark.cls}`;
        span.textContent = mark.symbol;
        button.append(span);
      }
      button.dataset.ply = String(i + 1);
      const line = o.lineFrom !== undefined && i >= o.lineFrom;
      button.className = [i + 1 === current ? 'current' : '', line ? 'line' : ''].filter(Boolean).join(' ');
      button.addEventListener('click', () => o.view(i + 1));
      li.append(button);
      return li;
    }),
  );
  // The current move into the list's own view, the page left where it is (scrollIntoView would
  // scroll the page too, taking the board out of sight on a phone).
  const shown = list.querySelector<HTMLElement>('.current');
  if (shown) {
    const top = shown.offsetTop - list.offsetTop;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + shown.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = top + shown.offsetHeight - list.clientHeight;
  }
}
