/** {@link Ai}: the engine on the calling thread (blocking), and the level table. */
import { wasm } from './load.js';
import { ChessError, guardProgress, rethrow } from './errors.js';
import { disposeSymbol, freeNow, freeWhenCollected } from './lifetime.js';
import { ChessGame } from './game.js';
import type { AiOptions, Analysis, GameReview, Level, LevelInfo, MoveClassInfo, Progress, ReviewOptions, ThinkOptions } from './types.js';

/** The levels 1 to 5, from the engine's own table. */
export const LEVELS: readonly LevelInfo[] = (
  JSON.parse(wasm.levels()) as { level: Level; elo: number; depth: number | null; nodes: number | null; hashMb: number }[]
).map(({ level, elo, depth, nodes, hashMb }) => ({
  level,
  elo,
  ...(depth !== null ? { depth } : {}),
  ...(nodes !== null ? { nodes } : {}),
  hashMb,
}));

/** The classes of a reviewed move, `book` to `missed-win`, with their titles and PGN symbols, from the engine's own table. */
export const MOVE_CLASSES: readonly MoveClassInfo[] = JSON.parse(wasm.moveClasses()) as MoveClassInfo[];

/**
 * The largest transposition table (`hashMb`, MiB) the engine takes in WebAssembly, from the
 * engine itself (which checks it).
 */
export const MAX_HASH_MB: number = wasm.maxHashMb();

/** The options as the wasm boundary reads them. */
export function optionsJson(options: AiOptions = {}): string {
  if (options === null || typeof options !== 'object') throw new ChessError('the AI options must be an object');
  // Checked in one place, the wasm boundary (names, types and ranges alike).
  return JSON.stringify(options);
}

/** The limits as the wasm boundary reads them. */
export function limitsJson(limits: ThinkOptions = {}): string {
  const { moveTimeMs, nodes, depth, clock, infinite } = limits;
  return JSON.stringify({ moveTimeMs, nodes, depth, clock, infinite });
}

/**
 * The AI, thinking on the calling thread: fine in Node scripts and inside workers; a page should
 * use {@link WorkerAi} so that it never freezes.
 *
 * ```ts
 * const ai = new Ai({ level: 4 });
 * const answer = ai.bestMove(game);  // { best: { san: 'e4', score: { cp: 31 }, … }, … }
 * ai.free();                         // its transposition table back to the wasm memory now
 * ```
 *
 * Each Ai holds its transposition table in the wasm module's memory (16 MiB at level 5): free it
 * with {@link free}, or with `using ai = new Ai(…)`, as soon as it is no longer needed. An Ai that
 * is garbage-collected without `free()` is freed then, but only after a collection and once the
 * code has returned to the event loop: a synchronous loop that creates an Ai a turn and never
 * frees one runs the wasm memory out (4 GiB) first. Reuse one Ai instead (`newGame()` between
 * games).
 */
export class Ai {
  /** The wasm engine; `null` once {@link free} has released it. */
  private raw: wasm.Engine | null;

  /**
   * An AI with these options. Throws a {@link ChessError} on a bad option, for example a `hashMb`
   * above {@link MAX_HASH_MB} (more than WebAssembly can hold).
   */
  constructor(options: AiOptions = {}) {
    this.raw = freeWhenCollected(this, rethrow(() => new wasm.Engine(optionsJson(options))));
  }

  /** @internal The wasm engine; a {@link ChessError} once the AI was freed. */
  get engine(): wasm.Engine {
    if (this.raw === null) throw Ai.freed();
    return this.raw;
  }

  private static freed(): ChessError {
    return new ChessError('this Ai was freed: no method can be called after free()');
  }

  /** Choose a move at the configured strength. */
  bestMove(game: ChessGame, limits: ThinkOptions = {}): Analysis {
    return this.think(game, { ...limits, mode: 'play' });
  }

  /** Score the moves at full strength (the best `multiPv` lines). */
  analyze(game: ChessGame, limits: ThinkOptions = {}): Analysis {
    return this.think(game, { ...limits, mode: 'analyze' });
  }

  /**
   * Think within `limits`; `stop` is an optional shared flag (`stop[0] = 1` ends the search). An
   * error thrown by `limits.onProgress` does not end the search: the first one is reported with
   * `console.error`, once per search.
   */
  think(game: ChessGame, limits: ThinkOptions = {}, stop?: Int32Array): Analysis {
    const onProgress = guardProgress(limits.onProgress);
    const report = onProgress ? (json: string) => onProgress(JSON.parse(json) as Progress) : null;
    const engine = this.engine;
    if (!(game instanceof ChessGame)) {
      const got = typeof game === 'string' ? 'a string (for a FEN, pass new ChessGame(fen))' : String(game);
      throw new ChessError(`the AI thinks about a ChessGame, got ${got}`);
    }
    const position = game.position;
    const text = rethrow(() => engine.think(position, limits.mode ?? 'play', limitsJson(limits), report, stop ?? null));
    return JSON.parse(text) as Analysis;
  }

  /**
   * Review `game` move by move (blocking; {@link review}). The review plays at full strength with
   * its own engine, whatever this AI's level: the method is here so that an app holding an Ai
   * finds it.
   */
  review(game: ChessGame, options: ReviewOptions = {}, stop?: Int32Array): GameReview {
    if (this.raw === null) throw Ai.freed();
    return review(game, options, stop);
  }

  /** Change the options. */
  setOptions(options: AiOptions): void {
    rethrow(() => this.engine.setOptions(optionsJson(options)));
  }

  /** Forget what earlier searches learned (a new game). */
  newGame(): void {
    this.engine.newGame();
  }

  /**
   * Release the wasm memory now (the transposition table and the search's tables). Call it when
   * the AI is no longer needed, above all in a loop or a server that creates AIs: the garbage
   * collector frees a forgotten Ai too, but only after a collection and once the code returns to
   * the event loop, which a synchronous loop never does. Idempotent: a second `free()` does
   * nothing. Every other method throws a {@link ChessError} afterwards.
   */
  free(): void {
    const raw = this.raw;
    this.raw = null;
    freeNow(this, raw);
  }

  /** {@link free}, for `using ai = new Ai(…)`. */
  [disposeSymbol](): void {
    this.free();
  }
}

/**
 * Review `game` move by move, as lichess's computer analysis does (blocking: in a page, use
 * {@link WorkerAi.review}): each move's class, Win% and accuracy, the better move with its line
 * and why, and per side the accuracy, the average centipawn loss and the count of each class.
 * 50,000 nodes a position by default, about a second for 80 plies natively; `stop[0] = 1` ends it
 * with the moves judged so far.
 *
 * ```ts
 * const r = review(ChessGame.fromPgn('1. f3 e5 2. g4 Qh4#'));
 * r.plies[2].class;  // 'blunder'
 * r.plies[2].why;    // 'allows mate in 1: Qh4#; …'
 * ```
 */
export function review(game: ChessGame, options: ReviewOptions = {}, stop?: Int32Array): GameReview {
  if (!(game instanceof ChessGame)) throw new ChessError(`review takes a ChessGame, got ${typeof game === 'string' ? 'a string (for a PGN, pass ChessGame.fromPgn(pgn))' : String(game)}`);
  if (options === null || typeof options !== 'object') throw new ChessError('the review options must be an object');
  const { onProgress, ...budget } = options;
  const progress = guardProgress(onProgress);
  const report = progress ? (json: string) => progress(JSON.parse(json) as { done: number; total: number }) : null;
  const position = game.position;
  return JSON.parse(rethrow(() => wasm.review(position, JSON.stringify(budget), report, stop ?? null))) as GameReview;
}

/** Search the bench positions to `depth` (as `chess bench` does natively). */
export function bench(depth = 11): { nodes: number; timeMs: number; nps: number } {
  return JSON.parse(wasm.bench(depth)) as { nodes: number; timeMs: number; nps: number };
}

/** The version of the engine inside. */
export function version(): string {
  return wasm.version();
}
