/**
 * The page drawn from the state: the board (its position, last move, check, arrows, who may move),
 * the move list, the opening, the status line, the buttons, the panels, the clocks and the eval
 * bar, then the game kept. Every change of the game goes through `render()`. Also the end of game
 * dialog, and the small position helpers these need.
 */
import { ChessGame, type GameState, type MoveInfo, type Score } from 'chess-wasm';
import { actions } from './actions.js';
import { formatResult, fullMoveOf, moveNumber } from './format.js';
import { syncClocks } from './game-clock.js';
import { renderMoveList } from './move-list.js';
import { board, reviewPanel } from './parts.js';
import { persist } from './persist.js';
import { sounds } from './services.js';
import { gameFenAt, humanMayMove, movesKey, premoveAllowed, retryMayMove, shownPly, state } from './state.js';
import { figurineSwitch, showGauge, takebackSelect, ui } from './ui.js';

/** Draw everything from the game. */
export async function render(): Promise<void> {
  const { game, analysis, retry, viewPly, thinking, reviewing, human, clocks, editor } = state;
  const history = game.history();
  const position = game.state();
  const ply = viewPly ?? history.length;
  let fen = gameFenAt(ply, history);
  let last: MoveInfo | null = ply > 0 ? (history[ply - 1] ?? null) : null;
  if (editor) {
    fen = editor.fen();
    last = null;
  } else if (analysis) {
    fen = analysis.game.fen();
    last = analysis.game.history().at(-1) ?? null;
  } else if (retry) {
    fen = retry.after?.fen ?? retry.position.fen();
    last = retry.after?.move ?? null;
  }

  if (reviewPanel.current && movesKey() !== state.reviewedMoves) reviewPanel.set(null);
  const start = startState();
  // On the analysis board the list goes on with the line being analysed, after the game's moves up to it.
  const from = analysis?.from;
  const listed = analysis ? [...history.slice(0, analysis.from), ...analysis.game.history()] : history;
  renderMoveList(ui.moves, listed, start, shownPly(), {
    figurines: figurineSwitch.checked,
    mark: (p) => (from !== undefined && p > from ? null : reviewPanel.mark(p)),
    view: (p) => actions.view(p),
    viewVariation: (path) => void actions.viewVariation(path),
    lineFrom: from,
  });
  const opening = state.openingNames ? (analysis?.game ?? game).opening() : null;
  ui.opening.textContent = opening ? `${opening.eco} · ${opening.name}` : '';

  if (editor) {
    const checked = editor.check();
    ui.status.textContent = 'Setting up a position';
    ui.status.className = 'status';
    ui.editorStatus.textContent = 'error' in checked ? `Not a legal position yet: ${checked.error.replace(/^that leaves an illegal position: /, '')}` : `FEN ${checked.fen}`;
    ui.editorStatus.className = 'error' in checked ? 'small error' : 'small';
  } else if (analysis) {
    const turn = analysis.game.state().turn === 'white' ? 'White' : 'Black';
    ui.status.textContent = `Analysis: ${turn} to move`;
    ui.status.className = 'status';
  } else if (retry) {
    ui.status.textContent = `Learn from your mistakes: ${retry.index + 1} of ${retry.plies.length}`;
    ui.status.className = 'status';
  } else if (viewPly !== null) {
    ui.status.textContent = `Viewing ${viewedMove(viewPly, history, start)}${position.isFinished ? ` · ${formatResult(position)}` : ''}`;
    ui.status.className = 'status';
  } else if (position.isFinished) {
    ui.status.textContent = formatResult(position);
    ui.status.className = 'status over';
  } else {
    const turn = position.turn === 'white' ? 'White' : 'Black';
    ui.status.textContent = thinking ? `${turn} (engine) is thinking…` : position.turn === human ? `Your move (${turn})` : `${turn} to move`;
    ui.status.className = 'status';
  }
  ui.fen.textContent = game.fen();
  // A resignation ends the game: undoing it is not a take-back (start a new game instead).
  const playing = !analysis && !retry && !editor;
  // A timed game still being played: no engine help (hint, analysis, review) until it ends, as on lichess.
  const timedGameOn = clocks !== null && !position.isFinished;
  ui.buttons.undo.disabled =
    !playing || thinking || history.length === 0 || position.status === 'resignation' || takebackSelect.value === 'off';
  ui.buttons.undo.title = takebackSelect.value === 'off' ? 'Takebacks are off (the New game panel)' : 'Take back your last move';
  ui.buttons.hint.disabled = !humanMayMove() || timedGameOn;
  ui.buttons.resign.disabled = !playing || thinking || position.isFinished;
  ui.buttons.offerDraw.disabled = !humanMayMove();
  ui.moveText.disabled = !(humanMayMove() || analysis || retryMayMove());
  ui.buttons.review.disabled = !playing || thinking || reviewing || history.length === 0 || timedGameOn;
  ui.buttons.review.textContent = reviewPanel.current ? 'Review again' : 'Review game';
  ui.buttons.nextMistake.hidden = reviewPanel.current === null;
  ui.buttons.downloadReviewed.hidden = reviewPanel.current === null;
  ui.buttons.nextMistake.disabled = !playing || reviewPanel.nextMistake(ply) === null;
  const toRetry = reviewPanel.mistakesOf(human).length;
  ui.buttons.retry.hidden = toRetry === 0;
  ui.buttons.retry.disabled = !playing || thinking || reviewing;
  ui.buttons.retry.textContent = `Learn from your mistakes (${toRetry})`;
  ui.buttons.analyse.disabled = !playing || thinking || reviewing || timedGameOn;
  for (const button of [ui.buttons.hint, ui.buttons.review, ui.buttons.analyse]) {
    button.dataset.help ??= button.title;
    button.title = timedGameOn ? 'Not during a timed game: after it ends' : button.dataset.help;
  }
  ui.analysisPanel.hidden = !analysis;
  ui.editorPanel.hidden = !editor;
  ui.retryPanel.hidden = !retry;
  ui.buttons.retryAnswer.disabled = !retry || retry.judging || retry.solved;
  ui.buttons.retryNext.disabled = !retry || retry.judging;
  if (retry) ui.buttons.retryNext.textContent = retry.index + 1 < retry.plies.length ? 'Next mistake' : 'Finish';
  // The clocks before the board's animation: a move stops one and starts the other at once.
  syncClocks();
  board.allowInput(editor ? null : analysis ? 'both' : retryMayMove() || humanMayMove() || premoveAllowed() ? human : null, fen);
  board.premove(state.premove);
  const checked = editor ? null : analysis || retry ? checkSquareOf(fen) : viewPly === null ? kingInCheck(game) : null;
  await board.show(fen, last, checked);
  // After the board's animation the state is read again: it may have changed meanwhile.
  // The eval bar's White end follows the board's White side.
  ui.evalBar.classList.toggle('flipped', board.bottom === 'black');
  let gauge: Score | null = null;
  if (state.analysis) {
    board.reviewArrows(null, null);
    gauge = state.analysis.score;
  } else if (state.retry) {
    board.hint(state.retry.arrow);
    reviewPanel.hideWhy();
  } else if (reviewPanel.current) {
    const shown = reviewPanel.show(ply);
    board.reviewArrows(shown && last ? { from: last.from, to: last.to, bad: shown.mistake } : null, shown?.best ?? null);
    // The bar shows the review's score of the position on the board.
    const score = shown?.played.scoreAfter ?? reviewPanel.current.plies[0]?.scoreBefore ?? null;
    if (score && !(score.kind === 'mate' && score.moves === 0)) gauge = score;
  } else if (state.lastEval && state.lastEval.ply === ply && !timedGameOn) {
    gauge = state.lastEval.score;
  }
  showGauge(gauge);
  persist();
}

/** The end of a game played here: the result, and what to do next. */
export function showEnd(): void {
  const position = state.game.state();
  if (!position.isFinished || ui.end.dialog.open) return;
  const title = position.result === '1/2-1/2' ? 'Draw' : position.winner === state.human ? 'You won' : 'You lost';
  ui.end.title.textContent = title;
  sounds.play('end');
  ui.end.reason.textContent = formatResult(position);
  ui.end.dialog.showModal();
}

/**
 * The move shown at `ply` of `history` (`start`: the game's start position), in moves, not plies:
 * `3…Nf6 (move 3 of 4)`, or `the start position`.
 */
function viewedMove(ply: number, history: readonly MoveInfo[], start: GameState): string {
  const seen = history[ply - 1];
  if (!seen) return 'the start position';
  const full = (p: number) => fullMoveOf(p, start.fullMove, start.turn);
  return `${moveNumber(ply, start.fullMove, start.turn)}${seen.san} (move ${full(ply)} of ${full(history.length)})`;
}

/** The game's start position (its move number and side to move number the moves). */
export function startState(): GameState {
  const position = new ChessGame(state.game.startFen());
  try {
    return position.state();
  } finally {
    position.free();
  }
}

function kingInCheck(of: ChessGame): string | null {
  const position = of.state();
  if (!position.check) return null;
  const king = position.turn === 'white' ? 'K' : 'k';
  return Object.keys(position.pieces).find((sq) => position.pieces[sq] === king) ?? null;
}

/** The square of the king in check in `fen`, if one is. */
function checkSquareOf(fen: string): string | null {
  const position = new ChessGame(fen);
  try {
    return kingInCheck(position);
  } finally {
    position.free();
  }
}
