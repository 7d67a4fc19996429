/** The page's elements, looked up once, and the small widgets drawn straight into them (eval bar, clock faces). */
import type { Color, Score } from 'chess-wasm';
import { type Clocks, formatClock } from './clock.js';
import { formatScore, whiteShare } from './format.js';

export const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;
export const hasOption = (select: HTMLSelectElement, value: unknown) =>
  Array.from(select.options).some((o) => o.value === value);

export const ui = {
  status: $('status'),
  message: $('message'),
  moves: $('moves'),
  opening: $('opening'),
  thinking: $('thinking'),
  thinkDepth: $('think-depth'),
  thinkScore: $('think-score'),
  thinkPv: $('think-pv'),
  evalBar: $('eval'),
  evalFill: $('eval-fill'),
  evalText: $('eval-text'),
  color: $<HTMLSelectElement>('color'),
  variant: $<HTMLSelectElement>('variant'),
  clock: $<HTMLSelectElement>('clock'),
  clocks: $('clocks'),
  clockTop: $('clock-top'),
  clockBottom: $('clock-bottom'),
  level: $<HTMLSelectElement>('level'),
  thinkTime: $<HTMLInputElement>('think-time'),
  thinkTimeLabel: $('think-time-label'),
  startFen: $<HTMLInputElement>('start-fen'),
  moveText: $<HTMLInputElement>('move-text'),
  pgnText: $<HTMLTextAreaElement>('pgn-text'),
  pgnGames: $<HTMLOListElement>('pgn-games'),
  fen: $('fen'),
  buttons: {
    undo: $<HTMLButtonElement>('undo'),
    hint: $<HTMLButtonElement>('hint'),
    resign: $<HTMLButtonElement>('resign'),
    stop: $<HTMLButtonElement>('stop'),
    review: $<HTMLButtonElement>('review'),
    nextMistake: $<HTMLButtonElement>('next-mistake'),
    reviewCancel: $<HTMLButtonElement>('review-cancel'),
    analyse: $<HTMLButtonElement>('analyse'),
    offerDraw: $<HTMLButtonElement>('offer-draw'),
    retry: $<HTMLButtonElement>('retry'),
    retryAnswer: $<HTMLButtonElement>('retry-answer'),
    retryNext: $<HTMLButtonElement>('retry-next'),
    downloadReviewed: $<HTMLButtonElement>('download-reviewed'),
  },
  analysisPanel: $('analysis-panel'),
  retryPanel: $('retry-panel'),
  editorPanel: $('editor-panel'),
  editorTools: $('editor-tools'),
  editorTurn: $<HTMLSelectElement>('editor-turn'),
  editorStatus: $('editor-status'),
  retryText: $('retry-text'),
  reviewProgress: $('review-progress'),
  reviewBar: $<HTMLProgressElement>('review-bar'),
  games: $<HTMLUListElement>('games-list'),
  gamesNote: $('games-note'),
  announce: $('announce'),
  end: {
    dialog: $<HTMLDialogElement>('end-dialog'),
    title: $('end-title'),
    reason: $('end-reason'),
  },
};

/** The page's one-line message: what just happened, or (`isError`) what went wrong. */
export function say(text: string, isError = false): void {
  ui.message.textContent = text;
  ui.message.classList.toggle('error', isError);
}

/** The settings in the header: theme (Auto follows the system), pieces, board, sound, notation, takebacks. */
export const themeSelect = $<HTMLSelectElement>('theme');
export const piecesSelect = $<HTMLSelectElement>('pieces');
export const boardSelect = $<HTMLSelectElement>('board-theme');
export const soundSwitch = $<HTMLInputElement>('sound');
export const figurineSwitch = $<HTMLInputElement>('figurines');
export const takebackSelect = $<HTMLSelectElement>('takebacks');

/**
 * The eval bar: White's share, and the number at the end of the side that is ahead; null is no
 * evaluation (levels below full strength, or a position no full search or review has seen).
 */
export function showGauge(score: Score | null): void {
  const share = score ? whiteShare(score) : 50;
  ui.evalFill.style.height = `${share}%`;
  ui.evalText.textContent = score ? formatScore(score) : '–';
  ui.evalText.classList.toggle('black-ahead', share < 50);
  ui.evalBar.classList.toggle('idle', score === null);
  ui.evalBar.title = score
    ? `Evaluation ${formatScore(score)} (White's point of view)`
    : 'The evaluation shows at full strength and in a game review (a level\'s own score is handicapped).';
}

/** The clock faces, `bottom`'s side at the bottom, each named for who plays it (`human` is "You"). */
export function drawClockFaces(clocks: Clocks, bottom: Color, human: Color): void {
  ui.clocks.hidden = false;
  const top: Color = bottom === 'white' ? 'black' : 'white';
  for (const [el, color] of [[ui.clockTop, top], [ui.clockBottom, bottom]] as const) {
    const left = clocks.timeLeft(color);
    el.querySelector('.who')!.textContent = `${color === human ? 'You' : 'Engine'} (${color})`;
    el.querySelector('.time')!.textContent = formatClock(left);
    el.classList.toggle('running', clocks.turn === color);
    el.classList.toggle('low', left < 20_000);
  }
}

/**
 * The board and the review's note (its sentence and Next mistake) brought into sight together
 * when either is out of it: on a phone the review is asked for from below the board.
 */
export function showBoardAndNote(): void {
  const board = $('board').getBoundingClientRect();
  const note = $('review-note').getBoundingClientRect();
  if (board.top >= 0 && note.bottom <= window.innerHeight) return;
  window.scrollBy({ top: Math.min(board.top, note.top) - 8 });
}
