/**
 * The game review's glue: the review run in the worker (its progress bar, Cancel), the panel set
 * from it, and Next mistake. The panel itself (review.ts) knows the review, not the game.
 */
import { loadStrongNet } from './engine.js';
import { messageOf } from './format.js';
import { view } from './navigation.js';
import { ai, reviewPanel } from './parts.js';
import { render } from './render.js';
import { movesKey, state } from './state.js';
import { say, showBoardAndNote, ui } from './ui.js';

/** Review the game in the worker: progress, cancel, then the panel and the marks. */
export async function reviewGame(): Promise<void> {
  if (state.thinking || state.reviewing || state.game.history().length === 0) return;
  state.reviewing = true;
  ui.reviewProgress.hidden = false;
  ui.reviewBar.value = 0;
  await render();
  const moves = movesKey();
  try {
    await loadStrongNet();
    const review = await ai.review(state.game, { onProgress: ({ done, total }) => (ui.reviewBar.value = done / total) });
    if (moves === movesKey()) {
      state.reviewedMoves = moves;
      reviewPanel.set(review);
      const plies = review.plies.length;
      say(plies < state.game.history().length ? `Review stopped after ${plies} moves.` : 'Review ready: the marked moves are where the game turned.');
    }
  } catch (e) {
    say(`The review stopped: ${messageOf(e)}`, true);
  }
  state.reviewing = false;
  ui.reviewProgress.hidden = true;
  await render();
  if (reviewPanel.current) showBoardAndNote();
}

/** Next mistake: the review's next inaccuracy or worse after the ply shown, the board and its note in sight. */
export function nextMistake(): void {
  const total = state.game.history().length;
  const next = reviewPanel.nextMistake(state.viewPly ?? total);
  if (next !== null) view(next === total ? null : next);
  showBoardAndNote();
}
