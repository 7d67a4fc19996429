/**
 * The play panel's requests: take back, a hint, a draw offer (the engine answers), and resign
 * (clicked twice: the first click arms it for a few seconds).
 */
import { DRAW_OFFER_MOVE_TIME_MS, HINT_MOVE_TIME_MS, answerDrawOffer, type Score } from 'chess-wasm';
import { loadStrongNet } from './engine.js';
import { formatResult, formatScore, messageOf } from './format.js';
import { ai, board } from './parts.js';
import { render, showEnd } from './render.js';
import { humanMayMove, state } from './state.js';
import { engineMove } from './turn.js';
import { say, takebackSelect, ui } from './ui.js';

export function undo(): void {
  const { game } = state;
  if (state.thinking || takebackSelect.value === 'off') return;
  // Take back the engine's reply and the player's move: back to the player's turn.
  const ended = game.state().isFinished ? formatResult(game.state()) : null;
  let taken = 0;
  while (game.history().length > 0 && (taken === 0 || game.state().turn !== state.human)) {
    game.undo();
    taken++;
  }
  state.viewPly = null;
  board.hint(null);
  // A finished game taken back is a game again: say so, and what ended it.
  say(ended ? `Taken back: the game goes on (it had ended: ${ended}).` : '');
  void render().then(() => engineMove());
}

/**
 * The player offers a draw: chess-ai answers (`answerDrawOffer`): too early, or accepted when the
 * game is level by the engine's own full search (the score a level plays with is handicapped, so
 * it is not asked).
 */
export async function offerDraw(): Promise<void> {
  if (!humanMayMove()) return;
  const early = answerDrawOffer(state.game.state().fullMove, null);
  if (early.answer === 'too-early') {
    say(`The engine declines: too early (it considers a draw from move ${early.fromMove}).`);
    return;
  }
  state.thinking = true;
  await render();
  ui.status.textContent = 'The engine considers your offer…';
  let score: Score | null = null;
  let whiteView: Score | null = null;
  try {
    await loadStrongNet();
    const answer = await ai.think(state.game, { mode: 'analyze', moveTimeMs: DRAW_OFFER_MOVE_TIME_MS });
    score = answer.best.score;
    whiteView = answer.best.whiteScore;
  } catch (e) {
    say(messageOf(e), true);
  }
  state.thinking = false;
  const game = state.game;
  if (score && answerDrawOffer(game.state().fullMove, score).answer === 'accepts' && !game.state().isFinished) {
    game.agreeDraw();
    say('The engine accepts the draw.');
    await render();
    showEnd();
    return;
  }
  say(whiteView ? `The engine declines: it plays on (${formatScore(whiteView)}).` : 'The engine declines.');
  await render();
}

export async function hint(): Promise<void> {
  if (!humanMayMove()) return;
  state.thinking = true;
  await render();
  ui.status.textContent = 'Looking for a hint…';
  try {
    await loadStrongNet();
    const answer = await ai.think(state.game, { mode: 'analyze', moveTimeMs: HINT_MOVE_TIME_MS });
    const move = state.game.moves().find((m) => m.uci === answer.best.uci);
    board.hint(move ?? null);
    say(`Hint: ${answer.best.san}`);
  } catch (e) {
    say(messageOf(e), true);
  }
  state.thinking = false;
  await render();
}

/** Resign: the first click arms it (for four seconds), the second resigns. */
export function resign(): void {
  if (state.resignArmed === null) {
    ui.buttons.resign.textContent = 'Really resign?';
    say('Click Resign again to resign this game.');
    state.resignArmed = setTimeout(disarmResign, 4000);
    return;
  }
  disarmResign();
  if (state.game.state().isFinished) return;
  state.game.resign(state.human);
  say('');
  void render().then(showEnd);
}

export function disarmResign(): void {
  if (state.resignArmed !== null) clearTimeout(state.resignArmed);
  state.resignArmed = null;
  ui.buttons.resign.textContent = 'Resign';
}
