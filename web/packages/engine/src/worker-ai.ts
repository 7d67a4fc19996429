/** {@link WorkerAi}: the AI in a worker, so that a page never freezes while it thinks. */
import { optionsJson } from './ai.js';
import { ChessError, guardProgress } from './errors.js';
import { ChessGame } from './game.js';
import { ChessGameBase } from './game-base.js';
import { asyncDisposeSymbol, disposeSymbol, freeWhenCollected } from './lifetime.js';
import { dataBytes } from './data.js';
import { compiledModule } from './load.js';
import { compileReview } from './load-review.js';
import { netBytes, type NetInfo, type NetSource } from './net.js';
import { nodeProcess } from './node.js';
import type { GameRecord, Request, Response } from './protocol.js';
import type { AiOptions, Analysis, GameReview, Progress, ReviewOptions, ThinkOptions } from './types.js';

interface WorkerHandle {
  post(message: Request): void;
  terminate(): void;
  /** Node: whether the worker keeps the process alive (only while a call is waiting for it). */
  hold(busy: boolean): void;
}

/** Node, and not a page that has a `process` (Electron's renderer, a test's DOM). */
const isNode = nodeProcess() !== null && typeof (globalThis as { window?: unknown }).window === 'undefined';

/** Whether a shared stop flag can be used: Node, or a cross-origin-isolated page. */
function canShareMemory(): boolean {
  if (typeof SharedArrayBuffer === 'undefined') return false;
  return isNode || (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated === true;
}

async function spawn(onMessage: (m: Response) => void, onFailure: (message: string) => void): Promise<WorkerHandle> {
  if (isNode) {
    // Neither the module nor the file is named where a bundler would pick it up (an import of
    // node:worker_threads, a second `new Worker(new URL(…, import.meta.url))`, which Vite and
    // webpack would bundle again or copy as an asset): a page's bundle never runs this.
    const { Worker } = (nodeProcess() as NodeJS.Process).getBuiltinModule('node:worker_threads');
    const here = import.meta.url;
    const worker = new Worker(new URL('./worker.js', here));
    worker.on('message', onMessage);
    worker.on('error', (e: Error) => onFailure(e.message));
    return {
      post: (m) => worker.postMessage(m),
      terminate: () => void worker.terminate(),
      hold: (busy) => (busy ? worker.ref() : worker.unref()),
    };
  }
  // Written out in full, literally, so that bundlers (Vite, webpack 5, Rollup, Parcel) find the
  // worker, bundle it and rewrite the URL.
  const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  worker.onmessage = (e: MessageEvent) => onMessage(e.data as Response);
  worker.onerror = (e: ErrorEvent) => onFailure(e.message || 'the engine worker failed to start');
  return { post: (m) => worker.postMessage(m), terminate: () => worker.terminate(), hold: () => {} };
}

/**
 * The worker of a {@link WorkerAi}, where its finaliser can reach it without holding the WorkerAi
 * (the worker's listeners hold the WorkerAi only weakly, so that a forgotten one can be
 * collected; its finaliser then ends the worker).
 */
class WorkerBox {
  handle: WorkerHandle | null = null;

  /** End the worker (the finaliser's `free`). */
  free(): void {
    const handle = this.handle;
    this.handle = null;
    handle?.terminate();
  }
}

/**
 * The WorkerAis with a call waiting for its worker: held here until it is answered, so that a
 * WorkerAi nobody else holds still settles the promises it gave out.
 */
const waiting = new Set<WorkerAi>();

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  onProgress?: (p: Progress) => void;
  onReviewProgress?: (p: { done: number; total: number }) => void;
  last?: Progress;
  thinking: boolean;
}

/** An answer built from the last progress report (when a search had to be cut off). */
function fromProgress(p: Progress): Analysis {
  const best = { uci: p.pv[0] ?? '', san: p.pvSan[0] ?? '', score: p.score, whiteScore: p.whiteScore, bound: p.bound, pv: p.pv, pvSan: p.pvSan };
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
 * ai.terminate();  // done with it: the worker (and its wasm memory) ends
 * ```
 *
 * A WorkerAi that is garbage-collected without {@link terminate} ends its worker then (never
 * while a call is waiting for an answer); `using` (`await using`) ends it at the end of a block.
 */
export class WorkerAi {
  /** The worker, ended by the finaliser if this WorkerAi is collected with it running. */
  private readonly box = freeWhenCollected(this, new WorkerBox());
  private ready: Promise<void> | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  /** Searches asked for and not answered yet (counted from the call, before the worker hears). */
  private searches = 0;
  private options: AiOptions;
  /** The net file loaded with {@link loadNet}, sent again to a restarted worker. */
  private net: Uint8Array | null = null;
  private readonly flag: Int32Array | null;
  /** How many times {@link stop} was called: a review that waited for its data meanwhile is stopped before it starts. */
  private stops = 0;

  private constructor(options: AiOptions) {
    this.options = options;
    this.flag = canShareMemory() ? new Int32Array(new SharedArrayBuffer(4)) : null;
  }

  /** Start a worker with these options. */
  static async create(options: AiOptions = {}): Promise<WorkerAi> {
    // What this thread can judge (an object, finite numbers) is refused before a worker starts.
    optionsJson(options);
    const ai = new WorkerAi(options);
    await ai.start();
    return ai;
  }

  private get worker(): WorkerHandle | null {
    return this.box.handle;
  }

  private set worker(handle: WorkerHandle | null) {
    this.box.handle = handle;
  }

  /** Whether a search is running. */
  get busy(): boolean {
    return this.searches > 0;
  }

  /** Start the worker (once; again after {@link stop} or {@link terminate} ended it). */
  private start(): Promise<void> {
    if (this.ready) return this.ready;
    this.ready = WorkerAi.connect(new WeakRef(this), this.box);
    return this.ready;
  }

  /**
   * Spawn a worker for `self` and initialise it; the promise of {@link start}. A static method,
   * and no closure here names `this`: the worker's listeners reach the WorkerAi only through the
   * weak `self`, so that the running worker never keeps a forgotten WorkerAi alive.
   */
  private static connect(self: WeakRef<WorkerAi>, box: WorkerBox): Promise<void> {
    let worker: WorkerHandle | null = null;
    // The WorkerAi, while this start is still its current one (not ended by stop() or terminate()
    // since, nor collected).
    const current = (): WorkerAi | null => {
      const ai = self.deref();
      return ai !== undefined && ai.ready === ready ? ai : null;
    };
    const forget = (): void => {
      const ai = current();
      if (!ai) return;
      worker?.terminate();
      ai.worker = null;
      ai.ready = null;
    };
    // The engine's data files, fetched on this thread while the worker starts (cached: a restarted
    // worker gets them at once).
    const data = dataBytes('engine');
    data.catch(() => {});
    const ready: Promise<void> = new Promise<void>((resolve, reject) => {
      const onMessage = (m: Response) => {
        const ai = current();
        if (!ai) return;
        if (m.type === 'loaded') {
          data.then(
            (files) => {
              const ai = current();
              if (!ai) return;
              worker?.post({
                type: 'init',
                options: ai.options,
                stop: (ai.flag?.buffer as SharedArrayBuffer) ?? null,
                net: ai.net,
                module: compiledModule(),
                data: files,
              });
            },
            (e: unknown) => {
              forget();
              reject(e);
            },
          );
          return;
        }
        if (m.type === 'ready') {
          ai.hold();
          resolve();
          return;
        }
        if (m.type === 'error' && m.id === -1) {
          // The options were refused: no engine, so no worker (which would keep Node alive).
          forget();
          reject(new ChessError(m.message, m.code));
          return;
        }
        ai.receive(m);
      };
      spawn(onMessage, (message) => {
        const ai = current();
        if (!ai) return;
        const error = new ChessError(`the engine worker failed: ${message}`, 'WORKER_FAILED');
        forget();
        reject(error);
        for (const p of ai.pending.values()) p.reject(error);
        ai.pending.clear();
        ai.hold();
      }).then(
        (w) => {
          if (!current()) {
            w.terminate();
            return;
          }
          worker = w;
          box.handle = w;
        },
        (e: unknown) => {
          forget();
          reject(e);
        },
      );
    });
    return ready;
  }

  /**
   * Keep a Node process alive exactly while a call waits for the worker, and this WorkerAi alive
   * (uncollected) as long.
   */
  private hold(): void {
    const busy = this.pending.size > 0;
    if (busy) waiting.add(this);
    else waiting.delete(this);
    this.worker?.hold(busy);
  }

  private receive(m: Exclude<Response, { type: 'loaded' | 'ready' }>): void {
    const p = this.pending.get(m.id);
    if (!p) return;
    if (m.type === 'progress') {
      if (m.progress.multipv === 1) p.last = m.progress;
      // Guarded (think() wraps it): a throwing callback never escapes this message handler.
      p.onProgress?.(m.progress);
      return;
    }
    if (m.type === 'reviewProgress') {
      p.onReviewProgress?.({ done: m.done, total: m.total });
      return;
    }
    this.pending.delete(m.id);
    this.hold();
    if (m.type === 'error') p.reject(new ChessError(m.message, m.code));
    else p.resolve(m.type === 'done' ? m.analysis : m.type === 'reviewed' ? m.review : m.type === 'net' ? m.net : undefined);
  }

  /**
   * Send a request once the worker is ready. The request is pending from this call on (not only
   * from when it is posted), so that stop() and terminate() called right after see it.
   */
  private request<T>(make: (id: number) => Request, extra: Partial<Pending> = {}): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const entry: Pending = { resolve: resolve as (v: unknown) => void, reject, thinking: false, ...extra };
      this.pending.set(id, entry);
      this.hold();
      const unsent = (): boolean => this.pending.get(id) === entry;
      this.start().then(
        () => {
          if (!unsent()) return; // answered meanwhile: stopped or terminated
          if (!this.worker) {
            this.pending.delete(id);
            this.hold();
            reject(new ChessError('the engine worker is gone', 'WORKER_FAILED'));
            return;
          }
          this.hold();
          this.worker.post(make(id));
        },
        (e: unknown) => {
          if (!unsent()) return;
          this.pending.delete(id);
          this.hold();
          reject(e instanceof Error ? e : new ChessError(String(e), 'WORKER_FAILED'));
        },
      );
    });
  }

  /**
   * Think about `game` (a {@link ChessGame}, or a start FEN and UCI moves): the answer when the
   * limits, the options' or the level's end the search, or when {@link stop} is called (also
   * right after this call, before the worker has started the search). An error thrown by
   * `options.onProgress` does not end the search: the first one is reported with
   * `console.error`, once per search.
   */
  think(game: ChessGame | { fen: string; moves?: string[] }, options: ThinkOptions = {}): Promise<Analysis> {
    if (this.busy) return Promise.reject(new ChessError('the AI is already thinking: stop it or wait for its answer', 'BUSY'));
    let record: GameRecord;
    try {
      record = WorkerAi.record(game);
    } catch (e) {
      return Promise.reject(e instanceof Error ? e : new ChessError(String(e), 'INTERNAL'));
    }
    const { onProgress, ...limits } = options;
    // A new search: clear the stop flag here, before the request is posted, and never in the
    // worker, so that any stop() from now on stops this search, however early it comes.
    if (this.flag) Atomics.store(this.flag, 0, 0);
    this.searches++;
    return this.request<Analysis>((id) => ({ type: 'think', id, game: record, limits }), {
      onProgress: guardProgress(onProgress),
      thinking: true,
    }).finally(() => this.searches--);
  }

  /**
   * Review `game` (a {@link ChessGame}, a PGN text, or a start FEN and UCI moves) move by move in
   * the worker: the same review as {@link review}, at full strength whatever this AI's level.
   * `options.onProgress` hears after each position. {@link stop} ends it: with shared memory the
   * promise resolves with the moves judged so far; without, the worker is ended and the promise
   * rejects.
   *
   * ```ts
   * const r = await ai.review(pgnText, { onProgress: ({ done, total }) => bar.set(done / total) });
   * r.white.accuracy;  // 87.3
   * ```
   */
  review(game: ChessGame | string | { fen: string; moves?: string[] }, options: ReviewOptions = {}): Promise<GameReview> {
    if (this.busy) return Promise.reject(new ChessError('the AI is already thinking: stop it or wait for its answer', 'BUSY'));
    let record: GameRecord;
    try {
      if (typeof game === 'string') {
        const parsed = ChessGame.fromPgn(game);
        record = WorkerAi.record(parsed);
        parsed.free();
      } else {
        record = WorkerAi.record(game);
      }
      if (options === null || typeof options !== 'object') throw new ChessError('the review options must be an object', 'INVALID_OPTION');
    } catch (e) {
      return Promise.reject(e instanceof Error ? e : new ChessError(String(e), 'INTERNAL'));
    }
    const { onProgress, ...budget } = options;
    if (this.flag) Atomics.store(this.flag, 0, 0);
    this.searches++;
    const onReviewProgress = guardProgress(onProgress);
    // The first review fetches the opening names and the review module first: a stop() meanwhile has no request to end
    // yet (with shared memory the flag it sets ends the review at its first position; without,
    // nothing would), so it is answered here, as a search stopped before its first result.
    const stopsBefore = this.stops;
    return Promise.all([dataBytes('openings'), compileReview()])
      .then(([data, module]) => {
        if (!this.flag && this.stops !== stopsBefore) throw new ChessError('stopped before the first result', 'STOPPED');
        return this.request<GameReview>((id) => ({ type: 'review', id, game: record, options: budget, data, module }), { onReviewProgress, thinking: true });
      })
      .finally(() => this.searches--);
  }

  /** A game as the worker rebuilds it. */
  private static record(game: ChessGame | { fen: string; moves?: string[] }): GameRecord {
    // A game of chess-wasm/rules too: the worker rebuilds it from its moves.
    return game instanceof ChessGameBase
      ? { fen: game.startFen(), moves: game.history().map((m) => m.uci) }
      : { fen: game.fen, moves: game.moves ?? [] };
  }

  /**
   * Stop the search now. With shared memory the search itself stops and answers with its best
   * move; without it, the worker is ended (and restarted for the next call) and the answer is the
   * best line reported so far (a {@link ChessError}, `stopped before the first result`, when there
   * was none yet; other calls waiting for the worker reject with `stopped`). Either way the
   * promise of the search settles, even when `stop()` follows `think()` at once.
   */
  stop(): void {
    this.stops++;
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
      else p.reject(new ChessError('stopped before the first result', 'STOPPED'));
    }
    for (const p of this.pending.values()) p.reject(new ChessError('stopped', 'STOPPED'));
    this.pending.clear();
    this.hold();
  }

  /** Change the options (for the next search). */
  async setOptions(options: AiOptions): Promise<void> {
    optionsJson(options);
    await this.request<void>((id) => ({ type: 'options', id, options }));
    this.options = options;
  }

  /**
   * Load a net in the worker for full strength, analysis and the review (the levels keep their
   * own): by default the package's stronger net, `NET_URL` (`s7-hm4-1726-k200`, 790 KB, fetched
   * now; a page's HTTP cache keeps it). It counts from the next search, and a restarted worker
   * (after a {@link stop} without shared memory) loads it again. Rejects with a
   * {@link ChessError} when the file cannot be had or is not a net, leaving the net in use.
   *
   * ```ts
   * const ai = await WorkerAi.create({ fullStrength: true });
   * await ai.loadNet();  // { name: 's7-hm4-1726-k200', hash: '0dcd9c03e201d233', … }
   * ```
   */
  async loadNet(source?: NetSource): Promise<NetInfo> {
    const bytes = await netBytes(source);
    // Posted as a copy (structured clone): these bytes are kept for a restart.
    const info = await this.request<NetInfo>((id) => ({ type: 'net', id, bytes }));
    this.net = bytes;
    return info;
  }

  /** Go back to the net compiled into the module (`s6-128-hm-1000`). */
  async unloadNet(): Promise<NetInfo> {
    const info = await this.request<NetInfo>((id) => ({ type: 'net', id, bytes: null }));
    this.net = null;
    return info;
  }

  /** Forget what earlier searches learned. */
  async newGame(): Promise<void> {
    await this.request<void>((id) => ({ type: 'newGame', id }));
  }

  /**
   * End the worker, and with it the engine's memory; calls waiting for it are rejected. Call it
   * when done with the AI (a forgotten WorkerAi ends its worker when it is garbage-collected,
   * but not sooner). Idempotent; a later call starts a new worker.
   */
  terminate(): void {
    this.worker?.terminate();
    this.worker = null;
    this.ready = null;
    for (const p of this.pending.values()) p.reject(new ChessError('the AI was terminated', 'STOPPED'));
    this.pending.clear();
    this.hold();
  }

  /** {@link terminate}, for `using ai = await WorkerAi.create(…)`. */
  [disposeSymbol](): void {
    this.terminate();
  }

  /** {@link terminate}, for `await using ai = await WorkerAi.create(…)`. */
  [asyncDisposeSymbol](): Promise<void> {
    this.terminate();
    return Promise.resolve();
  }
}
