/**
 * "Learn from your mistakes": the player's mistakes of a review, one after the other, each tried
 * again from the position before it. The state and its words; modes.ts runs it (the board, the
 * engine's judgement of a tried move, the panel's buttons).
 */
import { ChessGame, type GameState, type MoveInfo, type PlyReview } from 'chess-wasm';
import { moveNumber } from './format.js';
import { GOOD_ENOUGH, className } from './review.js';
import { ui } from './ui.js';

/** A run: the player's mistakes and the one being retried. */
export interface Retry {
  plies: PlyReview[];
  index: number;
  /** The position before the mistake, where the player tries again. */
  position: ChessGame;
  /** A move is being judged; the move was found (or the answer shown). */
  judging: boolean;
  solved: boolean;
  /** What the board shows instead of `position`: the move tried, and an arrow. */
  after: { fen: string; move: MoveInfo } | null;
  arrow: { from: string; to: string } | null;
}

/** A run over `plies` (the player's mistakes in `game`), from the first. */
export function newRetry(game: ChessGame, plies: PlyReview[]): Retry {
  return { plies, index: 0, position: positionBefore(game, plies[0]!.ply), judging: false, solved: false, after: null, arrow: null };
}

/** The position before ply `ply` of `game`. */
function positionBefore(game: ChessGame, ply: number): ChessGame {
  const history = game.history();
  return new ChessGame(ply <= 1 ? game.startFen() : (history[ply - 2]?.fen ?? game.startFen()));
}

/** On to the next mistake of `game`; false (and nothing left to free) after the last. */
export function advance(r: Retry, game: ChessGame): boolean {
  r.position.free();
  if (r.index + 1 >= r.plies.length) return false;
  r.index++;
  Object.assign(r, { position: positionBefore(game, r.plies[r.index]!.ply), solved: false, after: null, arrow: null });
  return true;
}

/** The panel's sentence. */
export function retryText(text: string, tone: 'good' | 'bad' | '' = ''): void {
  ui.retryText.textContent = text;
  ui.retryText.className = tone;
}

function article(name: string): string {
  const lower = name.toLowerCase();
  return `${/^[aeiou]/.test(lower) ? 'an' : 'a'} ${lower}`;
}

/** What the player is asked at the current mistake (`start`: the game's start, for move numbers). */
export function promptText(r: Retry, start: GameState): string {
  const p = r.plies[r.index]!;
  const color = p.color === 'white' ? 'White' : 'Black';
  return `You played ${moveNumber(p.ply, start.fullMove, start.turn)} ${p.san}, ${article(className(p.class))}. Find a better move for ${color}.`;
}

/** The verdict on `tried` (the review's judgement of it, if the engine gave one): solved when good enough. */
export function judge(r: Retry, tried: MoveInfo, verdict: PlyReview | undefined): [string, 'good' | 'bad'] {
  const p = r.plies[r.index]!;
  if (verdict && GOOD_ENOUGH.includes(verdict.class)) {
    r.solved = true;
    const same = tried.uci === p.best?.uci ? 'the best move' : className(verdict.class).toLowerCase();
    return [`${tried.san}: ${same}. Well found (the game went ${p.san}).`, 'good'];
  }
  r.after = null;
  // Why it fails, only where the review checked it (its claim), and never the better move: the
  // sentence of a plain judgement names it.
  const reason = verdict?.claim?.reason ?? '';
  const why = reason ? ` ${reason.charAt(0).toUpperCase()}${reason.slice(1)}.` : '';
  const name = verdict ? `is ${article(className(verdict.class))}` : 'could not be judged';
  return [`${tried.san} ${name}.${why} Try another move, or show the answer.`, 'bad'];
}

/** Give the answer: the better move as an arrow, and its line in words. */
export function showAnswer(r: Retry): string {
  const p = r.plies[r.index]!;
  r.solved = true;
  r.after = null;
  r.arrow = p.best ? { from: p.best.uci.slice(0, 2), to: p.best.uci.slice(2, 4) } : null;
  return p.best ? `The answer: ${p.best.pvSan.slice(0, 5).join(' ')}.` : 'The review has no better move here.';
}
