/**
 * {@link ChessGameBase}: a game with every rule, on a wasm module's `Position`: the engine's
 * (`ChessGame` of chess-wasm, game.ts) or the rules-only module's (`ChessGame` of
 * chess-wasm/rules, rules.ts). This module loads neither: each subclass names its own.
 */
import type { Position } from './wasm-rules/chess_rules.js';
import { ChessError, IllegalMoveError, messageOf, requireString, rethrow } from './errors.js';
import { disposeSymbol, freeNow, freeWhenCollected } from './lifetime.js';
import type { Annotation, Color, Explanation, GameReview, GameState, HistoryItem, MoveInfo, MovePath, PromotionPiece } from './types.js';

/** @internal A wasm module's `Position` class (both modules' have these members). */
export interface PositionClass {
  new (fen: string | null): Position;
  fromPgn(pgn: string): Position;
  readPgn(text: string): Position[];
  fromEdit(fen: string): Position;
  chess960(n: number): Position;
}

/** A move typed by a person (SAN or UCI) or given by squares. */
export type MoveInput = string | { from: string; to: string; promotion?: PromotionPiece };

/** The wasm module's `Position.draws()`: each draw rule of the current position on its own. */
interface Draws {
  threefoldRepetition: boolean;
  fiftyMoveRule: boolean;
  insufficientMaterial: boolean;
  draw: boolean;
}

/**
 * A game: a start position and the moves played, with every rule (castling, en passant,
 * promotion to any piece, mate, stalemate, threefold repetition, the 50-move rule, insufficient
 * material) and resignation. What chess-wasm's `ChessGame` and chess-wasm/rules' have in common.
 */
export abstract class ChessGameBase {
  /** The wasm game; `null` once {@link free} has released it. */
  private raw: Position | null;
  /** How many searches read this game now (their `onProgress` runs inside them). */
  private searches = 0;

  /**
   * The start position (no argument), or the position of `fen`. Throws a {@link ChessError} on a
   * bad FEN, an empty one included.
   */
  constructor(fen?: string) {
    if (fen !== undefined) requireString(fen, 'the FEN', 'INVALID_FEN');
    const positions = this.positions();
    this.raw = freeWhenCollected(this, rethrow(() => new positions(fen ?? null)));
  }

  /** @internal The `Position` class of the wasm module this game runs on. */
  protected abstract positions(): PositionClass;

  /**
   * @internal The game's PGN with the tags `names[i]` = `values[i]` annotated from a review
   * (JSON): the review module's (chess-wasm's game); a game of the rules alone has none.
   */
  protected reviewedPgn(_names: string[], _values: string[], _reviewJson: string): string {
    throw new ChessError('a review annotates a PGN with chess-wasm, not with its rules alone', 'INVALID_OPTION');
  }

  /** @internal A game of the class of `prototype` around a wasm game. */
  protected static adopt<G extends ChessGameBase>(prototype: G, position: Position): G {
    const game = Object.create(prototype) as G;
    game.raw = freeWhenCollected(game, position);
    game.searches = 0;
    return game;
  }

  /** @internal The first game of `pgn`, of the class of `prototype` (a subclass's `fromPgn`). */
  protected static firstOfPgn<G extends ChessGameBase>(prototype: G, pgn: string): G {
    requireString(pgn, 'the PGN', 'INVALID_PGN');
    const positions = prototype.positions();
    return ChessGameBase.adopt(prototype, rethrow(() => positions.fromPgn(pgn)));
  }

  /** @internal Every game of `text`, of the class of `prototype` (a subclass's `readPgn`). */
  protected static allOfPgn<G extends ChessGameBase>(prototype: G, text: string): G[] {
    requireString(text, 'the PGN', 'INVALID_PGN');
    const positions = prototype.positions();
    return rethrow(() => positions.readPgn(text)).map((position) => ChessGameBase.adopt(prototype, position));
  }

  /** @internal Chess960 start position `n` (random when undefined), of the class of `prototype` (a subclass's `chess960`). */
  protected static numbered960<G extends ChessGameBase>(prototype: G, n: number | undefined): G {
    const number = n ?? Math.floor(Math.random() * 960);
    if (!Number.isInteger(number) || number < 0 || number > 959) {
      throw new ChessError(`a Chess960 start position is numbered 0 to 959, got ${String(n)}`, 'INVALID_ARGUMENT');
    }
    const positions = prototype.positions();
    return ChessGameBase.adopt(prototype, rethrow(() => positions.chess960(number)));
  }

  /** @internal A position set up by hand, of the class of `prototype` (a subclass's `fromEdit`). */
  protected static edited<G extends ChessGameBase>(prototype: G, fen: string): G {
    const positions = prototype.positions();
    return ChessGameBase.adopt(prototype, rethrow(() => positions.fromEdit(fen)));
  }

  /** @internal The wasm game; a {@link ChessError} once the game was freed. */
  get position(): Position {
    if (this.raw === null) throw new ChessError('this ChessGame was freed: no method can be called after free()', 'FREED');
    return this.raw;
  }

  /**
   * The wasm game, to change it: a {@link ChessError} while a search reads it (from an
   * `onProgress`: the search holds the game until it returns).
   */
  private get mutable(): Position {
    if (this.searches > 0) throw ChessGameBase.busy();
    return this.position;
  }

  private static busy(): ChessError {
    return new ChessError('this ChessGame is being searched: it cannot change until the search returns (clone() it to play on)', 'BUSY');
  }

  /**
   * @internal Run the search `f` on the wasm game: until it returns, the game can be read but
   * neither changed nor freed.
   */
  searched<T>(f: (position: Position) => T): T {
    const position = this.position;
    this.searches++;
    try {
      return f(position);
    } finally {
      this.searches--;
    }
  }

  /** The PGN tags, in order (`{ Event: 'Club', White: 'Ann', ... }`); the result is {@link state}'s. */
  tags(): Record<string, string> {
    return Object.fromEntries(JSON.parse(this.position.tags()) as [string, string][]);
  }

  /**
   * Set PGN tags: a value replaces the old one, `''` removes the tag. Names are letters, digits
   * and `_`; `Result`, `SetUp` and `FEN` are the game's own (a {@link ChessError} otherwise).
   */
  setTags(tags: Record<string, string>): void {
    const [names, values] = tagLists(tags);
    const position = this.mutable;
    rethrow(() => position.setTags(names, values));
  }

  /**
   * Set the comment and NAGs of ply `ply` (1 is the first move; 0 is the comment before it).
   * They show in {@link history} and in the {@link pgn}.
   */
  annotate(ply: number, annotation: Annotation): void {
    if (!Number.isInteger(ply) || ply < 0) throw new ChessError(`ply must be a whole number from 0, got ${String(ply)}`, 'INVALID_OPTION');
    const comment = annotation.comment === undefined ? null : requireString(annotation.comment, 'the comment', 'INVALID_OPTION');
    const nags = annotation.nags === undefined ? null : nagBytes(annotation.nags);
    const position = this.mutable;
    rethrow(() => position.annotate(ply, comment, nags));
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
   * Replace the game with the position of `fen`: no moves played, and no tags, comments or
   * result (as chess.js's `load` clears its header; set tags again with {@link setTags}). A bad
   * FEN throws a {@link ChessError} with code `INVALID_FEN` and leaves the game as it was.
   */
  load(fen: string): void {
    requireString(fen, 'the FEN', 'INVALID_FEN');
    const positions = this.positions();
    this.replace(() => new positions(fen));
  }

  /**
   * Back to the standard start position: no moves played, and no tags, comments or result
   * (chess.js's `reset` clears its header too).
   */
  reset(): void {
    const positions = this.positions();
    this.replace(() => new positions(null));
  }

  /** Make the wasm game `make` gives this game's, freeing the one it replaces; nothing changes if `make` throws. */
  private replace(make: () => Position): void {
    const old = this.mutable;
    const next = rethrow(make);
    freeNow(this, old);
    this.raw = freeWhenCollected(this, next);
  }

  /** Whether the side to move is in check (chess.js's `inCheck`; `state().check`). */
  inCheck(): boolean {
    return this.state().check;
  }

  /** Whether the side to move is mated (`state().status === 'checkmate'`). */
  isCheckmate(): boolean {
    return this.state().status === 'checkmate';
  }

  /** Whether the side to move has no legal move and is not in check (`state().status === 'stalemate'`). */
  isStalemate(): boolean {
    return this.state().status === 'stalemate';
  }

  /**
   * Whether the current position has occurred three times or more (same side to move, castling
   * rights and en-passant captures): a draw a player may claim. True whatever {@link state}'s
   * status names first (fivefold repetition, the 75-move rule, insufficient material).
   */
  isThreefoldRepetition(): boolean {
    return this.draws().threefoldRepetition;
  }

  /**
   * Whether a draw by the fifty-move rule can be claimed: 100 plies or more without a capture or
   * pawn move (`state().halfMove >= 100`), unless the last of them mated (the mate stands, as
   * FIDE's rule says; chess.js's `isDrawByFiftyMoves` counts the plies only).
   */
  isDrawByFiftyMoves(): boolean {
    return this.draws().fiftyMoveRule;
  }

  /**
   * Whether neither side can ever mate: kings alone, a king and one minor piece against a bare
   * king, or only bishops all on squares of one colour besides the kings. True whatever
   * {@link state}'s status names first (a stalemate with a lone bishop is both).
   */
  isInsufficientMaterial(): boolean {
    return this.draws().insufficientMaterial;
  }

  /**
   * Whether the game is drawn or a draw can be claimed, as chess.js's `isDraw`: stalemate,
   * insufficient material, the fifty-move rule, threefold repetition; and ours besides: fivefold
   * repetition, the 75-move rule, an agreed draw ({@link agreeDraw}) and a flag fallen when the
   * other side cannot mate ({@link flag}). A mate on the hundredth ply is a mate, not a draw.
   */
  isDraw(): boolean {
    return this.draws().draw;
  }

  /**
   * Whether the game has ended: checkmate or {@link isDraw} (chess.js's `isGameOver`), and ours
   * besides: a resignation and a loss on time. The same as `state().isFinished`. A claimable draw
   * (threefold repetition, fifty moves) and insufficient material end the game here, yet
   * {@link move} still accepts moves there (the players may play on instead of claiming).
   */
  isGameOver(): boolean {
    return this.state().isFinished;
  }

  /** The draw rules of the current position each on its own, as chess-core judges them. */
  private draws(): Draws {
    return JSON.parse(this.position.draws()) as Draws;
  }

  /**
   * The legal moves (from `square` only, if given: `e2` or `E2`). Throws a {@link ChessError}
   * naming the square when `square` is not one (`z9`).
   */
  moves(square?: string): MoveInfo[] {
    const from = square === undefined ? null : requireString(square, 'the square', 'INVALID_SQUARE');
    const position = this.position;
    return JSON.parse(rethrow(() => position.legalMoves(from))) as MoveInfo[];
  }

  /**
   * Play a move: SAN (`Nf3`, `e8=N`, `O-O`), UCI (`g1f3`, `e7e8n`) or squares
   * (`{ from: 'e7', to: 'e8', promotion: 'n' }`; a queen when no promotion piece is given).
   * Throws an {@link IllegalMoveError} saying why when the move is not legal.
   */
  move(move: MoveInput): MoveInfo {
    const position = this.mutable;
    try {
      if (typeof move === 'string') return JSON.parse(position.play(move)) as MoveInfo;
      if (move === null || typeof move !== 'object') {
        throw new ChessError('a move is a string (SAN or UCI) or { from, to, promotion? }', 'INVALID_MOVE');
      }
      const from = requireString(move.from, 'from', 'INVALID_SQUARE');
      const to = requireString(move.to, 'to', 'INVALID_SQUARE');
      const promotion = move.promotion === undefined ? null : requireString(move.promotion, 'promotion', 'INVALID_MOVE');
      return JSON.parse(position.playFromTo(from, to, promotion)) as MoveInfo;
    } catch (e) {
      if (e instanceof ChessError) throw e;
      const message = messageOf(e);
      const text = typeof move === 'string' ? move : `${move.from}${move.to}${move.promotion ?? ''}`;
      const why = this.explain(text);
      throw new IllegalMoveError(message, why.legal ? 'illegal' : why.reason);
    }
  }

  /** Whether `text` is a legal move here, and if not, why. */
  explain(text: string): Explanation {
    return JSON.parse(this.position.explain(requireString(text, 'the move', 'INVALID_MOVE'))) as Explanation;
  }

  /**
   * Take back the last move; the move taken back, or `null` at the start. Its comment, NAGs and
   * the variations played instead of it go with it.
   */
  undo(): MoveInfo | null {
    const position = this.mutable;
    const history = this.history();
    if (position.undo() === undefined) return null;
    const last = history[history.length - 1];
    if (last === undefined) return null;
    const { fen: _fen, ply: _ply, comment: _comment, nags: _nags, variations: _variations, ...move } = last;
    return move;
  }

  /**
   * The moves played, each with the FEN after it, its comment and NAGs, and the variations
   * played instead of it (a tree: each variation's moves have variations of their own).
   */
  history(): HistoryItem[] {
    return JSON.parse(this.position.history()) as HistoryItem[];
  }

  /**
   * Add a variation played instead of the move at `at` (a ply of the game, from 1, or the
   * {@link MovePath} of a variation's move): `moves` in SAN or UCI, from the position before that
   * move. Returns the path of its last move. What is there already is not added twice, as
   * lichess does: a first move that is the move at `at`, or the first move of one of its
   * variations, follows that line, and so on move after move; the moves that leave it become a
   * new variation (the last) of the move they differ from, or go on at the end of a variation
   * whose end they reach. Throws an {@link IllegalMoveError} for a move that is not legal where it
   * comes (nothing is added), and a {@link ChessError} `INVALID_ARGUMENT` for a path to no move,
   * no moves, moves past the end of the game (play those with {@link move}) or variations nested
   * more than 64 deep.
   *
   * ```ts
   * const game = ChessGame.fromPgn('1. e4 e5 2. Nf3 *');
   * game.addVariation(2, ['c5', 'Nf3', 'd6']);         // [2, 0, 2]: 1... c5 2. Nf3 d6 instead of 1... e5
   * game.addVariation([2, 0, 1], ['c3']);              // [2, 0, 1, 0, 0]: 2. c3 instead of 2. Nf3 there
   * game.pgn();                                        // '... 1. e4 e5 (1... c5 2. Nf3 (2. c3) 2... d6) 2. Nf3 *'
   * ```
   */
  addVariation(at: MovePath, moves: readonly string[]): number[] {
    const path = movePath(at);
    const list = moveList(moves);
    const position = this.mutable;
    return JSON.parse(rethrow(() => position.addVariation(path, list))) as number[];
  }

  /**
   * Play `moves` (SAN or UCI) after the move at `after` (a {@link MovePath}; `0` is the start of
   * the game), as an analysis board plays a move where it stands: after a variation's last move
   * they go on at its end; elsewhere they are a variation of the move that follows, merged as
   * {@link addVariation} merges (the move that follows, or one of its variations, is followed
   * when it is the same). After the game's last move they are refused: play them with
   * {@link move}. Returns the path of the last move; throws as {@link addVariation} does.
   */
  continueVariation(after: MovePath, moves: readonly string[]): number[] {
    const path = movePath(after);
    const list = moveList(moves);
    const position = this.mutable;
    return JSON.parse(rethrow(() => position.continueVariation(path, list))) as number[];
  }

  /**
   * Remove variation `index` (from 0) of those played instead of the move at `at` (a
   * {@link MovePath}), with everything in it; the later ones move up one place. A
   * {@link ChessError} `INVALID_ARGUMENT` when there is none.
   */
  removeVariation(at: MovePath, index: number): void {
    const path = movePath(at);
    if (!Number.isSafeInteger(index) || index < 0) {
      throw new ChessError(`a variation's index is a whole number from 0, got ${String(index)}`, 'INVALID_ARGUMENT');
    }
    const position = this.mutable;
    rethrow(() => position.removeVariation(path, index));
  }

  /** `loser` resigns: the game ends with the other side the winner. */
  resign(loser: Color): void {
    const position = this.mutable;
    rethrow(() => position.resign(requireString(loser, 'the colour')));
  }

  /** The players agree a draw: the game ends `1/2-1/2`, status `draw-agreed`. */
  agreeDraw(): void {
    const position = this.mutable;
    rethrow(() => position.agreeDraw());
  }

  /**
   * `flagged`'s time ran out: it loses on time, or the game is drawn when the other side could
   * not mate by any series of legal moves (FIDE's rule; a bare king, a lone knight...). The state's
   * status is then `time-forfeit`, with the winner, or none for the draw. Like a move, a
   * resignation and an agreed draw, it is refused (code `GAME_OVER`) once the game is over, but
   * not at a draw that could be claimed and was not (threefold repetition, the fifty-move rule):
   * that game goes on, clocks included.
   */
  flag(flagged: Color): void {
    const position = this.mutable;
    rethrow(() => position.flag(requireString(flagged, 'the colour')));
  }

  /**
   * The game in PGN: its {@link tags} with `tags` over them (`{ White: 'Ann', Event: 'Club' }`),
   * its comments and NAGs, and its result. With `{ review }` (a review of this game, from
   * `review`, `Ai.review` or `WorkerAi.review`, or one saved as JSON and parsed back), the moves
   * are annotated as lichess exports a computer analysis: `[%eval]` after each move, `?!` `?` `??`
   * (`!` for an only move) with the class, why and the better move in words, and the better line
   * as a variation; a review of another game is refused with a {@link ChessError}.
   *
   * ```ts
   * const r = await ai.review(game);
   * download(game.pgn({ White: 'You' }, { review: r }));   // '… 3... Nf6 $4 {[%eval #1] Blunder: allows mate in 1: Qxf7#; …'
   * ```
   */
  pgn(tags: Record<string, string> = {}, options: { review?: GameReview } = {}): string {
    const [names, values] = tagLists(tags);
    if (options === null || typeof options !== 'object') throw new ChessError('the PGN options must be an object', 'INVALID_OPTION');
    const { review } = options;
    if (review !== undefined && (review === null || typeof review !== 'object')) {
      throw new ChessError('the review must be a review object (from review() or WorkerAi.review)', 'INVALID_REVIEW');
    }
    if (review !== undefined) return this.reviewedPgn(names, values, JSON.stringify(review));
    return rethrow(() => this.position.pgn(names, values));
  }

  /** The board as text. */
  ascii(): string {
    return this.position.ascii();
  }

  /** A copy that can move on independently. */
  clone(): this {
    return ChessGameBase.adopt(Object.getPrototypeOf(this) as this, this.position.clone());
  }

  /**
   * Release the wasm memory now (otherwise a finaliser does it after the game is garbage-collected,
   * which a synchronous loop never gives it the chance to do). Every method throws a
   * {@link ChessError} afterwards; a second `free()` does nothing. `using game = new ChessGame()`
   * frees at the end of the block.
   */
  free(): void {
    if (this.searches > 0) throw ChessGameBase.busy();
    const raw = this.raw;
    this.raw = null;
    freeNow(this, raw);
  }

  /** {@link free}, for `using`. */
  [disposeSymbol](): void {
    this.free();
  }
}

/** A {@link MovePath} checked, as the module takes it. */
function movePath(at: MovePath): Uint32Array {
  const path: readonly unknown[] = typeof at === 'number' ? [at] : Array.isArray(at) ? (at as readonly unknown[]) : [];
  // Whole numbers a Uint32Array holds as they are (no game or variation has more moves).
  if (path.length === 0 || !path.every((n) => typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 0xffffffff)) {
    throw new ChessError(
      `a move's path is a ply or an array of whole numbers from 0 ([ply, variation, move, ...]), got ${describe(at)}`,
      'INVALID_ARGUMENT',
    );
  }
  return Uint32Array.from(path as number[]);
}

/** Moves (SAN or UCI) checked. */
function moveList(moves: readonly string[]): string[] {
  if (!Array.isArray(moves) || !(moves as readonly unknown[]).every((m) => typeof m === 'string')) {
    throw new ChessError(`a variation's moves are an array of strings (SAN or UCI), got ${describe(moves)}`, 'INVALID_ARGUMENT');
  }
  return [...moves];
}

/** NAGs checked, as the module takes them. */
function nagBytes(nags: readonly number[]): Uint8Array {
  if (!Array.isArray(nags) || !(nags as readonly unknown[]).every((n) => typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 255)) {
    throw new ChessError(`NAGs are numbers from 0 to 255, got ${describe(nags)}`, 'INVALID_OPTION');
  }
  return Uint8Array.from(nags);
}

/** `tags` checked, as the module takes them: names and values side by side. */
function tagLists(tags: Record<string, string>): [string[], string[]] {
  const entries = Object.entries(requireTags(tags));
  return [entries.map(([name]) => name), entries.map(([, value]) => value)];
}

/** A value, shortly, for an error message. */
function describe(value: unknown): string {
  if (value === null || typeof value !== 'object') return String(value);
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 40)}...` : text;
}

/** `tags` checked to be an object of strings. */
function requireTags(tags: Record<string, string>): Record<string, string> {
  if (tags === null || typeof tags !== 'object' || Array.isArray(tags)) {
    throw new ChessError('PGN tags are an object of strings, e.g. { White: "Ann" }', 'INVALID_OPTION');
  }
  for (const [name, value] of Object.entries(tags)) requireString(value, `the ${name} tag`, 'INVALID_OPTION');
  return tags;
}
