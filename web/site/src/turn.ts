/**
 * The moves of the game: the player's (from the board or the move box), the engine's turn
 * (thought in the worker while the page stays live, its score for the bar and the thinking line),
 * and premoves, made while the engine thinks and played after its reply if still legal.
 */
import type { Analysis, Progress } from 'chess-wasm';
import { applyLevel } from './engine.js';
import { formatScore, messageOf } from './format.js';
import { pressClock } from './game-clock.js';
import { ai, board, reviewPanel } from './parts.js';
import { render, showEnd } from './render.js';
import { sounds } from './services.js';
import { thinkTimeMs } from './settings.js';
import { type BoardMove, humanMayMove, state } from './state.js';
import { say, showGauge, ui } from './ui.js';

/** The player's move in the game (a drop on the board or a typed move); then the engine's turn. */
export function playHuman(move: BoardMove | string): void {
  if (!humanMayMove()) {
    void render();
    return;
  }
  try {
    sounds.playMove(state.game.move(move));
    pressClock(state.human);
    say('');
  } catch (e) {
    say(messageOf(e), true);
    void render();
    return;
  }
  board.hint(null);
  void render().then(() => (state.game.state().isFinished ? showEnd() : engineMove()));
}

/** The engine's move, thought in the worker while the page stays live. */
export async function engineMove(): Promise<void> {
  const position = state.game.state();
  if (state.analysis || state.retry || position.isFinished || position.turn === state.human || state.thinking) return;
  state.thinking = true;
  ui.thinking.hidden = false;
  ui.thinkPv.textContent = '';
  await render();
  await applyLevel();
  const full = ui.level.value === 'full';
  const thought = state.game;
  const ply = thought.history().length;
  let answer: Analysis | null = null;
  try {
    const engine = position.turn;
    const clocks = state.clocks;
    answer = await ai.think(thought, {
      // A timed game: the engine manages its own clock; else a level's budget or the thinking time.
      ...(clocks
        ? { clock: { timeMs: Math.max(1, Math.round(clocks.timeLeft(engine))), incrementMs: clocks.control.incrementMs } }
        : full
          ? { moveTimeMs: thinkTimeMs() }
          : {}),
      onProgress: (p) => p.multipv === 1 && showEval(p, ply),
    });
  } catch (e) {
    say(`The engine failed: ${messageOf(e)}`, true);
  }
  state.thinking = false;
  ui.thinking.hidden = true;
  const game = state.game;
  if (answer && thought === game && game.state().turn !== state.human && !game.state().isFinished) {
    const played = game.move(answer.best.uci);
    pressClock(position.turn);
    sounds.playMove(played);
    if (full && !answer.fromBook && answer.best.score) {
      state.lastEval = { ply: ply + 1, score: answer.best.whiteScore };
    }
    ui.announce.textContent = `The engine played ${played.san}.`;
    if (!game.state().isFinished && playPremove()) {
      await render();
      if (state.game.state().isFinished) showEnd();
      else void engineMove();
      return;
    }
    await render();
    if (state.game.state().isFinished) showEnd();
    else if (state.typedLast) ui.moveText.focus();
    return;
  }
  await render();
}

/** The engine's progress on its move: the thinking line, and the bar's score at full strength. */
function showEval(progress: Progress, ply: number): void {
  const score = progress.whiteScore;
  // A level's own score is handicapped (and may be far off): only full strength feeds the bar.
  if (ui.level.value === 'full') {
    state.lastEval = { ply, score };
    if (state.viewPly === null && !reviewPanel.current) showGauge(score);
  }
  ui.thinkDepth.textContent = `depth ${progress.depth}`;
  ui.thinkScore.textContent = formatScore(score);
  ui.thinkPv.textContent = progress.pvSan.slice(0, 8).join(' ');
}

/** The player moved while the engine thinks: the move waits for its reply. */
export function setPremove(move: BoardMove): void {
  state.premove = move;
  say(`Premove ${move.from}–${move.to}: played after the engine's move if it is still legal (Escape cancels).`);
  void render();
}

export function cancelPremove(): void {
  state.premove = null;
  say('Premove cancelled.');
  void render();
}

/** After the engine's move: the premove, if one waits and is legal now. */
function playPremove(): boolean {
  const move = state.premove;
  state.premove = null;
  if (!move) return false;
  const why = state.game.explain(`${move.from}${move.to}${move.promotion ?? ''}`);
  if (!why.legal) {
    say(`Premove ${move.from}–${move.to} cancelled: ${why.message}.`, true);
    return false;
  }
  sounds.playMove(state.game.move(move));
  pressClock(state.human);
  say('');
  return true;
}
