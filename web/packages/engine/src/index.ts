/**
 * chess-wasm: a chess engine for JavaScript, compiled from Rust to WebAssembly.
 *
 * - The modern API: {@link ChessGame} (every rule, SAN/UCI, PGN/FEN, explanations of illegal
 *   moves), {@link Ai} (blocking) and {@link WorkerAi} (in a worker, with progress and stop).
 * - A drop-in for js-chess-engine v2: `Game`, `moves`, `status`, `getFen`, `move`, `aiMove`, `ai`.
 *
 * Importing it loads nothing: in a page, `await init()` once before the first call (and
 * `await preload()` before the first `Ai`, `review` or `opening()`: the nets, the book and the
 * opening names are fetched apart, so that the first download stays small); in Node and in
 * workers the first call loads what it needs by itself.
 */
export { init } from './load.js';
export type { InitOptions, WasmResponse, WasmSource } from './load.js';
export { preload } from './data.js';
export type { DataFile, DataSet, PreloadOptions } from './data.js';
export { ChessGame } from './game.js';
export type { MoveInput } from './game-base.js';
export { Ai, DRAW_OFFER_MOVE_TIME_MS, HINT_MOVE_TIME_MS, LEVELS, MAX_HASH_MB, MOVE_CLASSES, answerDrawOffer, bench, review, version } from './ai.js';
export { WorkerAi } from './worker-ai.js';
export { MAX_NET_BYTES, NET_URL, currentNet, loadNet, unloadNet } from './net.js';
export type { NetInfo, NetSource } from './net.js';
export { ChessError, IllegalMoveError } from './errors.js';
/** Every word of a game's `status` and of why a move is refused, in order (the `GameStatus` and `RejectionReason` types), and the starting position's FEN. */
export { GAME_STATUSES, REJECTION_REASONS, START_FEN } from './tables.js';
export type { ChessErrorCode } from './errors.js';
export type {
  AiOptions, Analysis, Annotation, Castling, ClaimKind, Color, DrawAnswer, Explanation, GameResult, GameReview, GameState, GameStatus, HistoryItem,
  Level, LevelInfo, Line, MoveClass, MoveClassInfo, MoveInfo, MovePath, Opening, PieceLetter, PieceSymbol, PlyReview, Progress, PromotionPiece,
  RejectionReason, ReviewClaim, ReviewOptions, Score, SideReview, Square, ThinkOptions, Variation, VariationMove,
} from './types.js';
export { Game, ai, aiMove, getFen, move, moves, status } from './compat.js';
// js-chess-engine's `PieceSymbol` (a FEN letter) and `Square` (any string) are exported by
// 'chess-wasm/compat'; here those names are chess.js's (types.ts).
export type {
  AIOptions, AILevel, AIResult, BoardConfig, CastlingRights, HistoryEntry, MovesMap, ScoredHistoryMove,
} from './compat.js';
