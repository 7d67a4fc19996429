/**
 * The shapes the modern API returns (the wasm boundary writes them as JSON). The closed sets of
 * words (a game's status, why a move is refused, a reviewed move's class, a claim's kind) are
 * made from lists generated from the Rust that writes them (tables.ts, scripts/gen-tables.mjs),
 * so they cannot drift from it.
 */
import type { CLAIM_KINDS, GAME_STATUSES, MOVE_CLASS_NAMES, OPTION_KEYS, REJECTION_REASONS } from './tables.js';

export type Color = 'white' | 'black';

/** A file of the board, as a square name writes it. */
type SquareFile = 'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g' | 'h';
/** A rank of the board, as a square name writes it. */
type SquareRank = '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8';
/**
 * A square as the package names it in what it returns: `'a1'` to `'h8'`, lower case (chess.js's
 * `Square`). Arguments take any `string` instead (`'e2'` or `'E2'`), checked when called: a
 * `ChessError` with code `INVALID_SQUARE` when it is no square.
 */
export type Square = `${SquareFile}${SquareRank}`;
/** A kind of piece, without its colour: chess.js's `PieceSymbol`. */
export type PieceSymbol = 'p' | 'n' | 'b' | 'r' | 'q' | 'k';
/** What a pawn promotes to. */
export type PromotionPiece = Exclude<PieceSymbol, 'p' | 'k'>;
/** A piece as FEN writes it: upper case white, lower case black. */
export type PieceLetter = 'K' | 'Q' | 'R' | 'B' | 'N' | 'P' | 'k' | 'q' | 'r' | 'b' | 'n' | 'p';

/**
 * Why a typed move is not legal (chess-core's `MoveRejection::kind`), or `game-over`; the
 * sentence for a person is the explanation's `message`.
 */
export type RejectionReason = (typeof REJECTION_REASONS)[number];

/** One move, in every notation a front end needs. */
export interface MoveInfo {
  uci: string;
  san: string;
  /** The square the piece leaves. */
  from: Square;
  /** The square it lands on (the king's destination when castling). */
  to: Square;
  /** The mover's FEN letter (upper case: white). */
  piece: PieceLetter;
  /** The captured piece's FEN letter. */
  captured: PieceLetter | null;
  promotion: PromotionPiece | null;
  castle: boolean;
  enPassant: boolean;
  check: boolean;
  mate: boolean;
}

export type GameResult = '1-0' | '0-1' | '1/2-1/2' | '*';
/**
 * How the game stands. A claimable draw (`threefold-repetition`, `fifty-move-rule`) and
 * `insufficient-material` finish the game in the state (`isFinished`) but moves are still
 * accepted (the players may play on instead of claiming it); every other end refuses further
 * moves, among them `fivefold-repetition` and `seventy-five-move-rule`, which end a game without
 * a claim under FIDE's rules (a mate on the 150th ply stands).
 */
export type GameStatus = (typeof GAME_STATUSES)[number];

export interface Castling {
  whiteShort: boolean;
  whiteLong: boolean;
  blackShort: boolean;
  blackLong: boolean;
}

/** The position and the game's outcome. */
export interface GameState {
  fen: string;
  turn: Color;
  /**
   * Square (lower case, a {@link Square}) to FEN letter, for the squares with a piece; keyed by
   * `string` so that a square held in a `string` can index it.
   */
  pieces: Record<string, PieceLetter>;
  castling: Castling;
  /** The en-passant square when a capture there is legal. */
  enPassant: Square | null;
  /** The square a pawn skipped on the last move (FEN's original en-passant rule). */
  enPassantTarget: Square | null;
  halfMove: number;
  fullMove: number;
  check: boolean;
  isFinished: boolean;
  status: GameStatus;
  winner: Color | null;
  result: GameResult;
}

/**
 * A move of the game with the position after it, its ply (from 1), the PGN comment and numeric
 * annotation glyphs it carries (1 `!`, 2 `?`, 3 `!!`, 4 `??`, 5 `!?`, 6 `?!`...), and the
 * variations played instead of it (`[]` when none).
 */
export type HistoryItem = MoveInfo & { fen: string; ply: number; comment: string | null; nags: number[]; variations: Variation[] };

/**
 * A variation: a line played instead of a move of the game (or of another variation), from the
 * position before that move: PGN's `( ... )`. Variations nest: each of its moves has
 * `variations` of its own, up to 64 deep (what the PGN reader reads).
 */
export interface Variation {
  /** The comment before its first move (PGN's `({...} 12. d4 ...)`), or `null`. */
  comment: string | null;
  /** Its moves, at least one. */
  moves: VariationMove[];
}

/**
 * A move of a {@link Variation}: the move, the position after it, its ply in the game's count (a
 * variation's first move has the ply of the move it replaces), its {@link MovePath}, comment and
 * NAGs, and the variations played instead of it.
 */
export type VariationMove = MoveInfo & {
  fen: string;
  ply: number;
  path: number[];
  comment: string | null;
  nags: number[];
  variations: Variation[];
};

/**
 * Where a move of the game or of a variation is: the game's ply (from 1) alone, or
 * `[ply, variation, move, ...]`, pairs of a variation's index (among those played instead of the
 * move so far) and a move's index in it (from 0). `5` and `[5]` are ply 5 of the game;
 * `[5, 1, 0]` the first move of the second variation played instead of it. Every
 * {@link VariationMove} carries its own (`path`).
 */
export type MovePath = number | readonly number[];

/** What {@link ChessGame.annotate} sets on a ply: a comment (`''` removes it) and NAGs. */
export interface Annotation {
  comment?: string;
  nags?: number[];
}

export type Explanation =
  | { legal: true; move: MoveInfo }
  | { legal: false; reason: RejectionReason; message: string };

/**
 * A score: centipawns, or a mate in `moves` moves (negative: the side is mated). `kind` tells the
 * two apart (`if (score.kind === 'mate') …`).
 */
export type Score = { kind: 'cp'; cp: number } | { kind: 'mate'; moves: number };

/** The engine's answer to a draw offer (`answerDrawOffer`): declined before move `fromMove` without a search, else accepted when the position is level. */
export type DrawAnswer = { answer: 'too-early'; fromMove: number } | { answer: 'accepts' } | { answer: 'declines' };

export interface Line {
  uci: string;
  san: string;
  /** From the side to move's point of view. */
  score: Score;
  /** The same score from White's point of view (as a review's scores are), turned by the engine. */
  whiteScore: Score;
  bound: 'exact' | 'lower' | 'upper';
  pv: string[];
  pvSan: string[];
}

export interface Progress {
  depth: number;
  seldepth: number;
  multipv: number;
  nodes: number;
  nps: number;
  timeMs: number;
  /** From the side to move's point of view. */
  score: Score;
  /** The same score from White's point of view, turned by the engine. */
  whiteScore: Score;
  bound: 'exact' | 'lower' | 'upper';
  pv: string[];
  pvSan: string[];
}

export interface Analysis {
  best: Line;
  ponder: string | null;
  fromBook: boolean;
  depth: number;
  seldepth: number;
  nodes: number;
  timeMs: number;
  lines: Line[];
}

/** A difficulty level: 1 (about 800 Elo) to 5 (about 2300). */
export type Level = 1 | 2 | 3 | 4 | 5;

/** One level: the Elo it is calibrated to (by games against Stockfish) and its search budget. */
export interface LevelInfo {
  level: Level;
  elo: number;
  /** The depth it searches to, in plies, when depth limits the level. */
  depth?: number;
  /** The nodes it searches a move, when nodes limit the level. */
  nodes?: number;
  /** The transposition table it searches with, in MiB (unless `hashMb` says otherwise). */
  hashMb: number;
}

/** How strong the AI plays and how it searches. */
export interface AiOptions {
  /** 1 (about 800 Elo) to 5 (about 2300); the default is 3. */
  level?: Level;
  /** A rating from 800 to 2300 instead of a level. */
  elo?: number;
  /** No handicap: the full engine within the limits. */
  fullStrength?: boolean;
  moveTimeMs?: number;
  nodes?: number;
  depth?: number;
  /**
   * Transposition table in MiB (0: none), at most 1024 in WebAssembly (`MAX_HASH_MB`): a larger
   * one is refused with a `ChessError` naming the limit. (Every number of the options and limits
   * must be finite: NaN or Infinity is a `ChessError`, never read as "not given".)
   */
  hashMb?: number;
  depthOptions?: { base?: number; extended?: number; check?: boolean; quiescence?: number };
  /** Pick among moves within this many centipawns of the best. */
  randomness?: number;
  /** With a seed, the same position and options give the same move. */
  seed?: number;
  /** Play from the opening book (on by default). */
  book?: boolean;
  multiPv?: number;
}

/** The limits of one search. */
export interface ThinkOptions {
  mode?: 'play' | 'analyze';
  moveTimeMs?: number;
  nodes?: number;
  depth?: number;
  clock?: { timeMs: number; incrementMs?: number; movesToGo?: number };
  /**
   * Until stopped: by `WorkerAi.stop()`, or on the calling thread by the stop flag given to
   * `Ai.think` (without one, and with no other limit, `Ai` refuses it: it would never return).
   */
  infinite?: boolean;
  /**
   * Called with each completed iteration's lines while the search runs. If it throws, the search
   * goes on and still answers: the first error of each search is reported with `console.error`
   * (later ones of the same search are dropped), never thrown into the search or the worker's
   * message handler.
   */
  onProgress?: (progress: Progress) => void;
}

/**
 * What a move was worth in a review: lichess's classes and two of ours (`only-move`: the sole
 * move that keeps the result; `missed-win`: a won position thrown to equal or worse, or a mate
 * missed).
 */
export type MoveClass = (typeof MOVE_CLASS_NAMES)[number];

/** A class of a reviewed move as the engine names it: {@link MOVE_CLASSES}. */
export interface MoveClassInfo {
  class: MoveClass;
  /** In words: `Book move`, `Only move`, `Best move`, ... `Missed win`. */
  title: string;
  /** The PGN symbol: `!` (only move), `?!`, `?`, `??`; null for the others. */
  symbol: '!' | '?!' | '?' | '??' | null;
}

/** One move of a reviewed game. Scores are from White's point of view. */
export interface PlyReview {
  /** From 1. */
  ply: number;
  color: Color;
  san: string;
  uci: string;
  scoreBefore: Score;
  scoreAfter: Score;
  /** The mover's Win% (0-100) before and after the move, lichess's curve (the scores read in Stockfish's scale first). */
  winBefore: number;
  winAfter: number;
  /** lichess's move accuracy, 0-100. */
  accuracy: number;
  class: MoveClass;
  /** `!` (only move), `?!`, `?` or `??`. */
  symbol: '!' | '?!' | '?' | '??' | null;
  /** The engine's best move here with its line, when the move played was another. */
  best: { san: string; uci: string; score: Score; pvSan: string[] } | null;
  /**
   * Why the move is marked: a reason built from the engine's facts (a mate, material lost or
   * missed, a recapture forgotten, a fork, a threat, a promotion, a draw let in; docs/review.md
   * lists them), said only when {@link claim} holds along deeper searches, else the plain
   * sentence (the evaluation before and after, and the better move). For a best, excellent or
   * good move, its point when the board shows one (a fork or pin, a piece attacked, a piece saved).
   */
  why: string | null;
  /** The fact `why` states, checked before it was said; null for a plain sentence. */
  claim: ReviewClaim | null;
}

/** What a review's reason claims: docs/review.md, "Checked claims". */
export type ClaimKind = (typeof CLAIM_KINDS)[number];

/**
 * A reason's claim, in a form another engine's lines can check: its kind, the line that shows it
 * from the position before the move (`played`: the move played, then the answer; `better`: the
 * better move and its line), the plies of that line within which it happens, the material lost or
 * won in pawns (1, 3, 3, 5, 9), the moves to mate, the piece it names, and the fact in words.
 */
export interface ReviewClaim {
  kind: ClaimKind;
  line: 'played' | 'better';
  uci: string[];
  san: string[];
  plies: number;
  material: number;
  mate: number | null;
  piece: 'pawn' | 'knight' | 'bishop' | 'rook' | 'queen' | 'king' | null;
  square: string | null;
  /**
   * The fact in words as `why` says it, but without the better move (`it leaves the knight on d4
   * to exd4`, `it misses a mate in 2`): what a player asked to find a better move may be told of a
   * wrong try. Empty in a review written before 2026-12-06.
   */
  reason: string;
}

/** One side's figures in a review. */
export interface SideReview {
  /** lichess's game accuracy, 0-100. */
  accuracy: number;
  /** Average centipawn loss. */
  acpl: number;
  counts: Record<MoveClass, number>;
}

/** A reviewed game: JSON schema `chess-review/2` (docs/review.md), the same as `chess review --json`. */
export interface GameReview {
  schema: 'chess-review/2';
  white: SideReview;
  black: SideReview;
  /** The plies (from 1) of the largest Win% swings (10 or more), largest first: at most five marked moves. */
  keyMoments: number[];
  /** The game's opening (ECO code and name), or null. */
  opening: { eco: string; name: string } | null;
  /** Every move, in order (fewer when the review was stopped). */
  plies: PlyReview[];
}

/**
 * A named opening (the lichess chess-openings data set, CC0): its ECO code, its name, and the ply
 * of the game's last position that has the name (0: the start position).
 */
export interface Opening {
  eco: string;
  name: string;
  ply: number;
}

/** How a review searches: a budget a position (50,000 nodes by default: the same on every machine). */
export interface ReviewOptions {
  nodes?: number;
  /** A depth a position instead of nodes. */
  depth?: number;
  /** Moves of the opening book count as `book` up to this ply (30 by default). */
  bookPlies?: number;
  /** Called after each position with the positions done and their number. */
  onProgress?: (progress: { done: number; total: number }) => void;
}

/**
 * Compiles only when `A` and `B` are the same keys: the option types above (written here, with
 * their documentation) are checked against the keys the wasm module reads (`OPTION_KEYS`,
 * generated from its serde structs), so that a key added, renamed or dropped on either side fails
 * the build until the other follows. `mode` and the callbacks are the package's own.
 */
type SameKeys<A extends B, B extends PropertyKey = A> = A;
// eslint-disable-next-line @typescript-eslint/no-unused-vars
type OptionKeysChecked = [
  SameKeys<keyof AiOptions, (typeof OPTION_KEYS)['ai'][number]>,
  SameKeys<(typeof OPTION_KEYS)['ai'][number], keyof AiOptions>,
  SameKeys<keyof NonNullable<AiOptions['depthOptions']>, (typeof OPTION_KEYS)['depthOptions'][number]>,
  SameKeys<(typeof OPTION_KEYS)['depthOptions'][number], keyof NonNullable<AiOptions['depthOptions']>>,
  SameKeys<Exclude<keyof ThinkOptions, 'mode' | 'onProgress'>, (typeof OPTION_KEYS)['limits'][number]>,
  SameKeys<(typeof OPTION_KEYS)['limits'][number], Exclude<keyof ThinkOptions, 'mode' | 'onProgress'>>,
  SameKeys<keyof NonNullable<ThinkOptions['clock']>, (typeof OPTION_KEYS)['clock'][number]>,
  SameKeys<(typeof OPTION_KEYS)['clock'][number], keyof NonNullable<ThinkOptions['clock']>>,
  SameKeys<Exclude<keyof ReviewOptions, 'onProgress'>, (typeof OPTION_KEYS)['review'][number]>,
  SameKeys<(typeof OPTION_KEYS)['review'][number], Exclude<keyof ReviewOptions, 'onProgress'>>,
];
