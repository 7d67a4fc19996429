/**
 * The move list: a button a move (numbered, with the review's mark), the shown one current, and
 * after a move the variations played instead of it, as lichess shows them: each in its own
 * indented block, nested ones inside it.
 */
import type { GameState, HistoryItem, Variation } from 'chess-wasm';
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
  /** A variation's move was clicked: show it (`path`: the move's, `[ply, variation, move, ...]`). */
  viewVariation(path: number[]): void;
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
      if (m.variations.length === 0 || (o.lineFrom !== undefined && i >= o.lineFrom)) return [li];
      const block = document.createElement('li');
      block.className = 'variations';
      block.append(...m.variations.map((v) => variationBlock(v, start, o)));
      return [li, block];
    }).flat(),
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

/** A variation as a block of move buttons (numbered where a move needs it), nested ones inside. */
function variationBlock(variation: Variation, start: GameState, o: MoveListOptions): HTMLElement {
  const block = document.createElement('div');
  block.className = 'variation';
  if (variation.comment) block.append(commentOf(variation.comment));
  let numbered = true;
  for (const m of variation.moves) {
    const button = document.createElement('button');
    button.type = 'button';
    const number = moveNumber(m.ply, start.fullMove, start.turn);
    const san = o.figurines ? figurineSan(m.san) : m.san;
    button.textContent = numbered || number.endsWith('.') ? `${number} ${san}` : san;
    button.dataset.path = m.path.join(',');
    button.addEventListener('click', () => o.viewVariation(m.path));
    block.append(button);
    if (m.comment) block.append(commentOf(m.comment));
    numbered = m.variations.length > 0 || m.comment !== null;
    for (const nested of m.variations) block.append(variationBlock(nested, start, o));
  }
  return block;
}

/** A PGN comment in a variation. */
function commentOf(text: string): HTMLElement {
  const span = document.createElement('span');
  span.className = 'comment';
  span.textContent = text;
  return span;
}
