/**
 * The board editor: a position set up by hand (pieces put on and taken off the squares, the side
 * to move, the castling rights), checked by the rules as it changes; from it a game is played or
 * the analysis board opened. It knows the position being edited, not the page: the page draws
 * it (render.ts) and passes the board's clicks (input.ts).
 */
import { ChessGame, START_FEN } from 'chess-wasm';

/** A piece in FEN's letters (`K` a white king, `p` a black pawn), or '' for the eraser. */
export type EditorTool = '' | 'K' | 'Q' | 'R' | 'B' | 'N' | 'P' | 'k' | 'q' | 'r' | 'b' | 'n' | 'p';

/** Every tool, in the palette's order. */
export const EDITOR_TOOLS: readonly EditorTool[] = ['K', 'Q', 'R', 'B', 'N', 'P', 'k', 'q', 'r', 'b', 'n', 'p', ''];

const FILES = 'abcdefgh';

export class PositionEditor {
  /** The piece on each square that has one, by square name. */
  private readonly pieces = new Map<string, string>();
  /** What a click on a square does: put this piece there, or ('') empty it. */
  tool: EditorTool = 'P';
  turn: 'w' | 'b' = 'w';
  /** The castling rights asked for (K, Q, k, q); those the position cannot have are dropped by the check. */
  readonly castling = new Set<string>(['K', 'Q', 'k', 'q']);

  constructor(fen: string = START_FEN) {
    this.load(fen);
  }

  /** Take the position of `fen` (its placement, side to move and castling rights). */
  load(fen: string): void {
    const [placement = '', turn = 'w', castling = '-'] = fen.trim().split(/\s+/);
    this.pieces.clear();
    placement.split('/').forEach((row, r) => {
      let file = 0;
      for (const c of row) {
        if (/\d/.test(c)) file += Number(c);
        else {
          if (file < 8 && r < 8) this.pieces.set(`${FILES[file]}${8 - r}`, c);
          file += 1;
        }
      }
    });
    this.turn = turn === 'b' ? 'b' : 'w';
    this.castling.clear();
    for (const c of castling) if ('KQkq'.includes(c)) this.castling.add(c);
  }

  /** Empty the board. */
  clear(): void {
    this.pieces.clear();
    this.castling.clear();
  }

  /** A click on `square`: the tool's piece put there (the same piece again takes it off), or the square emptied. */
  click(square: string): void {
    if (this.tool === '' || this.pieces.get(square) === this.tool) this.pieces.delete(square);
    else this.pieces.set(square, this.tool);
  }

  /** The position as typed (not yet checked): placement, side to move, castling. */
  fen(): string {
    const rows: string[] = [];
    for (let rank = 8; rank >= 1; rank--) {
      let row = '';
      let empty = 0;
      for (const file of FILES) {
        const piece = this.pieces.get(`${file}${rank}`);
        if (piece) {
          row += (empty || '') + piece;
          empty = 0;
        } else empty += 1;
      }
      rows.push(row + (empty || ''));
    }
    const castling = ['K', 'Q', 'k', 'q'].filter((c) => this.castling.has(c)).join('') || '-';
    return `${rows.join('/')} ${this.turn} ${castling} - 0 1`;
  }

  /**
   * The position checked by the rules: its FEN (castling rights that cannot hold dropped) or why
   * it is no legal position ("that leaves an illegal position: black has no king").
   */
  check(): { fen: string } | { error: string } {
    try {
      const game = ChessGame.fromEdit(this.fen());
      const fen = game.fen();
      game.free();
      return { fen };
    } catch (e) {
      return { error: e instanceof Error ? e.message : String(e) };
    }
  }
}
