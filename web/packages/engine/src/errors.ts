/** Errors the package throws: every bad input becomes one of these, with a message. */
import type { RejectionReason } from './types.js';

/** A bad FEN, PGN, square, option or other input. */
export class ChessError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChessError';
  }
}

/** A move that cannot be read or is not legal in the position; `reason` says which. */
export class IllegalMoveError extends ChessError {
  readonly reason: RejectionReason;
  constructor(message: string, reason: RejectionReason) {
    super(message);
    this.name = 'IllegalMoveError';
    this.reason = reason;
  }
}

/** The message of something thrown: an `Error`'s message, anything else as a string. */
export function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** Run `f`, turning an error thrown by the wasm module into a {@link ChessError}. */
export function rethrow<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof ChessError) throw e;
    throw new ChessError(messageOf(e));
  }
}

/** Check that `value` is a string, for callers without types. */
export function requireString(value: unknown, what: string): string {
  if (typeof value !== 'string') {
    throw new ChessError(`${what} must be a string, got ${value === null ? 'null' : typeof value}`);
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
