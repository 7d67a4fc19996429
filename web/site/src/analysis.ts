/**
 * The analysis board: from any position of the game, free moves for both sides, with the engine's
 * three best lines live (full strength, no book, searching until stopped in the page's worker),
 * stop and go, a move back, and back to the game. It owns its own copy of the position; the
 * controller draws the board from `game` and hands it the moves the player makes.
 */
import { ChessGame, type Progress, type Score, type WorkerAi } from 'chess-wasm';
import { formatScore, moveNumber } from './format.js';

/** The lines shown. */
export const LINES = 3;

export interface AnalysisElements {
  /** The list the lines are drawn into. */
  lines: HTMLOListElement;
  /** Depth and speed of the search. */
  info: HTMLElement;
  /** The stop / go button. */
  toggle: HTMLButtonElement;
  /** The best line's score changed (White's view; null: none yet). */
  onScore(score: Score | null): void;
}

export class AnalysisBoard {
  readonly game: ChessGame;
  /** The ply of the game the board opened on: its line's first move is the game's ply `from + 1`. */
  readonly from: number;
  private readonly ai: WorkerAi;
  private readonly el: AnalysisElements;
  /** The running search, settled once it stopped. */
  private search: Promise<unknown> | null = null;
  /** The player wants the engine on (Go) or off (Stop). */
  private on = true;
  private closed = false;
  private best: (Progress | null)[] = [];

  private constructor(ai: WorkerAi, fen: string, from: number, el: AnalysisElements) {
    this.ai = ai;
    this.el = el;
    this.from = from;
    this.game = new ChessGame(fen);
  }

  /**
   * Open the board on `fen`, the position after the game's ply `from`, with the moves of `line`
   * played on it (a variation's), and start the engine there.
   */
  static async open(ai: WorkerAi, fen: string, from: number, el: AnalysisElements, line: readonly string[] = []): Promise<AnalysisBoard> {
    const board = new AnalysisBoard(ai, fen, from, el);
    for (const move of line) board.game.move(move);
    await ai.setOptions({ fullStrength: true, book: false, multiPv: LINES });
    el.toggle.onclick = () => void board.toggle();
    await board.restart();
    return board;
  }

  /** Play a move on the analysis board (throws the game's error when it is not legal). */
  async play(move: string | { from: string; to: string; promotion?: 'q' | 'r' | 'b' | 'n' }): Promise<void> {
    this.game.move(move);
    await this.restart();
  }

  /** Take back the last move of the analysis. */
  async back(): Promise<void> {
    await this.backTo(this.game.history().length - 1);
  }

  /** Go back to the position after the line's move `moves` (0: where the board opened). */
  async backTo(moves: number): Promise<void> {
    let undone = false;
    while (this.game.history().length > Math.max(0, moves) && this.game.undo()) undone = true;
    if (undone) await this.restart();
  }

  /** Stop the engine or start it again. */
  async toggle(): Promise<void> {
    this.on = !this.on;
    if (this.on) await this.restart();
    else await this.halt();
    this.draw();
  }

  /** Stop the engine and release the position; the controller gives the engine its level back. */
  async close(): Promise<void> {
    this.closed = true;
    await this.halt();
    this.game.free();
  }

  /** The best line's score (White's view), once the search has one. */
  get score(): Score | null {
    return this.best[0]?.score ?? null;
  }

  /** Whether the engine is searching (or about to). */
  get running(): boolean {
    return this.on && !this.closed;
  }

  /** Stop the search, if one runs, and wait until the worker is free. */
  private async halt(): Promise<void> {
    if (!this.search) return;
    this.ai.stop();
    await this.search;
    this.search = null;
  }

  /** Search the position on the board from scratch (when the engine is on). */
  private async restart(): Promise<void> {
    await this.halt();
    this.best = [];
    this.draw();
    if (!this.on || this.closed || this.game.state().isFinished) return;
    const search = this.ai
      .think(this.game, {
        mode: 'analyze',
        infinite: true,
        onProgress: (p) => {
          if (this.search !== search || p.multipv < 1 || p.multipv > LINES) return;
          this.best[p.multipv - 1] = { ...p, score: p.whiteScore };
          this.draw();
          if (p.multipv === 1) this.el.onScore(this.score);
        },
      })
      .catch(() => undefined);
    this.search = search;
  }

  /** The lines, each with its score (White's view), depth and moves numbered from the position. */
  private draw(): void {
    const state = this.game.state();
    this.el.toggle.textContent = this.on ? 'Stop' : 'Go';
    this.el.toggle.setAttribute('aria-pressed', String(this.on));
    if (state.isFinished) {
      this.el.info.textContent = 'The game is over in this position.';
      this.el.lines.replaceChildren();
      return;
    }
    const first = this.best[0];
    this.el.info.textContent = !this.on
      ? 'The engine is stopped: Go to start it.'
      : first
        ? `Depth ${first.depth} · ${Math.round(first.nps / 1000)} k nodes/s`
        : 'Thinking…';
    const items = this.best.flatMap((p) => {
      if (!p) return [];
      const li = document.createElement('li');
      const score = document.createElement('b');
      score.textContent = formatScore(p.score);
      const moves = document.createElement('span');
      moves.textContent = p.pvSan
        .slice(0, 10)
        .map((san, i) => {
          const number = moveNumber(i + 1, state.fullMove, state.turn);
          return number.endsWith('.') || i === 0 ? `${number} ${san}` : san;
        })
        .join(' ');
      li.append(score, ' ', moves);
      return [li];
    });
    this.el.lines.replaceChildren(...items);
  }
}
