/**
 * {@link ChessGame}: a game with every rule, on the engine's wasm module (what `Ai`, `WorkerAi`
 * and the review take), with the opening's name and PGN annotated from a review.
 */
import { ChessGameBase, type PositionClass } from './game-base.js';
import { ensureData } from './data.js';
import { rethrow } from './errors.js';
import { bindings } from './load.js';
import { reviewBindings } from './load-review.js';
import type * as wasm from './wasm/chess_wasm.js';
import type { Opening } from './types.js';

/**
 * A game: a start position and the moves played, with every rule (castling, en passant,
 * promotion to any piece, mate, stalemate, threefold repetition, the 50-move rule, insufficient
 * material) and resignation.
 *
 * ```ts
 * const game = new ChessGame();
 * game.move('e4'); game.move('e7e5'); game.move({ from: 'g1', to: 'f3' });
 * game.state().turn;   // 'black'
 * game.pgn();          // '[Event "?"] … 1. e4 e5 2. Nf3 *'
 * ```
 */
export class ChessGame extends ChessGameBase {
  /** @internal */
  protected positions(): PositionClass {
    return bindings().Position;
  }

  /**
   * @internal The PGN annotated by the review module (load-review.ts), given the game's PGN and
   * the opening names (a review's PGN names the opening).
   */
  protected override reviewedPgn(names: string[], values: string[], reviewJson: string): string {
    const module = reviewBindings();
    ensureData('openings', module);
    const pgn = rethrow(() => this.position.pgn([], []));
    return rethrow(() => module.annotatePgn(pgn, names, values, reviewJson));
  }

  /** @internal Run the search `f` on the engine's wasm game ({@link ChessGameBase.searched}). */
  override searched<T>(f: (position: wasm.Position) => T): T {
    return super.searched((position) => f(position as wasm.Position));
  }

  /**
   * The first game of a PGN text, whole: its tags ({@link tags}), comments, NAGs and variations
   * ({@link history}; {@link pgn} writes them back), and its result (`1-0` after a resignation,
   * `1/2-1/2` agreed: the game's status says so). An empty text is the start position.
   */
  static fromPgn(pgn: string): ChessGame {
    return ChessGameBase.firstOfPgn(ChessGame.prototype, pgn);
  }

  /**
   * Every game of a PGN text (a database of many games), each as {@link fromPgn} reads one.
   * Throws a {@link ChessError} naming the first game that cannot be read, by number and line
   * (`invalid PGN: game 2, line 14: move 7. Ke3: illegal move "Ke3"`).
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

  /**
   * A position set up by hand (a board editor's, compat's `setPiece`/`removePiece`), as a FEN:
   * castling rights and an en-passant square that no longer hold are dropped; a
   * {@link ChessError} (`INVALID_FEN`) with the reason for anything else that is no legal
   * position (a king missing, the side not to move in check, pawns on the last rank...).
   *
   * ```ts
   * ChessGame.fromEdit('4k3/8/8/8/8/8/8/4K2R w KQ - 0 1').fen();   // '4k3/8/8/8/8/8/8/4K2R w K - 0 1'
   * ```
   */
  static fromEdit(fen: string): ChessGame {
    return ChessGameBase.edited(ChessGame.prototype, fen);
  }

  /**
   * The game's opening, as lichess names it: the ECO code and name of the last position of the
   * game that the lichess chess-openings data set names, or `null` (`{ eco: 'C50', name: 'Italian
   * Game: Giuoco Piano', ply: 6 }`).
   */
  opening(): Opening | null {
    ensureData('openings');
    return JSON.parse(rethrow(() => (this.position as wasm.Position).opening())) as Opening | null;
  }
}
