/** The messages between {@link WorkerAi} and the worker script (structured-clone data only). */
import type { AiOptions, Analysis, Progress, ThinkOptions } from './types.js';

/** A game as the worker rebuilds it: the start position and the moves (so repetitions count). */
export interface GameRecord {
  fen: string;
  moves: string[];
}

export type Request =
  | { type: 'init'; options: AiOptions; stop: SharedArrayBuffer | null }
  | { type: 'think'; id: number; game: GameRecord; limits: Omit<ThinkOptions, 'onProgress'> }
  | { type: 'options'; id: number; options: AiOptions }
  | { type: 'newGame'; id: number };

export type Response =
  | { type: 'ready' }
  | { type: 'progress'; id: number; progress: Progress }
  | { type: 'done'; id: number; analysis: Analysis }
  | { type: 'ok'; id: number }
  | { type: 'error'; id: number; message: string };
