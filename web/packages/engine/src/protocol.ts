/** The messages between {@link WorkerAi} and the worker script (structured-clone data only). */
import type { DataFile } from './data.js';
import type { ChessErrorCode } from './errors.js';
import type { NetInfo } from './net.js';
import type { AiOptions, Analysis, GameReview, Progress, ReviewOptions, ThinkOptions } from './types.js';

/** A game as the worker rebuilds it: the start position and the moves (so repetitions count). */
export interface GameRecord {
  fen: string;
  moves: string[];
}

export type Request =
  /**
   * `net`: the bytes of a net loaded before (a restarted worker loads it again), or `null`;
   * `module`: the wasm module the client's thread compiled (the worker instantiates it instead of
   * loading the file again), or `null`; `data`: the engine's data files (data.ts), fetched by the
   * client's thread.
   */
  | {
      type: 'init';
      options: AiOptions;
      stop: SharedArrayBuffer | null;
      net: Uint8Array | null;
      module: WebAssembly.Module | null;
      data: Array<[DataFile, Uint8Array]>;
    }
  | { type: 'think'; id: number; game: GameRecord; limits: Omit<ThinkOptions, 'onProgress'> }
  /**
   * `data`: the files a review needs besides the engine's (the opening names); `module`: the
   * review module (load-review.ts) the client's thread compiled, which the worker instantiates.
   */
  | {
      type: 'review';
      id: number;
      game: GameRecord;
      options: Omit<ReviewOptions, 'onProgress'>;
      data: Array<[DataFile, Uint8Array]>;
      module: WebAssembly.Module;
    }
  | { type: 'options'; id: number; options: AiOptions }
  | { type: 'newGame'; id: number }
  /** Load this net file (`null`: go back to the compiled-in net). */
  | { type: 'net'; id: number; bytes: Uint8Array | null };

export type Response =
  /** The worker script is loaded: it waits for its `init`. */
  | { type: 'loaded' }
  /** The `init` made the engine: requests may follow. */
  | { type: 'ready' }
  | { type: 'progress'; id: number; progress: Progress }
  | { type: 'done'; id: number; analysis: Analysis }
  | { type: 'reviewProgress'; id: number; done: number; total: number }
  | { type: 'reviewed'; id: number; review: GameReview }
  | { type: 'ok'; id: number }
  | { type: 'net'; id: number; net: NetInfo }
  /** `code`: the thrown {@link ChessError}'s, `INTERNAL` for anything else. */
  | { type: 'error'; id: number; message: string; code: ChessErrorCode };
