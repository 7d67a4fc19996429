/**
 * The player's moves and keys outside the buttons: a move made on the board or typed in the move
 * box (to the game, a premove, the analysis board or the mistake being retried), the pointer on
 * the board cancelling a premove, and the keyboard (Escape, the arrow keys, Home, End).
 */
import { editorClick } from './editing.js';
import { analysisBack, analysisMove, retryMove } from './modes.js';
import { view } from './navigation.js';
import { board } from './parts.js';
import { type BoardMove, activeGame, premoveAllowed, shownPly, state } from './state.js';
import { cancelPremove, playHuman, setPremove } from './turn.js';
import { $, say, ui } from './ui.js';

/** A move made on the board goes where the board is in use. */
export function boardMove(move: BoardMove): void {
  if (state.analysis) void analysisMove(move);
  else if (state.retry) void retryMove(move);
  else if (premoveAllowed()) setPremove(move);
  else playHuman(move);
}

/** Listen to the move box, the pointer on the board and the keyboard (once, at start). */
export function listenToInput(): void {
  $('move-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const text = ui.moveText.value.trim();
    if (!text) return;
    const why = activeGame().explain(text);
    if (!why.legal) {
      say(`${text}: ${why.message}`, true);
      return;
    }
    ui.moveText.value = '';
    state.typedLast = true;
    if (state.analysis) void analysisMove(text);
    else if (state.retry) void retryMove(text);
    else playHuman(text);
  });
  // A move on the board: the focus stays where the player is. A premove is cancelled by a right
  // click on the board or a click on one of its two squares (as on lichess).
  $('board').addEventListener('pointerdown', (event) => {
    state.typedLast = false;
    // The board editor: a click puts the chosen piece on the square (or takes it off).
    if (state.editor) {
      const square = board.squareAt(event);
      if (square !== null && event.button === 0) editorClick(square);
      return;
    }
    const { premove } = state;
    if (!premove) return;
    const square = board.squareAt(event);
    if (event.button === 2 || (square !== null && (square === premove.from || square === premove.to))) {
      event.stopPropagation();
      event.preventDefault();
      cancelPremove();
    }
  }, { capture: true });
  // The board has no context menu: a right click there is the player's (as on lichess).
  $('board').addEventListener('contextmenu', (event) => event.preventDefault());
  document.addEventListener('keydown', (event) => {
    const target = event.target;
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return;
    // Escape cancels a premove wherever the focus is, on the board too.
    if (event.key === 'Escape' && state.premove) {
      cancelPremove();
      return;
    }
    // On the board the arrow keys move over its squares.
    if (target instanceof Element && target.closest('#board')) return;
    if (ui.end.dialog.open || state.retry) return;
    if (state.analysis) {
      if (event.key === 'ArrowLeft') analysisBack();
      return;
    }
    const at = shownPly();
    const step: Record<string, number | null> = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: null };
    if (event.key in step) {
      event.preventDefault();
      view(step[event.key] ?? null);
    }
  });
}
