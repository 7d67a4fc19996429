/**
 * A drop-in for js-chess-engine v2: the same exports, option names, result shapes and error
 * messages, on our engine. Where js-chess-engine is wrong, this is right: a promotion can be to
 * any piece (`move(from, to, 'n')`; a queen when none is given), threefold repetition, the
 * 50-move rule and insufficient material finish the game (`isFinished`), fivefold repetition and
 * the 75-move rule end it (no more moves), and the levels are ours. docs/web.md lists every
 * difference, and test/compat-diff.test.mjs checks them against js-chess-engine itself.
 *
 * One difference cannot be helped: in a page, `await init()` once before the first call (the
 * WebAssembly module cannot be compiled synchronously there, nor the AI's data fetched: this
 * `init` loads both); Node and workers need no `init()`.
 */
import { Ai, LEVELS, MAX_HASH_MB } from './ai.js';
import { ChessError, messageOf } from './errors.js';
import { ChessGame } from './game.js';
import { disposeSymbol } from './lifetime.js';
import { preload } from './data.js';
import { init as loadModule, type InitOptions } from './load.js';
export type { InitOptions, WasmResponse, WasmSource } from './load.js';

/**
 * Load the wasm module and the AI's data (its nets and opening book), so that every call after it,
 * `aiMove` included, is synchronous as js-chess-engine's are. A page awaits it once before its
 * first call; in Node and in workers it is optional (the first call loads what it needs).
 * Idempotent; a failure rejects with a {@link ChessError} (code `LOAD_FAILED`) naming the file
 * and the fix, and a later call tries again.
 */
export async function init(options: InitOptions = {}): Promise<void> {
  await loadModule(options);
  await preload('engine');
}
import type { AiOptions, Analysis, GameState, Level, Score } from './types.js';

export type Color = 'white' | 'black';
export type PieceSymbol = 'K' | 'Q' | 'R' | 'B' | 'N' | 'P' | 'k' | 'q' | 'r' | 'b' | 'n' | 'p';
export type Square = string;
export type AILevel = Level;

export interface CastlingRights {
  whiteShort: boolean;
  blackShort: boolean;
  whiteLong: boolean;
  blackLong: boolean;
}

/** The board as js-chess-engine describes it (squares in upper case). */
export interface BoardConfig {
  pieces: Record<Square, PieceSymbol>;
  turn: Color;
  isFinished: boolean;
  check: boolean;
  checkMate: boolean;
  staleMate: boolean;
  castling: CastlingRights;
  enPassant: Square | null;
  halfMove: number;
  fullMove: number;
}

/** A move as `{ FROM: TO }`. */
export interface HistoryEntry {
  [from: Square]: Square;
}
export type MovesMap = Record<Square, Square[]>;

export interface ScoredHistoryMove {
  move: HistoryEntry;
  score: number;
}

export interface AIResult {
  move: HistoryEntry;
  board: BoardConfig;
  analysis?: ScoredHistoryMove[];
  depth?: number;
  nodesSearched?: number;
  bestScore?: number;
}

export interface AIOptions {
  level?: number;
  play?: boolean;
  ttSizeMB?: number;
  depth?: { base?: number; extended?: number; check?: boolean; quiescence?: number };
  analysis?: boolean;
  randomness?: number;
}

function normalizeSquare(square: unknown): string {
  // Named in upper case, as js-chess-engine names it (it upper-cases first, then judges).
  const named = typeof square === 'string' ? square.toUpperCase() : String(square);
  if (!/^[A-H][1-8]$/.test(named)) throw new Error(`Invalid square notation: ${named}`);
  return named;
}

/** The statuses that end a game for the AI and for moves (a claimable draw does not). */
const OVER: ReadonlySet<GameState['status']> = new Set<GameState['status']>([
  'checkmate', 'stalemate', 'fivefold-repetition', 'seventy-five-move-rule', 'resignation', 'time-forfeit', 'draw-agreed',
]);

function toConfig(state: GameState): BoardConfig {
  const pieces: Record<Square, PieceSymbol> = {};
  for (const [square, piece] of Object.entries(state.pieces)) pieces[square.toUpperCase()] = piece as PieceSymbol;
  return {
    pieces,
    turn: state.turn,
    isFinished: state.isFinished,
    check: state.check,
    checkMate: state.status === 'checkmate',
    staleMate: state.status === 'stalemate',
    castling: { ...state.castling },
    enPassant: state.enPassantTarget ? state.enPassantTarget.toUpperCase() : null,
    halfMove: state.halfMove,
    fullMove: state.fullMove,
  };
}

/** The FEN of a BoardConfig (the engine then judges the position). */
function configToFen(config: BoardConfig): string {
  if (config === null || typeof config !== 'object' || typeof config.pieces !== 'object' || config.pieces === null) {
    throw new Error('Invalid board configuration: expected an object with pieces');
  }
  const ranks: string[] = [];
  for (let rank = 8; rank >= 1; rank--) {
    let row = '';
    let empty = 0;
    for (const file of 'ABCDEFGH') {
      const piece = config.pieces[`${file}${rank}`] ?? config.pieces[`${file.toLowerCase()}${rank}`];
      if (!piece) {
        empty++;
        continue;
      }
      if (!/^[KQRBNPkqrbnp]$/.test(piece)) throw new Error(`Invalid piece symbol: ${String(piece)}`);
      if (empty) row += String(empty);
      empty = 0;
      row += piece;
    }
    ranks.push(empty ? row + String(empty) : row);
  }
  const c = config.castling ?? { whiteShort: false, whiteLong: false, blackShort: false, blackLong: false };
  const castling =
    (c.whiteShort ? 'K' : '') + (c.whiteLong ? 'Q' : '') + (c.blackShort ? 'k' : '') + (c.blackLong ? 'q' : '') || '-';
  const turn = config.turn === 'black' ? 'b' : 'w';
  const ep = config.enPassant ? String(config.enPassant).toLowerCase() : '-';
  return `${ranks.join('/')} ${turn} ${castling} ${ep} ${config.halfMove ?? 0} ${config.fullMove ?? 1}`;
}

function toEntry(from: string, to: string): HistoryEntry {
  return { [from.toUpperCase()]: to.toUpperCase() };
}

/** A score as one number: centipawns, or ±(100000 − moves) for a mate. */
function scoreNumber(score: Score): number {
  if (score.kind === 'mate') return Math.sign(score.moves) * (100_000 - Math.abs(score.moves));
  return score.cp;
}

function validateAiOptions(options: AIOptions): AILevel {
  if (options === null || typeof options !== 'object') throw new Error('AI options must be an object');
  const level = options.level ?? 3;
  if (typeof level !== 'number' || !Number.isInteger(level) || level < 1 || level > LEVELS.length) {
    throw new Error(`AI level must be between 1 and ${LEVELS.length}`);
  }
  const d = options.depth;
  if (d) {
    if (d.base !== undefined && (!Number.isInteger(d.base) || d.base < 1)) {
      throw new Error('depth.base must be an integer > 0');
    }
    if (d.extended !== undefined && (!Number.isInteger(d.extended) || d.extended < 0 || d.extended > 3)) {
      throw new Error('depth.extended must be an integer between 0 and 3');
    }
    if (d.quiescence !== undefined && (!Number.isInteger(d.quiescence) || d.quiescence < 0)) {
      throw new Error('depth.quiescence must be an integer >= 0');
    }
    if (d.check !== undefined && typeof d.check !== 'boolean') {
      throw new Error('depth.check must be a boolean');
    }
  }
  const r = options.randomness;
  if (r !== undefined && (typeof r !== 'number' || !Number.isFinite(r) || r < 0)) {
    throw new Error('randomness must be a non-negative number');
  }
  const tt = options.ttSizeMB;
  if (tt !== undefined && (typeof tt !== 'number' || !Number.isFinite(tt) || tt < 0)) {
    throw new Error('ttSizeMB must be a non-negative number');
  }
  if (tt !== undefined && tt > MAX_HASH_MB) {
    // Ours only: more than WebAssembly can hold (the engine's own limit, which it checks too).
    throw new ChessError(`ttSizeMB must be between 0 and ${MAX_HASH_MB} in WebAssembly, got ${tt}`, 'INVALID_OPTION');
  }
  return level as AILevel;
}

/**
 * The engines every compat search borrows, one for each level and table size, the least recently
 * used first. A search borrows its engine for the length of the call (all of them are
 * synchronous), so any number of `ai()` calls and `Game`s share at most {@link POOL_SIZE} engines
 * and {@link POOL_MB} MiB of transposition tables: a new `Ai` for each call (16 MiB at level 5,
 * released only by `free()` or a finaliser that a synchronous loop never lets run) ran the wasm
 * memory out at call 238 of a loop. The other options (depth, randomness, book) are set on the
 * borrowed engine for each call that changes them, so calls that differ only by those share one.
 */
interface Pooled {
  ai: Ai;
  /** The transposition table's size (MiB), or an upper bound of it. */
  mb: number;
  /** The {@link Game} (its serial) whose searches the engine's tables hold now. */
  owner: number;
  /** The options the engine has now, as JSON. */
  options: string;
}

const pool = new Map<string, Pooled>();
/** At most this many engines are kept... */
const POOL_SIZE = 8;
/** ...with at most this many MiB of transposition tables between them (one larger table alone). */
const POOL_MB = 128;

let nextSerial = 1;

/**
 * The engine for `options`, as a new one would search for `owner`: when it last searched for
 * another game (or a stateless call) it forgets that search (`newGame()`: transposition table and
 * histories) and draws a new random seed (`setOptions()`), so that its answers are those of a
 * fresh engine. Searches of one game in a row keep its table, as one engine per game would, and
 * take new options (depth, randomness) when the call brings them.
 */
function borrowEngine(options: AiOptions, owner: number): Ai {
  // The table the engine will have: the options' size, else its level's (the engine's table).
  const mb = options.hashMb ?? LEVELS.find((l) => l.level === options.level)?.hashMb ?? Math.max(...LEVELS.map((l) => l.hashMb));
  const key = `${options.level ?? 'full'}:${mb}`;
  const json = JSON.stringify(options);
  const found = pool.get(key);
  if (found) {
    pool.delete(key);
    pool.set(key, found);
    if (found.owner !== owner || found.options !== json) {
      found.ai.setOptions(options);
      found.options = json;
    }
    if (found.owner !== owner) {
      found.ai.newGame();
      found.owner = owner;
    }
    return found.ai;
  }
  let total = mb;
  for (const entry of pool.values()) total += entry.mb;
  for (const [oldKey, entry] of pool) {
    if (pool.size < POOL_SIZE && total <= POOL_MB) break;
    pool.delete(oldKey);
    total -= entry.mb;
    entry.ai.free();
  }
  const ai = new Ai(options);
  pool.set(key, { ai, mb, owner, options: json });
  return ai;
}

/**
 * Run `f` on a new {@link Game} of `config` and free the game's wasm board afterwards (the
 * stateless functions: nothing of the call outlives it).
 */
function withGame<T>(config: BoardConfig | string, f: (game: Game) => T): T {
  const game = new Game(config);
  try {
    return f(game);
  } finally {
    game.free();
  }
}

/**
 * A chess game in js-chess-engine's API. Its board lives in wasm memory: freed when the Game is
 * garbage-collected, or at once by {@link Game.free} (ours only; `using game = new Game()` too).
 * Its AI searches borrow a shared engine (see the module's pool), so a Game holds no engine.
 */
export class Game {
  private game: ChessGame;
  /**
   * The board while an edit (`setPiece`, `removePiece`) leaves no legal position yet (a king
   * taken off to be set down elsewhere), and why: exported as it stands, played on by nothing
   * until an edit makes it a position again. `null` when the game is one.
   */
  private draft: { config: BoardConfig; why: string } | null = null;
  /** Who this game is to the engine pool. */
  private readonly serial = nextSerial++;

  /** A new game: the start position, a FEN, or a BoardConfig. */
  constructor(configuration?: BoardConfig | string) {
    if (configuration === undefined || configuration === null || configuration === '') {
      this.game = new ChessGame();
    } else if (typeof configuration === 'string') {
      this.game = new ChessGame(configuration);
    } else {
      this.game = new ChessGame(configToFen(configuration));
    }
  }

  /** Play the move from `from` to `to` (a queen, or `promotion`, for a promotion); the new board. */
  move(from: string, to: string, promotion?: 'q' | 'r' | 'b' | 'n'): BoardConfig {
    const f = normalizeSquare(from);
    const t = normalizeSquare(to);
    const game = this.playable;
    try {
      game.move({ from: f, to: t, ...(promotion ? { promotion } : {}) });
    } catch {
      throw new Error(`Invalid move from ${f} to ${t}`);
    }
    return this.exportJson();
  }

  /** The legal moves, `{ FROM: [TO, …] }` (from one square if given). */
  moves(from?: string): MovesMap {
    if (from !== undefined && from !== null && from !== '') {
      const f = normalizeSquare(from);
      const targets = new Set(this.playable.moves(f).map((m) => m.to.toUpperCase()));
      return { [f]: [...targets] };
    }
    const map: MovesMap = {};
    for (const m of this.playable.moves()) {
      const f = m.from.toUpperCase();
      const t = m.to.toUpperCase();
      const list = (map[f] ??= []);
      if (!list.includes(t)) list.push(t);
    }
    return map;
  }

  /**
   * Put a piece on a square (the game goes on from the edited position). As in js-chess-engine an
   * edit may pass through boards that are no position (a king removed to be set down elsewhere):
   * such a board is kept and exported as it stands, but moves and the AI refuse it
   * (`Invalid board: white has no king`) until an edit makes it a position again.
   */
  setPiece(location: string, piece: PieceSymbol): void {
    const square = normalizeSquare(location);
    if (typeof piece !== 'string' || !/^[KQRBNPkqrbnp]$/.test(piece)) {
      throw new Error(`Invalid piece symbol: ${String(piece)}`);
    }
    this.edit(square, piece);
  }

  /** Empty a square (see {@link setPiece} for the boards an edit passes through). */
  removePiece(location: string): void {
    this.edit(normalizeSquare(location), null);
  }

  /**
   * Change one square of the board as it stands (the draft, else the game's): turn, castling
   * flags, en-passant square and clocks are kept, as js-chess-engine keeps them. The engine then
   * judges it: a castling right whose king or rook has left, or an en-passant square no pawn can
   * just have skipped, is dropped; a board that is no position is kept as the draft.
   */
  private edit(square: string, piece: PieceSymbol | null): void {
    const base = this.draft?.config ?? this.exportJson();
    const pieces = { ...base.pieces };
    if (piece === null) delete pieces[square];
    else pieces[square] = piece;
    const config: BoardConfig = { ...base, pieces, castling: { ...base.castling } };
    let edited: ChessGame;
    try {
      edited = ChessGame.fromEdit(configToFen(config));
    } catch (e) {
      const why = messageOf(e).replace(/^(that leaves an illegal position|invalid FEN): /, '');
      this.draft = { config, why };
      return;
    }
    this.game.free();
    this.game = edited;
    this.draft = null;
  }

  /** The game, to play on or search: an Error while an edit leaves no position (the draft). */
  private get playable(): ChessGame {
    if (this.draft) throw new Error(`Invalid board: ${this.draft.why}`);
    return this.game;
  }

  /** The moves played, each with the board after it. */
  getHistory(): Array<BoardConfig & { move: HistoryEntry }> {
    const game = this.playable;
    // Replayed from the start, so that each board has the en-passant square of the double push
    // that led to it (a FEN of the history has it only where a capture is legal).
    const replay = new ChessGame(game.startFen());
    try {
      return game.history().map((item) => {
        replay.move(item.uci);
        return { ...toConfig(replay.state()), move: toEntry(item.from, item.to) };
      });
    } finally {
      replay.free();
    }
  }

  /** The board (an edit's board as it stands: no check, mate or end on a board that is no position). */
  exportJson(): BoardConfig {
    if (this.draft) {
      const { config } = this.draft;
      return { ...config, pieces: { ...config.pieces }, castling: { ...config.castling }, isFinished: false, check: false, checkMate: false, staleMate: false };
    }
    return toConfig(this.game.state());
  }

  /** The board as FEN (the en-passant square written after every double push). */
  exportFEN(): string {
    if (this.draft) return configToFen(this.draft.config);
    return this.game.position.classicFen();
  }

  /** Print the board to the console. */
  printToConsole(): void {
    const symbols: Record<string, string> = {
      P: '\u2659', N: '\u2658', B: '\u2657', R: '\u2656', Q: '\u2655', K: '\u2654',
      p: '\u265F', n: '\u265E', b: '\u265D', r: '\u265C', q: '\u265B', k: '\u265A',
    };
    const pieces = this.exportJson().pieces;
    const lines = [''];
    for (let rank = 8; rank >= 1; rank--) {
      let line = String(rank);
      for (let file = 0; file < 8; file++) {
        const square = `${'ABCDEFGH'[file]}${rank}`;
        const piece = pieces[square];
        line += piece ? symbols[piece] : (rank - 1 + file) % 2 === 0 ? '\u2588' : '\u2591';
      }
      lines.push(line);
    }
    lines.push(' ABCDEFGH');
    console.log(lines.join('\n'));
  }

  /** Play the AI's move at `level` and return it (js-chess-engine v1's API). */
  aiMove(level: number = 3): HistoryEntry {
    return this.ai({ level }).move;
  }

  /** The AI's move at a level: played unless `play` is false, with the board (and an analysis). */
  ai(options: AIOptions = {}): AIResult {
    const level = validateAiOptions(options);
    const game = this.playable;
    // As js-chess-engine: a game without a legal move is over for the AI, and so is one that
    // fivefold repetition or the 75-move rule ended (FIDE's draws without a claim); a claimable
    // draw (threefold, 50 moves) or insufficient material still gets a move.
    if (OVER.has(game.state().status)) throw new Error('Game is already finished');
    const play = options.play ?? true;
    const d = options.depth ?? {};
    const aiOptions: AiOptions = {
      level,
      ...(options.ttSizeMB !== undefined ? { hashMb: Math.ceil(options.ttSizeMB) } : {}),
      // As in js-chess-engine 2.4.4+, opening variety only when randomness is not set: an explicit
      // randomness (0: always the best move) also turns the opening book off.
      ...(options.randomness !== undefined
        ? { randomness: Math.min(1000, Math.round(options.randomness)), book: false }
        : {}),
      // A caller who shapes the search depth wants a search, not a book move.
      ...(options.depth ? { depthOptions: { ...d }, book: false } : {}),
    };
    const ai = borrowEngine(aiOptions, this.serial);
    let answer: Analysis;
    if (options.analysis) {
      // An analysis searches the level's own budget (the engine's table), at full strength.
      const budget = d.base !== undefined ? undefined : LEVELS.find((l) => l.level === level);
      const limits = budget ? { depth: budget.depth, nodes: budget.nodes } : {};
      answer = ai.analyze(game, limits);
    } else {
      answer = ai.bestMove(game);
    }
    const best = game.moves().find((m) => m.uci === answer.best.uci);
    if (!best) throw new Error('Game is already finished');
    const move = toEntry(best.from, best.to);
    const extra = options.analysis
      ? {
          analysis: answer.lines
            .map((line) => {
              const m = game.moves().find((x) => x.uci === line.uci);
              return { move: toEntry(m?.from ?? line.uci.slice(0, 2), m?.to ?? line.uci.slice(2, 4)), score: scoreNumber(line.score) };
            })
            .sort((a, b) => b.score - a.score),
          depth: answer.depth,
          nodesSearched: answer.nodes,
          bestScore: scoreNumber(answer.best.score),
        }
      : {};
    if (play) game.move(best.uci);
    return { move, board: this.exportJson(), ...extra };
  }

  /**
   * Ours only (js-chess-engine has no such call): release the board's wasm memory now rather
   * than when the garbage collector finds the Game. Idempotent; every other method throws
   * afterwards.
   */
  free(): void {
    this.game.free();
  }

  /** {@link free}, for `using game = new Game()`. */
  [disposeSymbol](): void {
    this.free();
  }
}

/** The legal moves of a board. */
export function moves(config: BoardConfig | string): MovesMap {
  return withGame(config, (game) => game.moves());
}

/** The board with its status (converts a FEN to a BoardConfig). */
export function status(config: BoardConfig | string): BoardConfig {
  return withGame(config, (game) => game.exportJson());
}

/** The FEN of a board. */
export function getFen(config: BoardConfig | string): string {
  return withGame(config, (game) => game.exportFEN());
}

/** Play a move on a board: the new board. */
export function move(config: BoardConfig | string, from: string, to: string): BoardConfig {
  return withGame(config, (game) => game.move(from, to));
}

/** The AI's move on a board. */
export function aiMove(config: BoardConfig | string, level: number = 3): HistoryEntry {
  return withGame(config, (game) => game.aiMove(level));
}

/**
 * The AI's move and the board after it (see {@link Game.ai}). Stateless: each call searches as a
 * new engine would (the shared engine forgets the previous call first) and frees its board.
 */
export function ai(config: BoardConfig | string, options: AIOptions = {}): AIResult {
  return withGame(config, (game) => game.ai(options));
}
