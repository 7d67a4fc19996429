/** {@link Ai}: the engine on the calling thread (blocking), and the level table. */
import { ensureData } from './data.js';
import { bindings } from './load.js';
import { reviewBindings } from './load-review.js';
import { sameNetIn } from './net.js';
import type * as wasm from './wasm/chess_wasm.js';
import { ASSIST, LEVELS_JSON, MOVE_CLASSES_JSON, MAX_HASH_MB as MAX_HASH } from './tables.js';
import { ChessError, guardProgress, rethrow } from './errors.js';
import { disposeSymbol, freeNow, freeWhenCollected } from './lifetime.js';
import { ChessGame } from './game.js';
import { ChessGameBase } from './game-base.js';
import type { AiOptions, Analysis, DrawAnswer, GameReview, Level, LevelInfo, MoveClassInfo, Progress, ReviewOptions, Score, ThinkOptions } from './types.js';

/** The levels 1 to 5, from the engine's own table. */
export const LEVELS: readonly LevelInfo[] = (
  JSON.parse(LEVELS_JSON) as { level: Level; elo: number; depth: number | null; nodes: number | null; hashMb: number }[]
).map(({ level, elo, depth, nodes, hashMb }) => ({
  level,
  elo,
  ...(depth !== null ? { depth } : {}),
  ...(nodes !== null ? { nodes } : {}),
  hashMb,
}));

/** The classes of a reviewed move, `book` to `missed-win`, with their titles and PGN symbols, from the engine's own table. */
export const MOVE_CLASSES: readonly MoveClassInfo[] = JSON.parse(MOVE_CLASSES_JSON) as MoveClassInfo[];

/**
 * The largest transposition table (`hashMb`, MiB) the engine takes in WebAssembly, from the
 * engine itself (which checks it).
 */
export const MAX_HASH_MB: number = MAX_HASH;

/** What a search was given instead of a chess-wasm `ChessGame`, in words; `hint` for a string. */
function notEngineGame(game: unknown, hint: string): string {
  if (typeof game === 'string') return `a string (${hint})`;
  if (game instanceof ChessGameBase) {
    return "a ChessGame of chess-wasm/rules, which has no engine (make the game with chess-wasm's ChessGame, e.g. ChessGame.fromPgn(game.pgn()))";
  }
  return String(game);
}

/**
 * `value` as JSON for the wasm boundary, which checks names, types and ranges. A number JSON
 * cannot write (NaN, ±Infinity: `JSON.stringify` would write `null`, which reads as "not given")
 * is refused here, naming its option.
 */
function boundaryJson(value: object): string {
  return JSON.stringify(value, function (this: unknown, key: string, v: unknown): unknown {
    if (typeof v === 'number' && !Number.isFinite(v)) {
      // `this` is the object that holds `key`: the options themselves (found nowhere inside
      // them: no prefix) or one nested in them (`clock.`, `depthOptions.`).
      const parent = pathOf(value, this);
      throw new ChessError(`invalid options: ${parent}${key} must be a finite number, got ${String(v)}`, 'INVALID_OPTION');
    }
    return v;
  });
}

/** The dotted path (with its trailing dot) from `root` to the nested object `target`. */
function pathOf(root: object, target: unknown): string {
  for (const [key, child] of Object.entries(root)) {
    if (child === target) return `${key}.`;
    if (child !== null && typeof child === 'object') {
      const below = pathOf(child as object, target);
      if (below) return `${key}.${below}`;
    }
  }
  return '';
}

/** The options as the wasm boundary reads them. */
export function optionsJson(options: AiOptions = {}): string {
  if (options === null || typeof options !== 'object') throw new ChessError('the AI options must be an object', 'INVALID_OPTION');
  // Checked in one place, the wasm boundary (names, types and ranges alike).
  return boundaryJson(options);
}

/** The limits as the wasm boundary reads them. */
export function limitsJson(limits: ThinkOptions = {}): string {
  if (limits === null || typeof limits !== 'object') throw new ChessError('the limits must be an object', 'INVALID_OPTION');
  const { moveTimeMs, nodes, depth, clock, infinite } = limits;
  return boundaryJson({ moveTimeMs, nodes, depth, clock, infinite });
}

/**
 * Whether a search runs on this thread now: one at a time (the engine's stop flag and clock are
 * the thread's), so an `onProgress` cannot start another.
 */
let searching = false;

/** Run the search `f`, refusing it while another runs on this thread. */
function oneSearch<T>(f: () => T): T {
  if (searching) throw new ChessError('a search is running on this thread: one search at a time (start the next when it returns)', 'BUSY');
  searching = true;
  try {
    return f();
  } finally {
    searching = false;
  }
}

/** `stop` checked to be a stop flag (an `Int32Array`), or `null` when none is given. */
function stopFlag(stop: Int32Array | undefined): Int32Array | null {
  if (stop === undefined || stop === null) return null;
  if (!(stop instanceof Int32Array)) {
    throw new ChessError(
      'the stop flag must be an Int32Array (stop[0] = 1 ends the search), for example new Int32Array(new SharedArrayBuffer(4))',
      'INVALID_ARGUMENT',
    );
  }
  return stop;
}

/**
 * The AI, thinking on the calling thread: fine in Node scripts and inside workers; a page should
 * use {@link WorkerAi} so that it never freezes.
 *
 * ```ts
 * const ai = new Ai({ level: 4 });
 * const answer = ai.bestMove(game);  // { best: { san: 'e4', score: { kind: 'cp', cp: 31 }, … }, … }
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
  /** Whether this Ai is searching now (its `onProgress` runs inside the search). */
  private thinking = false;

  /**
   * An AI with these options. Throws a {@link ChessError} on a bad option, for example a `hashMb`
   * above {@link MAX_HASH_MB} (more than WebAssembly can hold).
   */
  constructor(options: AiOptions = {}) {
    const json = optionsJson(options);
    ensureData('engine');
    this.raw = freeWhenCollected(this, rethrow(() => new (bindings().Engine)(json)));
  }

  /**
   * @internal The wasm engine; a {@link ChessError} once the AI was freed, or while it searches
   * (from its own `onProgress`).
   */
  get engine(): wasm.Engine {
    if (this.thinking) throw Ai.busy();
    if (this.raw === null) throw Ai.freed();
    return this.raw;
  }

  private static freed(): ChessError {
    return new ChessError('this Ai was freed: no method can be called after free()', 'FREED');
  }

  private static busy(): ChessError {
    return new ChessError('this Ai is searching: it cannot be used until the search returns', 'BUSY');
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
   * Think within `limits`; `stop` is an optional flag (`stop[0] = 1` ends the search: shared
   * memory another thread writes, or a flag `onProgress` sets). `{ infinite: true }` with no other
   * limit needs it: nothing else could end the search, so it is refused without one (a
   * {@link ChessError}; {@link WorkerAi} has `stop()`). An error thrown by `limits.onProgress`
   * does not end the search: the first one is reported with `console.error`, once per search.
   * While the search runs, `onProgress` may read the game but not change it or free it, and may
   * not use this Ai or start another search (each a {@link ChessError}).
   */
  think(game: ChessGame, limits: ThinkOptions = {}, stop?: Int32Array): Analysis {
    const engine = this.engine;
    if (!(game instanceof ChessGame)) {
      throw new ChessError(`the AI thinks about a ChessGame, got ${notEngineGame(game, 'for a FEN, pass new ChessGame(fen)')}`, 'INVALID_ARGUMENT');
    }
    const json = limitsJson(limits);
    const flag = stopFlag(stop);
    const onProgress = guardProgress(limits.onProgress);
    const report = onProgress ? (text: string) => onProgress(JSON.parse(text) as Progress) : null;
    const text = oneSearch(() =>
      game.searched((position) => {
        this.thinking = true;
        try {
          return rethrow(() => engine.think(position, limits.mode ?? 'play', json, report, flag));
        } finally {
          this.thinking = false;
        }
      }),
    );
    return JSON.parse(text) as Analysis;
  }

  /**
   * Review `game` move by move (blocking; {@link review}). The review plays at full strength with
   * its own engine, whatever this AI's level: the method is here so that an app holding an Ai
   * finds it.
   */
  review(game: ChessGame, options: ReviewOptions = {}, stop?: Int32Array): GameReview {
    if (this.thinking) throw Ai.busy();
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
    if (this.thinking) throw Ai.busy();
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
  if (!(game instanceof ChessGame)) {
    throw new ChessError(`review takes a ChessGame, got ${notEngineGame(game, 'for a PGN, pass ChessGame.fromPgn(pgn)')}`, 'INVALID_ARGUMENT');
  }
  if (options === null || typeof options !== 'object') throw new ChessError('the review options must be an object', 'INVALID_OPTION');
  const { onProgress, ...budget } = options;
  const json = boundaryJson(budget);
  const flag = stopFlag(stop);
  // The review module (load-review.ts), given the data, the net and the game as its PGN.
  const module = reviewBindings();
  ensureData('review', module);
  sameNetIn(module);
  const pgn = game.pgn();
  const progress = guardProgress(onProgress);
  const report = progress ? (text: string) => progress(JSON.parse(text) as { done: number; total: number }) : null;
  const text = oneSearch(() => game.searched(() => rethrow(() => module.reviewPgn(pgn, json, report, flag))));
  return JSON.parse(text) as GameReview;
}

/** Search the bench positions to `depth` (as `chess bench` does natively). */
export function bench(depth = 11): { nodes: number; timeMs: number; nps: number } {
  ensureData('engine');
  return JSON.parse(rethrow(() => bindings().bench(depth))) as { nodes: number; timeMs: number; nps: number };
}

/** How long a hint thinks, in milliseconds (chess-ai's, as `chess play`'s `hint`): `think(game, { mode: 'analyze', moveTimeMs: HINT_MOVE_TIME_MS })`. */
export const HINT_MOVE_TIME_MS: number = ASSIST.hintMoveTimeMs;
/** How long the engine thinks about a draw offer before {@link answerDrawOffer}, in milliseconds. */
export const DRAW_OFFER_MOVE_TIME_MS: number = ASSIST.drawOfferMoveTimeMs;

/**
 * The engine's answer to a draw offered at move `fullMove`, from its search's `score` of the
 * position (`null` before searching: an offer before move `fromMove` is declined without one).
 * chess-ai decides, so that every front end answers alike.
 *
 * ```ts
 * let answer = answerDrawOffer(game.state().fullMove, null);
 * if (answer.answer !== 'too-early') {
 *   const { best } = await ai.think(game, { mode: 'analyze', moveTimeMs: DRAW_OFFER_MOVE_TIME_MS });
 *   answer = answerDrawOffer(game.state().fullMove, best.score);  // 'accepts' or 'declines'
 * }
 * ```
 */
export function answerDrawOffer(fullMove: number, score: Score | null): DrawAnswer {
  if (!Number.isInteger(fullMove) || fullMove < 1 || fullMove > 65535) {
    throw new ChessError(`fullMove must be a move number from 1, got ${String(fullMove)}`, 'INVALID_ARGUMENT');
  }
  return JSON.parse(bindings().answerDrawOffer(fullMove, drawOfferCp(score))) as DrawAnswer;
}

/**
 * The centipawns of the score a draw offer is answered from (`undefined`: none, or a mate), or a
 * {@link ChessError} `INVALID_ARGUMENT` for what no search gives: a score that is not a
 * {@link Score}, or whose number is not finite (a NaN must not read as 0, an even position).
 */
function drawOfferCp(score: Score | null): number | undefined {
  const bad = (why: string): never => {
    throw new ChessError(`score must be null, { kind: 'cp', cp } or { kind: 'mate', moves }: ${why}`, 'INVALID_ARGUMENT');
  };
  if (score === null || score === undefined) return undefined;
  if (typeof score !== 'object') return bad(`got ${typeof score}`);
  const s = score as { kind?: unknown; cp?: unknown; moves?: unknown };
  const kind = s.kind ?? ('cp' in s ? 'cp' : 'moves' in s ? 'mate' : undefined);
  if (kind === 'mate') {
    if (!Number.isInteger(s.moves)) bad(`moves is ${String(s.moves)}, not a whole number`);
    return undefined;
  }
  if (kind !== 'cp') return bad(`no cp or mate in it`);
  if (typeof s.cp !== 'number' || !Number.isFinite(s.cp)) return bad(`cp is ${String(s.cp)}, not a finite number`);
  return s.cp;
}

/** The version of the engine inside. */
export function version(): string {
  return bindings().version();
}
