/**
 * The two modes beside play, each taking over the board: the analysis board (free moves, the
 * engine's best lines) and "learn from your mistakes" (the player's mistakes of the review, tried
 * again, each try judged by the engine). Opening them, their moves and buttons, leaving them.
 */
import type { HistoryItem, MoveInfo, PlyReview } from 'chess-wasm';
import { AnalysisBoard } from './analysis.js';
import { loadStrongNet } from './engine.js';
import { messageOf } from './format.js';
import { ai, board, reviewPanel } from './parts.js';
import { persist } from './persist.js';
import { render, startState } from './render.js';
import { advance, judge, newRetry, promptText, retryText, showAnswer } from './retry.js';
import { aiOptions } from './settings.js';
import { type BoardMove, gameFenAt, retryMayMove, state } from './state.js';
import { engineMove } from './turn.js';
import { $, say, showGauge, ui } from './ui.js';

/** Open the analysis board on the position shown. */
export async function openAnalysis(line: readonly string[] = []): Promise<void> {
  if (state.analysis || state.retry || state.thinking || state.reviewing) return;
  const ply = state.viewPly ?? state.game.history().length;
  const fen = gameFenAt(ply);
  board.hint(null);
  say('');
  await loadStrongNet();
  state.analysis = await AnalysisBoard.open(
    ai,
    fen,
    ply,
    {
      lines: $<HTMLOListElement>('analysis-lines'),
      info: $('analysis-info'),
      toggle: $<HTMLButtonElement>('analysis-toggle'),
      onScore: (score) => showGauge(score),
    },
    line,
  );
  // The engine searches at full strength now: the level is given back before its next move.
  state.appliedLevel = '';
  await render();
}

/**
 * Close the analysis board: the game as it was, with the line played on the board kept as a
 * variation of the game's move it replaces (merged with what the game has already: a line that
 * follows the game or one of its variations adds only where it leaves them). A line from the
 * game's last position is not kept: the game goes on from there by play.
 */
export async function closeAnalysis(): Promise<void> {
  if (!state.analysis) return;
  keepLine(state.analysis);
  await leaveModes();
  await ai.setOptions(aiOptions());
  state.appliedLevel = ui.level.value;
  say('');
  await render();
  void engineMove();
}

/** The analysis board's line as a variation of the game (saved with it). */
function keepLine(analysis: AnalysisBoard): void {
  const moves = analysis.game.history().map((m) => m.uci);
  if (moves.length === 0 || analysis.from >= state.game.history().length) return;
  try {
    state.game.addVariation(analysis.from + 1, moves);
    persist();
  } catch (e) {
    say(`The line could not be kept: ${messageOf(e)}`, true);
  }
}

/**
 * A variation's move clicked in the move list: the analysis board on it, its line played from
 * the game's move it replaces (not during a timed game, nor while the engine works for the game).
 */
export async function viewVariation(path: readonly number[]): Promise<void> {
  if (state.retry || state.thinking || state.reviewing || state.editor) return;
  if (state.clocks !== null && !state.game.state().isFinished) return;
  const line = variationLine(state.game.history(), path);
  if (!line) return;
  if (state.analysis) await closeAnalysis();
  state.viewPly = line.from;
  await openAnalysis(line.moves);
}

/**
 * The moves (UCI) from the position after the game's ply `from` to the variation move at `path`
 * (`[ply, variation, move, ...]`): the moves of each variation on the way up to the one the next
 * leaves from, then the last up to the move; `null` for a path to no move.
 */
export function variationLine(history: HistoryItem[], path: readonly number[]): { from: number; moves: string[] } | null {
  const [ply, ...pairs] = path;
  if (ply === undefined || pairs.length === 0 || pairs.length % 2 !== 0) return null;
  let variations = history[ply - 1]?.variations;
  const moves: string[] = [];
  for (let i = 0; i < pairs.length; i += 2) {
    const v = variations?.[pairs[i] ?? -1];
    const at = pairs[i + 1] ?? -1;
    const move = v?.moves[at];
    if (!v || !move) return null;
    const last = i + 2 === pairs.length;
    moves.push(...v.moves.slice(0, last ? at + 1 : at).map((m) => m.uci));
    variations = move.variations;
  }
  return { from: ply - 1, moves };
}

/** A move on the analysis board (from the board or the move box). */
export async function analysisMove(move: BoardMove | string): Promise<void> {
  if (!state.analysis) return;
  try {
    await state.analysis.play(move);
    say('');
  } catch (e) {
    say(messageOf(e), true);
  }
  await render();
}

/** Take back the analysis board's last move (Move back, ‹, the left arrow). */
export function analysisBack(): void {
  void state.analysis?.back().then(() => render());
}

/** "Learn from your mistakes": the player's mistakes of the review, one after the other. */
export function startRetry(): void {
  const plies = reviewPanel.mistakesOf(state.human);
  if (plies.length === 0 || state.analysis || state.retry || state.thinking || state.reviewing) return;
  board.hint(null);
  state.retry = newRetry(state.game, plies);
  void showRetry();
}

async function showRetry(): Promise<void> {
  const { retry } = state;
  if (!retry) return;
  retryText(promptText(retry, startState()));
  state.viewPly = retry.plies[retry.index]!.ply - 1;
  await render();
}

/** Judge a retried move with the review itself (a one-move review from the same position). */
export async function retryMove(move: BoardMove | string): Promise<void> {
  const r = state.retry;
  if (!r || !retryMayMove()) return;
  const probe = r.position.clone();
  let tried: MoveInfo;
  try {
    tried = probe.move(move);
  } catch (e) {
    probe.free();
    say(messageOf(e), true);
    await render();
    return;
  }
  r.after = { fen: probe.fen(), move: tried };
  probe.free();
  r.judging = true;
  say('');
  retryText(`${tried.san}: checking…`);
  await render();
  let verdict: PlyReview | undefined;
  try {
    verdict = (await ai.review({ fen: r.position.fen(), moves: [tried.uci] }, { bookPlies: 0 })).plies[0];
  } catch (e) {
    say(`The engine could not judge it: ${messageOf(e)}`, true);
  }
  if (state.retry !== r) return;
  r.judging = false;
  const [text, tone] = judge(r, tried, verdict);
  retryText(text, tone);
  await render();
}

/** Show the answer to the mistake being retried. */
export function retryAnswer(): void {
  const r = state.retry;
  if (!r || r.judging) return;
  retryText(showAnswer(r));
  void render();
}

/** On to the next mistake, or the end of the run after the last. */
export async function retryNext(): Promise<void> {
  const r = state.retry;
  if (!r || r.judging) return;
  if (!advance(r, state.game)) {
    state.retry = null;
    state.viewPly = null;
    say('That was every mistake of the review.');
    await render();
    return;
  }
  await showRetry();
}

export function exitRetry(): void {
  const { retry } = state;
  if (!retry || retry.judging) return;
  retry.position.free();
  state.retry = null;
  state.viewPly = null;
  board.hint(null);
  void render();
}

/** Leave analysis and "learn from your mistakes" (a new game, another game). */
export async function leaveModes(): Promise<void> {
  if (state.analysis) {
    const closing = state.analysis;
    state.analysis = null;
    await closing.close();
  }
  if (state.retry) {
    if (state.retry.judging) ai.stop();
    state.retry.position.free();
    state.retry = null;
  }
}
