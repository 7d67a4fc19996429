/**
 * The review panel: a game's review (from `WorkerAi.review`) shown as each side's accuracy and
 * counts, a Win% graph to click through, class marks for the move list and, for the move shown,
 * why it is marked and the better move. It knows the review, not the game: the controller tells it
 * which ply is shown and gets back the arrows to draw.
 */
import { MOVE_CLASSES, type Color, type GameReview, type MoveClass, type PlyReview } from 'chess-wasm';
import { formatScore } from './format.js';

/** The classes worth a mark in the move list, with their symbol and colour class. */
const MARKED: Partial<Record<MoveClass, string>> = {
  'only-move': '!',
  inaccuracy: '?!',
  mistake: '?',
  blunder: '??',
  'missed-win': '??',
};

/** The classes "next mistake" stops at. */
const MISTAKES: MoveClass[] = ['inaccuracy', 'mistake', 'blunder', 'missed-win'];

/** The classes "learn from your mistakes" replays (lichess's: inaccuracies are left alone). */
const TO_RETRY: MoveClass[] = ['mistake', 'blunder', 'missed-win'];

/** The classes a retried move passes with: as good as the best, within the `good` band. */
export const GOOD_ENOUGH: MoveClass[] = ['book', 'only-move', 'best', 'excellent', 'good'];

/** The classes' titles, from the engine (the annotated PGN says the same words). */
const NAMES = Object.fromEntries(MOVE_CLASSES.map((c) => [c.class, c.title])) as Record<MoveClass, string>;

export interface ReviewElements {
  panel: HTMLElement;
  summary: HTMLElement;
  graph: SVGSVGElement;
  /** The box of the sentence (shown with a review). */
  note: HTMLElement;
  /** The sentence about the move shown. */
  why: HTMLElement;
}

export class ReviewPanel {
  private review: GameReview | null = null;

  constructor(
    private readonly el: ReviewElements,
    /** The player clicked a point of the graph: show that ply. */
    private readonly onPick: (ply: number) => void,
  ) {}

  /** The review shown (null: none). */
  get current(): GameReview | null {
    return this.review;
  }

  /** Show a review (null hides the panel). */
  set(review: GameReview | null): void {
    this.review = review;
    this.el.panel.hidden = review === null;
    this.el.note.hidden = review === null;
    if (review) {
      this.drawSummary(review);
      this.drawGraph(review);
    }
  }

  /** The mark of a ply in the move list: its symbol and class name, or null. */
  mark(ply: number): { symbol: string; cls: MoveClass } | null {
    const p = this.review?.plies[ply - 1];
    const symbol = p ? MARKED[p.class] : undefined;
    return p && symbol ? { symbol, cls: p.class } : null;
  }

  /** The first inaccuracy or worse after `ply`, from the start again past the last; null when none. */
  nextMistake(ply: number): number | null {
    const mistakes = this.review?.plies.filter((p) => MISTAKES.includes(p.class)) ?? [];
    return (mistakes.find((p) => p.ply > ply) ?? mistakes[0])?.ply ?? null;
  }

  /** Clear the sentence about the move shown (another panel speaks for now). */
  hideWhy(): void {
    delete this.el.why.dataset.class;
    this.el.why.textContent = '';
    this.el.note.hidden = true;
  }

  /** The plies where `color` made a mistake, a blunder or missed a win, in order. */
  mistakesOf(color: Color): PlyReview[] {
    return this.review?.plies.filter((p) => p.color === color && TO_RETRY.includes(p.class)) ?? [];
  }

  /**
   * Show what the review says about the move that led to `ply` (0: the start), and return the
   * move, whether it is an inaccuracy or worse, and then the better move to draw.
   */
  show(ply: number): { played: PlyReview; mistake: boolean; best: { from: string; to: string } | null } | null {
    const p = ply > 0 ? this.review?.plies[ply - 1] : undefined;
    this.el.note.hidden = this.review === null;
    const cursor = this.el.graph.querySelector('.cursor');
    cursor?.setAttribute('x1', String(ply));
    cursor?.setAttribute('x2', String(ply));
    if (!p) {
      delete this.el.why.dataset.class;
      this.el.why.textContent = this.review ? 'Click a point of the graph or a move to see what the review says.' : '';
      return null;
    }
    const name = NAMES[p.class];
    const mistake = MISTAKES.includes(p.class);
    const over = p.scoreAfter.kind === 'mate' && p.scoreAfter.moves === 0;
    const parts = [`${p.san}: ${p.class === 'best' ? 'the best move' : name} (${over ? 'the game is over' : formatScore(p.scoreAfter)}).`];
    if (p.why) parts.push(capitalise(p.why) + '.');
    // The reason names the better move when it is the point; else the line is added here.
    if (p.best && mistake && !p.why?.includes('better')) {
      parts.push(`Better: ${p.best.pvSan.slice(0, 6).join(' ')}.`);
    }
    this.el.why.textContent = parts.join(' ');
    this.el.why.dataset.class = p.class;
    const best = p.best && mistake ? { from: p.best.uci.slice(0, 2), to: p.best.uci.slice(2, 4) } : null;
    return { played: p, mistake, best };
  }

  private drawSummary(r: GameReview): void {
    const rows: [string, (s: GameReview['white']) => string][] = [
      ['Accuracy', (s) => `${s.accuracy.toFixed(1)}%`],
      ['Inaccuracies', (s) => String(s.counts.inaccuracy)],
      ['Mistakes', (s) => String(s.counts.mistake)],
      ['Blunders', (s) => String(s.counts.blunder + s.counts['missed-win'])],
      ['Avg. centipawn loss', (s) => s.acpl.toFixed(0)],
    ];
    const table = document.createElement('table');
    table.className = 'review-table';
    table.innerHTML = '<thead><tr><th></th><th scope="col">White</th><th scope="col">Black</th></tr></thead>';
    const body = document.createElement('tbody');
    for (const [label, value] of rows) {
      const tr = document.createElement('tr');
      const th = document.createElement('th');
      th.scope = 'row';
      th.textContent = label;
      tr.append(th);
      for (const side of [r.white, r.black]) {
        const td = document.createElement('td');
        td.textContent = value(side);
        tr.append(td);
      }
      body.append(tr);
    }
    table.append(body);
    this.el.summary.replaceChildren(table);
  }

  /** White's Win% after each ply, as a line over 0-100 with the mistakes as dots. */
  private drawGraph(r: GameReview): void {
    const svg = this.el.graph;
    const n = Math.max(r.plies.length, 1);
    const ns = 'http://www.w3.org/2000/svg';
    svg.setAttribute('viewBox', `0 0 ${n} 100`);
    svg.setAttribute('preserveAspectRatio', 'none');
    const whiteWin = (p: PlyReview) => (p.color === 'white' ? p.winAfter : 100 - p.winAfter);
    const start = r.plies[0] ? (r.plies[0].color === 'white' ? r.plies[0].winBefore : 100 - r.plies[0].winBefore) : 50;
    const points = [`0,${100 - start}`, ...r.plies.map((p) => `${p.ply},${100 - whiteWin(p)}`)];
    const area = document.createElementNS(ns, 'polygon');
    area.setAttribute('points', [`0,100`, ...points, `${n},100`].join(' '));
    area.setAttribute('class', 'area');
    const mid = document.createElementNS(ns, 'line');
    Object.entries({ x1: '0', x2: String(n), y1: '50', y2: '50', class: 'mid' }).forEach(([k, v]) => mid.setAttribute(k, v));
    const cursor = document.createElementNS(ns, 'line');
    Object.entries({ x1: '0', x2: '0', y1: '0', y2: '100', class: 'cursor' }).forEach(([k, v]) => cursor.setAttribute(k, v));
    const marks = r.plies
      .filter((p) => MISTAKES.includes(p.class))
      .map((p) => {
        const dot = document.createElementNS(ns, 'line');
        const y = 100 - whiteWin(p);
        Object.entries({ x1: String(p.ply), x2: String(p.ply), y1: String(y - 0.01), y2: String(y), class: `dot ${p.class}` })
          .forEach(([k, v]) => dot.setAttribute(k, v));
        return dot;
      });
    svg.replaceChildren(area, mid, cursor, ...marks);
    svg.onclick = (event: MouseEvent) => {
      const box = svg.getBoundingClientRect();
      const ply = Math.round(((event.clientX - box.left) / Math.max(box.width, 1)) * n);
      this.onPick(Math.min(Math.max(ply, 0), n));
    };
  }
}

/** A class as the page names it (`Blunder`, `Only move`). */
export function className(cls: MoveClass): string {
  return NAMES[cls];
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
