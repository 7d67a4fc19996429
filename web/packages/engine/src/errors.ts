/** Errors the package throws: every bad input becomes one of these, with a message and a code. */
import type { RejectionReason } from './types.js';

/**
 * What went wrong, for a program to tell errors apart without reading the message (which is for
 * a person and may be reworded). Stable: a code is never renamed, and new codes may be added.
 *
 * - `INVALID_FEN`: a FEN that cannot be read or is no legal position (a side without its king...).
 * - `INVALID_PGN`: a PGN that cannot be read, or a move in it that is not legal.
 * - `ILLEGAL_MOVE`: a move that was read but is not legal here (an {@link IllegalMoveError}).
 * - `INVALID_MOVE`: move text that cannot be read as SAN or UCI (an {@link IllegalMoveError},
 *   reason `unreadable`), or a move that is neither a string nor `{ from, to }`.
 * - `GAME_OVER`: a move (an {@link IllegalMoveError}, reason `game-over`), a resignation, a draw
 *   offer, a flag or a search on a game that is over.
 * - `INVALID_SQUARE`: a square that is not one (`z9`).
 * - `INVALID_OPTION`: options, limits, review options, PGN tags or annotations that cannot be
 *   read or are out of range (`hashMb: NaN`, `level: 9`, a tag named `Result`, ply 40 of a
 *   30-ply game).
 * - `INVALID_ARGUMENT`: an argument of the wrong kind (not a string, not a `ChessGame`, a colour
 *   other than `white`/`black`, a stop flag that is not an `Int32Array`, a net source that is
 *   none).
 * - `INVALID_REVIEW`: a review given to `pgn()` that is not one, or not of this game.
 * - `INVALID_NET`: bytes that are not a net file, or more than one can be (256 MiB).
 * - `INVALID_DATA`: bytes given as one of the engine's data files (a net, the book, the opening
 *   names: data.ts) that are not that file.
 * - `NET_UNAVAILABLE`: a net file that cannot be had (a download that fails, a file that cannot
 *   be read or is no regular file).
 * - `BUSY`: the object is searching (a call from `onProgress`, a second `WorkerAi.think`).
 * - `FREED`: a `ChessGame` or `Ai` used after `free()`.
 * - `STOPPED`: a `WorkerAi` call ended by `stop()` or `terminate()`.
 * - `WORKER_FAILED`: the `WorkerAi`'s worker could not start or failed.
 * - `NOT_LOADED`: a call in a page before `await init()` (the wasm module is not loaded yet), or
 *   before `await preload()` (an `Ai`, `review()`, `opening()` on a page's main thread: the
 *   engine's data files are not loaded yet).
 * - `LOAD_FAILED`: the wasm module could not be loaded (its file is missing, HTTP 404, or is not
 *   the module); the message names the file and the fix.
 * - `INTERNAL`: what the package did not expect (a bug: please report it), and the code of a
 *   `ChessError` made without one.
 */
export type ChessErrorCode =
  | 'INVALID_FEN'
  | 'INVALID_PGN'
  | 'ILLEGAL_MOVE'
  | 'INVALID_MOVE'
  | 'GAME_OVER'
  | 'INVALID_SQUARE'
  | 'INVALID_OPTION'
  | 'INVALID_ARGUMENT'
  | 'INVALID_REVIEW'
  | 'INVALID_NET'
  | 'INVALID_DATA'
  | 'NET_UNAVAILABLE'
  | 'BUSY'
  | 'FREED'
  | 'STOPPED'
  | 'WORKER_FAILED'
  | 'NOT_LOADED'
  | 'LOAD_FAILED'
  | 'INTERNAL';

const CODES: ReadonlySet<string> = new Set<ChessErrorCode>([
  'INVALID_FEN', 'INVALID_PGN', 'ILLEGAL_MOVE', 'INVALID_MOVE', 'GAME_OVER', 'INVALID_SQUARE', 'INVALID_OPTION',
  'INVALID_ARGUMENT', 'INVALID_REVIEW', 'INVALID_NET', 'INVALID_DATA', 'NET_UNAVAILABLE', 'BUSY', 'FREED', 'STOPPED', 'WORKER_FAILED',
  'NOT_LOADED', 'LOAD_FAILED', 'INTERNAL',
]);

/** A bad FEN, PGN, square, option or other input, or a call the object cannot take now: `code` says which. */
export class ChessError extends Error {
  /** What went wrong, for a program: {@link ChessErrorCode}. */
  readonly code: ChessErrorCode;
  constructor(message: string, code: ChessErrorCode = 'INTERNAL') {
    super(message);
    this.name = 'ChessError';
    this.code = code;
  }
}

/**
 * A move that cannot be read or is not legal in the position; `reason` says which, and `code`
 * is `INVALID_MOVE` for move text that cannot be read (`unreadable`), `GAME_OVER` when the game is
 * over (`game-over`), `ILLEGAL_MOVE` for every other reason.
 */
export class IllegalMoveError extends ChessError {
  readonly reason: RejectionReason;
  constructor(message: string, reason: RejectionReason) {
    super(message, reason === 'unreadable' ? 'INVALID_MOVE' : reason === 'game-over' ? 'GAME_OVER' : 'ILLEGAL_MOVE');
    this.name = 'IllegalMoveError';
    this.reason = reason;
  }
}

/** The code of something thrown: a {@link ChessError}'s, else `INTERNAL`. */
export function codeOf(e: unknown): ChessErrorCode {
  return e instanceof ChessError ? e.code : 'INTERNAL';
}

/** The message of something thrown: an `Error`'s message, anything else as a string. */
export function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/**
 * The code the wasm module gave an error it threw (its `code`, chess-wasm's `Error::code`), else
 * `INTERNAL` (a trap such as `unreachable`).
 */
function wasmCode(e: unknown): ChessErrorCode {
  const code = e !== null && typeof e === 'object' ? (e as { code?: unknown }).code : undefined;
  return typeof code === 'string' && CODES.has(code) ? (code as ChessErrorCode) : 'INTERNAL';
}

/**
 * Run `f`, turning an error thrown by the wasm module into a {@link ChessError} with its code: an
 * {@link IllegalMoveError} when the module gave the reason a typed move is refused (`reason`).
 */
export function rethrow<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof ChessError) throw e;
    const reason = e !== null && typeof e === 'object' ? (e as { reason?: unknown }).reason : undefined;
    if (typeof reason === 'string') throw new IllegalMoveError(messageOf(e), reason as RejectionReason);
    throw new ChessError(messageOf(e), wasmCode(e));
  }
}

/** Check that `value` is a string, for callers without types: a {@link ChessError} with `code` if not. */
export function requireString(value: unknown, what: string, code: ChessErrorCode = 'INVALID_ARGUMENT'): string {
  if (typeof value !== 'string') {
    throw new ChessError(`${what} must be a string, got ${value === null ? 'null' : typeof value}`, code);
  }
  return value;
}

/**
 * `onProgress` made safe to call from inside a search: an error it throws never ends the search
 * (nor, from a worker's message, the process); the first one of each search is reported once
 * with `console.error`, later ones are dropped.
 */
export function guardProgress<P>(onProgress: ((progress: P) => void) | undefined): ((progress: P) => void) | undefined {
  if (!onProgress) return undefined;
  let reported = false;
  return (progress: P) => {
    try {
      onProgress(progress);
    } catch (e) {
      if (reported) return;
      reported = true;
      console.error('chess-wasm: the onProgress callback threw (the search goes on; later errors of this search are not reported):', e);
    }
  };
}
