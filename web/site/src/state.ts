/**
 * The page's state: everything about the page that changes, in one typed object (`state`), and
 * what follows from it (who may move now, which position moves are made in, the ply shown). The
 * modules around it read and write `state`; `render()` (render.ts) draws the page from it.
 */
// First the WebAssembly (services.ts loads it): the game below is a ChessGame.
import './services.js';
import { ChessGame, type Color, type HistoryItem, type MoveInfo, type PromotionPiece, type Score } from 'chess-wasm';
import type { AnalysisBoard } from './analysis.js';
import type { Clocks } from './clock.js';
import type { PositionEditor } from './editor.js';
import type { Retry } from './retry.js';
import { newGameId } from './storage.js';

/** A move made on the board: from a square to a square, and the piece a pawn promotes to. */
export interface BoardMove {
  from: string;
  to: string;
  promotion?: PromotionPiece;
}

export interface PageState {
  /** The game on the board: its moves, position, result and PGN tags (the rules' object, freed when replaced). */
  game: ChessGame;
  /** The game's identity in the browser's storage (its Web Lock is held under it too). */
  gameId: string;
  /** When the game started (ms since the epoch): its PGN date, its line in "Your games". */
  started: number;
  /** The side the player plays; the engine plays the other. */
  human: Color;
  /** The game came from a PGN: its own tags (players, event) are kept in the export. */
  imported: boolean;
  /** The level value the engine plays with now ('' after the analysis board, which searched at full strength). */
  appliedLevel: string;
  /** The level value this game is played at (what a saved game records; the select may differ). */
  gameLevel: string;
  /** The names of the levels the engine played this game, in order (the PGN's engine name). */
  levelsPlayed: string[];
  /** Resign was clicked once: a second click before this timer fires resigns. */
  resignArmed: ReturnType<typeof setTimeout> | null;
  /** The ply shown while stepping through the moves, or null for the current position. */
  viewPly: number | null;
  /** The engine is busy for the game: its move, a hint, or the answer to a draw offer. */
  thinking: boolean;
  /** A review is running in the worker. */
  reviewing: boolean;
  /** The moves (UCI) of the game the review shown belongs to: another game clears it. */
  reviewedMoves: string;
  /** The last full-strength score and the ply it belongs to: the only score the bar shows in play. */
  lastEval: { ply: number; score: Score } | null;
  /** The games other tabs of the page have on their boards (the list offers neither Open nor Delete for them). */
  heldElsewhere: ReadonlySet<string>;
  /** The analysis board, while it is open. */
  analysis: AnalysisBoard | null;
  /** "Learn from your mistakes", while it runs. */
  retry: Retry | null;
  /** The clocks of a timed game (null: no clock). */
  clocks: Clocks | null;
  /** A move the player made while the engine thought, played after its reply if still legal. */
  premove: BoardMove | null;
  /**
   * The stronger full-strength net (the package's `NET_URL`), loaded into the worker on the first
   * full-strength use (the full level, a hint, a draw offer, the review, the analysis board), so
   * that players of levels 1-5 never download it; until then, and if it cannot be had, the engine
   * searches on the net compiled into the module. `null`: not asked for yet, or it failed.
   */
  strongNet: Promise<void> | null;
  /** The player's last move was typed: the move box gets the focus back after the reply. */
  typedLast: boolean;
  /** Another tab changed the kept games: the list is drawn again when this timer fires (changes come in bursts). */
  storageChanged: ReturnType<typeof setTimeout> | undefined;
  /** The opening names are loaded: the opening's name is shown. */
  openingNames: boolean;
  /** The board editor, while a position is set up by hand (it takes the board over). */
  editor: PositionEditor | null;
  /** The games of the last PGN loaded that held several, listed to choose from (freed when another PGN is loaded). */
  pgnGames: ChessGame[];
}

/** The page's state; a new game on a new page until a kept one is resumed. */
export const state: PageState = {
  game: new ChessGame(),
  gameId: newGameId(),
  started: Date.now(),
  human: 'white',
  imported: false,
  appliedLevel: '',
  gameLevel: '',
  levelsPlayed: [],
  resignArmed: null,
  viewPly: null,
  thinking: false,
  reviewing: false,
  reviewedMoves: '',
  lastEval: null,
  heldElsewhere: new Set(),
  analysis: null,
  retry: null,
  clocks: null,
  premove: null,
  strongNet: null,
  typedLast: false,
  storageChanged: undefined,
  openingNames: false,
  pgnGames: [],
  editor: null,
};

/** The player may move in the game now: their turn, the current position shown, no mode open, the engine idle. */
export function humanMayMove(): boolean {
  const { analysis, retry, thinking, reviewing, viewPly, game, human, editor } = state;
  return !editor && !analysis && !retry && !thinking && !reviewing && viewPly === null && !game.state().isFinished && game.state().turn === human;
}

/** The engine is thinking on its move in the game: the player may premove. */
export function premoveAllowed(): boolean {
  const { analysis, retry, thinking, reviewing, viewPly, game, human } = state;
  const position = game.state();
  return thinking && !reviewing && !analysis && !retry && viewPly === null && !position.isFinished && position.turn !== human;
}

/** The player's moves from `square` as if it were their turn now (a premove's candidates). */
export function premoveMoves(square: string): MoveInfo[] {
  const fields = state.game.fen().split(' ');
  fields[1] = state.human === 'white' ? 'w' : 'b';
  fields[3] = '-';
  let position: ChessGame | null = null;
  try {
    position = new ChessGame(fields.join(' '));
    return position.moves(square);
  } catch {
    return []; // the engine is in check: no position with the turn passed
  } finally {
    position?.free();
  }
}

/** A move may be tried in "learn from your mistakes": one is running, not judging a move, not solved. */
export function retryMayMove(): boolean {
  return state.retry !== null && !state.retry.judging && !state.retry.solved;
}

/** The position moves are made in: the analysis board's, the retried one, or the game's. */
export function activeGame(): ChessGame {
  return state.analysis?.game ?? state.retry?.position ?? state.game;
}

/** The ply the board shows: on the analysis board, the game's ply it opened on plus the line's moves. */
export function shownPly(): number {
  const { analysis, viewPly, game } = state;
  return analysis ? analysis.from + analysis.game.history().length : (viewPly ?? game.history().length);
}

/**
 * The FEN of the game's position after `ply` plies (0: its start; past its end: the current
 * one); `history`: the game's, when the caller has it already.
 */
export function gameFenAt(ply: number, history: HistoryItem[] = state.game.history()): string {
  const { game } = state;
  return ply === 0 ? game.startFen() : (history[ply - 1]?.fen ?? game.fen());
}

/** The game's moves in UCI, to tell whether a review still belongs to it. */
export function movesKey(): string {
  return state.game.history().map((m) => m.uci).join(' ');
}
