/** The messages between {@link WorkerAi} and the worker script (structured-clone data only). */
import type { AiOptions, Analysis, GameReview, Progress, ReviewOptions, ThinkOptions } from './types.js';

/** A game as the worker rebuilds it: the start position and the moves (so repetitions count). */
export interface GameRecord {
  fen: string;
  moves: string[];
}

export type Request =
  | { type: 'init'; options: AiOptions; stop: SharedArrayBuffer | null }
  | { type: 'think'; id: number; game: GameRecord; limits: Omit<ThinkOptions, 'onProgress'> }
  | { type: 'review'; id: number; game: GameRecord; options: Omit<ReviewOptions, 'onProgress'> }
  | { type: 'options'; id: number; options: AiOptions }
  | { type: 'newGame'; id: number };

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
  | { type: 'error'; id: number; message: string };
