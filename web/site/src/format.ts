/** How the page writes scores, results and move numbers (one place for each). */
import type { Color, GameState, GameStatus, Score } from 'chess-wasm';

/** `+0.35`, `-1.20`, `#3`, `#-2` (White's point of view). */
export function formatScore(score: Score): string {
  if (score.kind === 'mate') return `#${score.moves}`;
  const pawns = score.cp / 100;
  return `${pawns > 0 ? '+' : ''}${pawns.toFixed(2)}`;
}

/** The eval bar's share for White, 0 to 100. */
export function whiteShare(score: Score): number {
  if (score.kind === 'mate') return score.moves > 0 ? 100 : 0;
  return 50 + 50 * (2 / (1 + Math.exp(-score.cp / 250)) - 1);
}

/** Every way a game ends, in words (a new status word fails the type check until it has its own). */
const REASONS: Record<Exclude<GameStatus, 'ongoing'>, string> = {
  checkmate: 'checkmate',
  stalemate: 'stalemate',
  'threefold-repetition': 'threefold repetition',
  'fifty-move-rule': 'the fifty-move rule',
  'insufficient-material': 'insufficient material',
  'fivefold-repetition': 'fivefold repetition',
  'seventy-five-move-rule': 'the seventy-five-move rule',
  resignation: 'resignation',
  'time-forfeit': 'time forfeit',
  'draw-agreed': 'agreement',
};

/** `White wins by checkmate`, `Draw by threefold repetition`, … */
export function formatResult(state: GameState): string {
  const reason = state.status === 'ongoing' ? state.status : REASONS[state.status];
  if (state.status === 'time-forfeit' && state.result === '1/2-1/2') {
    return 'Draw: the time ran out, but the other side cannot mate (½–½)';
  }
  if (state.result === '1/2-1/2') return `Draw by ${reason} (½–½)`;
  const winner = state.winner === 'white' ? 'White' : 'Black';
  if (state.status === 'time-forfeit') return `${winner} wins on time (${state.result})`;
  return `${winner} wins by ${reason} (${state.result})`;
}

const FIGURINES: Record<string, string> = { K: '♔', Q: '♕', R: '♖', B: '♗', N: '♘' };

/** SAN with figures for the piece letters (`♘f3`, `e8=♕`, castling unchanged). */
export function figurineSan(san: string): string {
  return san.replace(/[KQRBN]/g, (letter) => FIGURINES[letter] ?? letter);
}

/** `12.` before White's move, `12…` before Black's. */
export function moveNumber(ply: number, startFullMove: number, startTurn: Color): string {
  const white = (ply - 1 + (startTurn === 'black' ? 1 : 0)) % 2 === 0;
  return `${fullMoveOf(ply, startFullMove, startTurn)}${white ? '.' : '…'}`;
}

/** The move number of ply `ply` (from 1) of a game that starts at `startFullMove` with `startTurn` to move. */
export function fullMoveOf(ply: number, startFullMove: number, startTurn: Color): number {
  return startFullMove + Math.floor((ply - 1 + (startTurn === 'black' ? 1 : 0)) / 2);
}

/** The message of something thrown: an `Error`'s message, anything else as a string. */
export function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
