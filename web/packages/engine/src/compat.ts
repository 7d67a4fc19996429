/**
 * A drop-in for js-chess-engine v2: the same exports, option names, result shapes and error
 * messages, on our engine. Where js-chess-engine is wrong, this is right: a promotion can be to
 * any piece (`move(from, to, 'n')`; a queen when none is given), threefold repetition, the
 * 50-move rule and insufficient material end the game, and the levels are ours. docs/web.md
 * lists every difference.
 */
import { Ai, LEVELS, MAX_HASH_MB } from './ai.js';
import { ChessError } from './errors.js';
import { ChessGame } from './game.js';
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
  if (typeof square !== 'string' || !/^[a-hA-H][1-8]$/.test(square)) {
    throw new Error(`Invalid square notation: ${String(square)}`);
  }
  return square.toUpperCase();
}

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
  if ('mate' in score) return Math.sign(score.mate) * (100_000 - Math.abs(score.mate));
  return score.cp;
}

function validateAiOptions(options: AIOptions): AILevel {
  if (options === null || typeof options !== 'object') throw new Error('AI options must be an object');
  const level = options.level ?? 3;
  if (typeof level !== 'number' || !Number.isInteger(level) || level < 1 || level > 5) {
    throw new Error('AI level must be between 1 and 5');
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
    throw new ChessError(`ttSizeMB must be between 0 and ${MAX_HASH_MB} in WebAssembly, got ${tt}`);
  }
  return level as AILevel;
}

/** A chess game in js-chess-engine's API. */
export class Game {
  private game: ChessGame;
  private engine: Ai | null = null;
  private engineKey = '';

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
    try {
      this.game.move({ from: f, to: t, ...(promotion ? { promotion } : {}) });
    } catch {
      throw new Error(`Invalid move from ${f} to ${t}`);
    }
    return this.exportJson();
  }

  /** The legal moves, `{ FROM: [TO, …] }` (from one square if given). */
  moves(from?: string): MovesMap {
    if (from !== undefined && from !== null && from !== '') {
      const f = normalizeSquare(from);
      const targets = new Set(this.game.moves(f).map((m) => m.to.toUpperCase()));
      return { [f]: [...targets] };
    }
    const map: MovesMap = {};
    for (const m of this.game.moves()) {
      const f = m.from.toUpperCase();
      const t = m.to.toUpperCase();
      const list = (map[f] ??= []);
      if (!list.includes(t)) list.push(t);
    }
    return map;
  }

  /** Put a piece on a square (the game goes on from the edited position). */
  setPiece(location: string, piece: PieceSymbol): void {
    const square = normalizeSquare(location);
    if (typeof piece !== 'string' || !/^[KQRBNPkqrbnp]$/.test(piece)) {
      throw new Error(`Invalid piece symbol: ${String(piece)}`);
    }
    this.game.position.setPiece(square.toLowerCase(), piece);
  }

  /** Empty a square. */
  removePiece(location: string): void {
    this.game.position.removePiece(normalizeSquare(location).toLowerCase());
  }

  /** The moves played, each with the board after it. */
  getHistory(): Array<BoardConfig & { move: HistoryEntry }> {
    return this.game.history().map((item) => ({
      ...toConfig(new ChessGame(item.fen).state()),
      move: toEntry(item.from, item.to),
    }));
  }

  /** The board. */
  exportJson(): BoardConfig {
    return toConfig(this.game.state());
  }

  /** The board as FEN (the en-passant square written after every double push). */
  exportFEN(): string {
    return this.game.position.classicFen();
  }

  /** Print the board to the console. */
  printToConsole(): void {
    const symbols: Record<string, string> = {
      P: '\u2659', N: '\u2658', B: '\u2657', R: '\u2656', Q: '\u2655', K: '\u2654',
      p: '\u265F', n: '\u265E', b: '\u265D', r: '\u265C', q: '\u265B', k: '\u265A',
    };
    const pieces = this.game.state().pieces;
    const lines = [''];
    for (let rank = 8; rank >= 1; rank--) {
      let line = String(rank);
      for (let file = 0; file < 8; file++) {
        const square = `${'abcdefgh'[file]}${rank}`;
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
    // As js-chess-engine: only a game without a legal move (or resigned) is over for the AI; a
    // draw by rule (threefold, 50 moves, insufficient material) still gets a move.
    const over = this.game.state().status;
    if (over === 'checkmate' || over === 'stalemate' || over === 'resignation') throw new Error('Game is already finished');
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
    const ai = this.ai_for(aiOptions);
    let answer: Analysis;
    if (options.analysis) {
      // An analysis searches the level's own budget (the engine's table), at full strength.
      const budget = d.base !== undefined ? undefined : LEVELS.find((l) => l.level === level);
      const limits = budget ? { depth: budget.depth, nodes: budget.nodes } : {};
      answer = ai.analyze(this.game, limits);
    } else {
      answer = ai.bestMove(this.game);
    }
    const best = this.game.moves().find((m) => m.uci === answer.best.uci);
    if (!best) throw new Error('Game is already finished');
    const move = toEntry(best.from, best.to);
    const extra = options.analysis
      ? {
          analysis: answer.lines
            .map((line) => {
              const m = this.game.moves().find((x) => x.uci === line.uci);
              return { move: toEntry(m?.from ?? line.uci.slice(0, 2), m?.to ?? line.uci.slice(2, 4)), score: scoreNumber(line.score) };
            })
            .sort((a, b) => b.score - a.score),
          depth: answer.depth,
          nodesSearched: answer.nodes,
          bestScore: scoreNumber(answer.best.score),
        }
      : {};
    if (play) this.game.move(best.uci);
    return { move, board: this.exportJson(), ...extra };
  }

  /** One engine per game (its transposition table carries over), rebuilt when options change. */
  private ai_for(options: AiOptions): Ai {
    const key = JSON.stringify(options);
    if (this.engine && key === this.engineKey) return this.engine;
    if (this.engine) {
      this.engine.setOptions(options);
    } else {
      this.engine = new Ai(options);
    }
    this.engineKey = key;
    return this.engine;
  }
}

/** The legal moves of a board. */
export function moves(config: BoardConfig | string): MovesMap {
  return new Game(config).moves();
}

/** The board with its status (converts a FEN to a BoardConfig). */
export function status(config: BoardConfig | string): BoardConfig {
  return new Game(config).exportJson();
}

/** The FEN of a board. */
export function getFen(config: BoardConfig | string): string {
  return new Game(config).exportFEN();
}

/** Play a move on a board: the new board. */
export function move(config: BoardConfig | string, from: string, to: string): BoardConfig {
  return new Game(config).move(from, to);
}

/** The AI's move on a board. */
export function aiMove(config: BoardConfig | string, level: number = 3): HistoryEntry {
  return new Game(config).aiMove(level);
}

/** The AI's move and the board after it (see {@link Game.ai}). */
export function ai(config: BoardConfig | string, options: AIOptions = {}): AIResult {
  return new Game(config).ai(options);
}
