/** {@link WorkerAi}: the AI in a worker, so that a page never freezes while it thinks. */
import { ChessError } from './errors.js';
import { ChessGame } from './game.js';
import type { GameRecord, Request, Response } from './protocol.js';
import type { AiOptions, Analysis, Progress, ThinkOptions } from './types.js';

interface WorkerHandle {
  post(message: Request): void;
  terminate(): void;
  /** Node: whether the worker keeps the process alive (only while a call is waiting for it). */
  hold(busy: boolean): void;
}

const isNode = typeof process !== 'undefined' && typeof process.versions?.node === 'string' &&
  typeof (globalThis as { window?: unknown }).window === 'undefined';

/** Whether a shared stop flag can be used: Node, or a cross-origin-isolated page. */
function canShareMemory(): boolean {
  if (typeof SharedArrayBuffer === 'undefined') return false;
  return isNode || (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated === true;
}

async function spawn(onMessage: (m: Response) => void, onFailure: (message: string) => void): Promise<WorkerHandle> {
  if (isNode) {
    const threads = 'node:worker_threads';
    const { Worker } = (await import(/* @vite-ignore */ threads)) as typeof import('node:worker_threads');
    const worker = new Worker(new URL('./worker.js', import.meta.url));
    worker.on('message', onMessage);
    worker.on('error', (e: Error) => onFailure(e.message));
    return {
      post: (m) => worker.postMessage(m),
      terminate: () => void worker.terminate(),
      hold: (busy) => (busy ? worker.ref() : worker.unref()),
    };
  }
  const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  worker.onmessage = (e: MessageEvent) => onMessage(e.data as Response);
  worker.onerror = (e: ErrorEvent) => onFailure(e.message || 'the engine worker failed to start');
  return { post: (m) => worker.postMessage(m), terminate: () => worker.terminate(), hold: () => {} };
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  onProgress?: (p: Progress) => void;
  last?: Progress;
  thinking: boolean;
}

/** An answer built from the last progress report (when a search had to be cut off). */
function fromProgress(p: Progress): Analysis {
  const best = { uci: p.pv[0] ?? '', san: p.pvSan[0] ?? '', score: p.score, bound: p.bound, pv: p.pv, pvSan: p.pvSan };
  return {
    best,
    ponder: p.pv[1] ?? null,
    fromBook: false,
    depth: p.depth,
    seldepth: p.seldepth,
    nodes: p.nodes,
    timeMs: p.timeMs,
    lines: [best],
  };
}

/**
 * The AI in a Web Worker (browsers) or a worker thread (Node). Every call returns a promise; the
 * thread that calls it never blocks.
 *
 * ```ts
 * const ai = await WorkerAi.create({ level: 5 });
 * const answer = await ai.think(game, { onProgress: (p) => console.log(p.depth, p.pvSan) });
 * ai.stop();   // from a button: the search returns its best move so far
 * ```
 */
export class WorkerAi {
  private worker: WorkerHandle | null = null;
  private ready: Promise<void> | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  /** Searches asked for and not answered yet (counted from the call, before the worker hears). */
  private searches = 0;
  private options: AiOptions;
  private readonly flag: Int32Array | null;

  private constructor(options: AiOptions) {
    this.options = options;
    this.flag = canShareMemory() ? new Int32Array(new SharedArrayBuffer(4)) : null;
  }

  /** Start a worker with these options. */
  static async create(options: AiOptions = {}): Promise<WorkerAi> {
    const ai = new WorkerAi(options);
    await ai.start();
    return ai;
  }

  /** Whether a search is running. */
  get busy(): boolean {
    return this.searches > 0;
  }

  private start(): Promise<void> {
    if (this.ready) return this.ready;
    this.ready = new Promise<void>((resolve, reject) => {
      let started = false;
      const onMessage = (m: Response) => {
        if (m.type === 'ready') {
          if (!started) {
            started = true;
            this.worker?.post({ type: 'init', options: this.options, stop: (this.flag?.buffer as SharedArrayBuffer) ?? null });
          } else {
            this.hold();
            resolve();
          }
          return;
        }
        if (m.type === 'error' && m.id === -1) {
          reject(new ChessError(m.message));
          return;
        }
        this.receive(m);
      };
      spawn(onMessage, (message) => {
        const error = new ChessError(`the engine worker failed: ${message}`);
        reject(error);
        for (const p of this.pending.values()) p.reject(error);
        this.pending.clear();
        this.worker = null;
        this.ready = null;
      }).then((w) => {
        this.worker = w;
      }, reject);
    });
    return this.ready;
  }

  /** Keep a Node process alive exactly while a call waits for the worker. */
  private hold(): void {
    this.worker?.hold(this.pending.size > 0);
  }

  private receive(m: Exclude<Response, { type: 'ready' }>): void {
    const p = this.pending.get(m.id);
    if (!p) return;
    if (m.type === 'progress') {
      if (m.progress.multipv === 1) p.last = m.progress;
      p.onProgress?.(m.progress);
      return;
    }
    this.pending.delete(m.id);
    this.hold();
    if (m.type === 'error') p.reject(new ChessError(m.message));
    else p.resolve(m.type === 'done' ? m.analysis : undefined);
  }

  private async request<T>(make: (id: number) => Request, extra: Partial<Pending> = {}): Promise<T> {
    await this.start();
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, thinking: false, ...extra });
      this.hold();
      this.worker?.post(make(id));
    });
  }

  /**
   * Think about `game` (a {@link ChessGame}, or a start FEN and UCI moves): the answer when the
   * limits, the options' or the level's end the search, or when {@link stop} is called.
   */
  think(game: ChessGame | { fen: string; moves?: string[] }, options: ThinkOptions = {}): Promise<Analysis> {
    if (this.busy) return Promise.reject(new ChessError('the AI is already thinking: stop it or wait for its answer'));
    const record: GameRecord =
      game instanceof ChessGame
        ? { fen: game.startFen(), moves: game.history().map((m) => m.uci) }
        : { fen: game.fen, moves: game.moves ?? [] };
    const { onProgress, ...limits } = options;
    this.searches++;
    return this.request<Analysis>((id) => ({ type: 'think', id, game: record, limits }), { onProgress, thinking: true })
      .finally(() => this.searches--);
  }

  /**
   * Stop the search now. With shared memory the search itself stops and answers with its best
   * move; without it, the worker is ended (and restarted for the next call) and the answer is the
   * best line reported so far (a {@link ChessError} when there was none yet).
   */
  stop(): void {
    if (this.flag) {
      Atomics.store(this.flag, 0, 1);
      return;
    }
    const thinking = [...this.pending.entries()].filter(([, p]) => p.thinking);
    if (thinking.length === 0) return;
    this.worker?.terminate();
    this.worker = null;
    this.ready = null;
    for (const [id, p] of thinking) {
      this.pending.delete(id);
      if (p.last) p.resolve(fromProgress(p.last));
      else p.reject(new ChessError('stopped before the first result'));
    }
    for (const p of this.pending.values()) p.reject(new ChessError('stopped'));
    this.pending.clear();
  }

  /** Change the options (for the next search). */
  async setOptions(options: AiOptions): Promise<void> {
    await this.request<void>((id) => ({ type: 'options', id, options }));
    this.options = options;
  }

  /** Forget what earlier searches learned. */
  async newGame(): Promise<void> {
    await this.request<void>((id) => ({ type: 'newGame', id }));
  }

  /** End the worker. */
  terminate(): void {
    this.worker?.terminate();
    this.worker = null;
    this.ready = null;
    for (const p of this.pending.values()) p.reject(new ChessError('the AI was terminated'));
    this.pending.clear();
  }
}
