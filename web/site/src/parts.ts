/**
 * The page's parts, made once at load in this order: the review panel, the engine in its Web
 * Worker (at the selected level), the board component. The board asks the state who may move
 * what; a move made on it goes to `actions.boardMove` (input.ts).
 */
import { WorkerAi } from 'chess-wasm';
import { ReviewPanel } from './review.js';
import { Board } from './board.js';
import { actions } from './actions.js';
import { aiOptions } from './settings.js';
import { activeGame, humanMayMove, premoveAllowed, premoveMoves, retryMayMove, state } from './state.js';
import { $, say } from './ui.js';

export const reviewPanel = new ReviewPanel(
  { panel: $('review-panel'), summary: $('review-summary'), graph: $('review-graph') as unknown as SVGSVGElement, note: $('review-note'), why: $('review-why') },
  (ply) => actions.view(ply),
);

export const ai = await WorkerAi.create(aiOptions());

export const board = new Board($('board'), {
  movesFrom: (square) => {
    const { analysis, retry, game } = state;
    if (analysis) return analysis.game.moves(square);
    if (retry) return retryMayMove() ? retry.position.moves(square) : [];
    if (premoveAllowed()) return premoveMoves(square);
    return humanMayMove() ? game.moves(square) : [];
  },
  onMove: (from, to, promotion) => actions.boardMove({ from, to, promotion }),
  onCancel: () => void actions.render(),
  onIllegal: (from, to) => {
    // A drop the rules refuse gets the same reason as a typed move.
    const why = activeGame().explain(`${from}${to}`);
    if (!why.legal) say(`${from}–${to}: ${why.message}`, true);
  },
});
