/**
 * Moving through the game: the ply shown (`state.viewPly`), from the move list, the review's
 * graph, the ‹ › buttons and the arrow keys. On the analysis board a move of its line goes back in
 * the line; an earlier move of the game closes the board first.
 */
import { closeAnalysis } from './modes.js';
import { board } from './parts.js';
import { render } from './render.js';
import { state } from './state.js';

/** Show the position after ply `ply` (0: the start), or the current position for null. */
export function view(ply: number | null): void {
  const { analysis } = state;
  if (state.retry) return;
  if (analysis) {
    // A move of the analysed line (or the position it starts from): back to it, still analysing.
    if (ply !== null && ply >= analysis.from) {
      void analysis.backTo(ply - analysis.from).then(() => render());
      return;
    }
    // An earlier move of the game: back to the game, at that move.
    void closeAnalysis().then(() => view(ply));
    return;
  }
  const total = state.game.history().length;
  state.viewPly = ply === null || ply >= total ? null : Math.max(0, ply);
  board.hint(null);
  void render();
}
