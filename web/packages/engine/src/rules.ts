/**
 * chess-wasm/rules: the rules alone, as light as a rules library can be in WebAssembly.
 * {@link ChessGame} with every rule, SAN/UCI, FEN, PGN (read and write), explanations of illegal
 * moves; no engine, nets, book, opening names or review (chess-wasm has them). Its own wasm
 * module: a game of this entry cannot be searched by chess-wasm's `Ai` (make the game with
 * chess-wasm's `ChessGame`, or pass `game.pgn()` across).
 *
 * Importing it loads nothing: in a page, `await init()` once before the first call; in Node and
 * in workers the first call loads the module by itself.
 */
import { ChessGameBase, type PositionClass } from './game-base.js';
import { bindings } from './load-rules.js';

export { init } from './load-rules.js';
export type { InitOptions, WasmResponse, WasmSource } from './wasm-loader.js';
export type { MoveInput } from './game-base.js';
export { ChessError, IllegalMoveError } from './errors.js';
/** Every word of a game's `status` and of why a move is refused, in order (the `GameStatus` and `RejectionReason` types), and the starting position's FEN. */
export { GAME_STATUSES, REJECTION_REASONS, START_FEN } from './tables.js';
export type { ChessErrorCode } from './errors.js';
export type {
  Annotation, Castling, Color, Explanation, GameResult, GameState, GameStatus, HistoryItem, MoveInfo, MovePath, PieceLetter,
  PieceSymbol, PromotionPiece, RejectionReason, Square, Variation, VariationMove,
} from './types.js';

/**
 * A game: a start position and the moves played, with every rule (castling, en passant,
 * promotion to any piece, mate, stalemate, threefold repetition, the 50-move rule, insufficient
 * material) and resignation: chess-wasm's `ChessGame` without `opening()` and without a review
 * to annotate its PGN.
 *
 * ```ts
 * import { init, ChessGame } from 'chess-wasm/rules';
 * await init();
 * const game = new ChessGame();
 * game.move('e4');
 * game.isCheckmate();   // false
 * ```
 */
export class ChessGame extends ChessGameBase {
  /** @internal */
  protected positions(): PositionClass {
    return bindings().Position;
  }

  /**
   * The first game of a PGN text, whole: its tags, comments, NAGs and variations, and its result.
   * An empty text is the start position.
   */
  static fromPgn(pgn: string): ChessGame {
    return ChessGameBase.firstOfPgn(ChessGame.prototype, pgn);
  }

  /**
   * Every game of a PGN text (a database of many games), each as {@link fromPgn} reads one.
   * Throws a {@link ChessError} naming the first game that cannot be read, by number and line.
   */
  static readPgn(text: string): ChessGame[] {
    return ChessGameBase.allOfPgn(ChessGame.prototype, text);
  }

  /**
   * A Chess960 game from start position `n` (0 to 959, Scharnagl's numbering: 518 is the standard
   * position), or a random one: castling by Chess960's rules (the king onto its rook, or to its
   * square), and its PGN says `[Variant "Chess960"]` with the start FEN.
   *
   * ```ts
   * const game = ChessGame.chess960(3);
   * game.fen();   // 'bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRKRB w KQkq - 0 1'
   * ```
   */
  static chess960(n?: number): ChessGame {
    return ChessGameBase.numbered960(ChessGame.prototype, n);
  }
}
