/**
 * The page's actions that the parts drawn low down call back into: a move made on the board, a
 * ply picked in the move list or the review's graph, a kept game opened from the list, a redraw
 * when the promotion chooser is closed. The modules that do these sit above the ones that draw the
 * parts (they import them), so main.ts connects them here once at start: no module imports one
 * that imports it.
 */
import type { GameSummary } from './storage.js';
import type { BoardMove } from './state.js';

export interface Actions {
  /** Draw everything from the state (render.ts). */
  render(): Promise<void>;
  /** Show the position after ply `ply`, or the current one for null (navigation.ts). */
  view(ply: number | null): void;
  /** The player made a move on the board: in the game, as a premove, on the analysis board or retried (input.ts). */
  boardMove(move: BoardMove): void;
  /** Put a kept game on the board (lifecycle.ts). */
  openGame(summary: GameSummary): Promise<void>;
  /** Show a variation's move, at `path`, on the analysis board (modes.ts). */
  viewVariation(path: readonly number[]): Promise<void>;
}

const notConnected = (): never => {
  throw new Error('The page is not wired yet (main.ts connects the actions)');
};

/** The actions, once main.ts has connected them. */
export const actions: Actions = { render: notConnected, view: notConnected, boardMove: notConnected, openGame: notConnected, viewVariation: notConnected };

/** Connect every action (main.ts, before the page is drawn). */
export function connect(connected: Actions): void {
  Object.assign(actions, connected);
}
