/**
 * The clocks of the game on the board (`state.clocks`): pressed after each move (the time left
 * goes into the PGN), run for the side to move while the game is played, drawn, and a saved
 * game's times when it comes back. A flag that falls is lifecycle.ts's (`flagFell`).
 */
import type { Color } from 'chess-wasm';
import { pgnClock } from './clock.js';
import { board } from './parts.js';
import type { SavedClock } from './storage.js';
import { state } from './state.js';
import { drawClockFaces, ui } from './ui.js';

/**
 * `color` has moved: its clock stops and gains the increment, and the move keeps the time left in
 * its comment as lichess writes it (`[%clk 0:04:58]`), for the PGN.
 */
export function pressClock(color: Color): void {
  const { clocks, game } = state;
  if (!clocks) return;
  clocks.press(color);
  game.annotate(game.history().length, { comment: `[%clk ${pgnClock(clocks.timeLeft(color))}]` });
}

/**
 * A saved game's clocks as they are now: the clock that was running when the page left ran on
 * while it was away (a game left for longer than its time is lost on time when it comes back).
 */
export function timeLeftOnReturn(saved: SavedClock): Record<Color, number> {
  const left = { ...saved.left };
  if (saved.running && saved.savedAt !== undefined) {
    left[saved.running] = Math.max(0, left[saved.running] - Math.max(0, Date.now() - saved.savedAt));
  }
  return left;
}

/** Run the clock of the side to move while the game is played; pause it otherwise. */
export function syncClocks(): void {
  const { clocks, game, analysis, retry, reviewing } = state;
  if (!clocks) {
    ui.clocks.hidden = true;
    return;
  }
  const position = game.state();
  if (position.isFinished || analysis || retry || reviewing) clocks.pause();
  else clocks.start(position.turn);
  drawClocks();
}

/** The clock faces as the clocks are now (each tick of a running clock too). */
export function drawClocks(): void {
  if (state.clocks) drawClockFaces(state.clocks, board.bottom, state.human);
}
