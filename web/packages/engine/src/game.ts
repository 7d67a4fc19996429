/** {@link ChessGame}: a game with every rule, from the wasm module's `Position`. */
import { wasm } from './load.js';
import { ChessError, IllegalMoveError, requireString, rethrow } from './errors.js';
import type { Color, Explanation, GameState, HistoryItem, MoveInfo, PromotionPiece } from './types.js';

/** A move typed by a person (SAN or UCI) or given by squares. */
export type MoveInput = string | { from: string; to: string; promotion?: PromotionPiece };

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
export class ChessGame {
  /** The wasm game; `null` once {@link free} has released it. */
  private raw: wasm.Position | null;

  /**
   * The start position (no argument), or the position of `fen`. Throws a {@link ChessError} on a
   * bad FEN, an empty one included.
   */
  constructor(fen?: string) {
    if (fen !== undefined) requireString(fen, 'the FEN');
    this.raw = rethrow(() => new wasm.Position(fen ?? null));
  }

  /** A ChessGame around a wasm game. */
  private static adopt(position: wasm.Position): ChessGame {
    const game = Object.create(ChessGame.prototype) as ChessGame;
    game.raw = position;
    return game;
  }

  /** @internal The wasm game; a {@link ChessError} once the game was freed. */
  get position(): wasm.Position {
    if (this.raw === null) throw new ChessError('this ChessGame was freed: no method can be called after free()');
    return this.raw;
  }

  /** The game of a PGN text. */
  static fromPgn(pgn: string): ChessGame {
    requireString(pgn, 'the PGN');
    return ChessGame.adopt(rethrow(() => wasm.Position.fromPgn(pgn)));
  }

  /** The current position's FEN. */
  fen(): string {
    return this.position.fen();
  }

  /** The start position's FEN. */
  startFen(): string {
    return this.position.startFen();
  }

  /** The position and the outcome. */
  state(): GameState {
    return JSON.parse(this.position.state()) as GameState;
  }

  /**
   * The legal moves (from `square` only, if given: `e2` or `E2`). Throws a {@link ChessError}
   * naming the square when `square` is not one (`z9`).
   */
  moves(square?: string): MoveInfo[] {
    const from = square === undefined ? null : requireString(square, 'the square');
    const position = this.position;
    return JSON.parse(rethrow(() => position.legalMoves(from))) as MoveInfo[];
  }

  /**
   * Play a move: SAN (`Nf3`, `e8=N`, `O-O`), UCI (`g1f3`, `e7e8n`) or squares
   * (`{ from: 'e7', to: 'e8', promotion: 'n' }`; a queen when no promotion piece is given).
   * Throws an {@link IllegalMoveError} saying why when the move is not legal.
   */
  move(move: MoveInput): MoveInfo {
    try {
      if (typeof move === 'string') return JSON.parse(this.position.play(move)) as MoveInfo;
      if (move === null || typeof move !== 'object') {
        throw new ChessError('a move is a string (SAN or UCI) or { from, to, promotion? }');
      }
      const from = requireString(move.from, 'from');
      const to = requireString(move.to, 'to');
      const promotion = move.promotion === undefined ? null : requireString(move.promotion, 'promotion');
      return JSON.parse(this.position.playFromTo(from, to, promotion)) as MoveInfo;
    } catch (e) {
      if (e instanceof ChessError) throw e;
      const message = e instanceof Error ? e.message : String(e);
      const text = typeof move === 'string' ? move : `${move.from}${move.to}${move.promotion ?? ''}`;
      const why = this.explain(text);
      throw new IllegalMoveError(message, why.legal ? 'illegal' : why.reason);
    }
  }

  /** Whether `text` is a legal move here, and if not, why. */
  explain(text: string): Explanation {
    return JSON.parse(this.position.explain(requireString(text, 'the move'))) as Explanation;
  }

  /** Take back the last move; the move taken back, or `null` at the start. */
  undo(): MoveInfo | null {
    const history = this.history();
    if (this.position.undo() === undefined) return null;
    const last = history[history.length - 1];
    if (last === undefined) return null;
    const { fen: _fen, ply: _ply, ...move } = last;
    return move;
  }

  /** The moves played, each with the FEN after it. */
  history(): HistoryItem[] {
    return JSON.parse(this.position.history()) as HistoryItem[];
  }

  /** `loser` resigns: the game ends with the other side the winner. */
  resign(loser: Color): void {
    rethrow(() => this.position.resign(requireString(loser, 'the colour')));
  }

  /** The game in PGN, with extra tags (`{ White: 'Ann', Event: 'Club' }`). */
  pgn(tags: Record<string, string> = {}): string {
    return rethrow(() => this.position.pgn(JSON.stringify(tags)));
  }

  /** The board as text. */
  ascii(): string {
    return this.position.ascii();
  }

  /** A copy that can move on independently. */
  clone(): ChessGame {
    return ChessGame.adopt(this.position.clone());
  }

  /**
   * Release the wasm memory now (otherwise the garbage collector does it). Every method throws a
   * {@link ChessError} afterwards; a second `free()` does nothing.
   */
  free(): void {
    const raw = this.raw;
    this.raw = null;
    raw?.free();
  }
}
