/**
 * The game controller: a ChessGame (the rules), a WorkerAi (the engine, off the page's thread),
 * the board component and the panels. Every change of the game goes through `render()`.
 */
import { ChessGame, DRAW_OFFER_MOVE_TIME_MS, HINT_MOVE_TIME_MS, START_FEN, WorkerAi, answerDrawOffer, init, preload, type AiOptions, type Analysis, type Color, type GameReview, type GameState, type MoveInfo, type PlyReview, type Progress, type PromotionPiece, type Score } from 'chess-wasm';
import { AnalysisBoard } from './analysis.js';
import { Clocks, TIME_CONTROLS, pgnClock } from './clock.js';
import { Sounds } from './sound.js';
import { Board } from './board.js';
import { ReviewPanel } from './review.js';
import { type GameSummary, type SavedClock, type SavedGame, Store, newGameId } from './storage.js';
import { StorageNotice } from './storage-notice.js';
import { GameLock } from './game-lock.js';
import { formatResult, formatScore, fullMoveOf, messageOf, moveNumber, whiteScore } from './format.js';
import { $, drawClockFaces, showBoardAndNote, figurineSwitch, hasOption, showGauge, takebackSelect, ui } from './ui.js';
import { renderGamesList } from './games-list.js';
import { copyText, download } from './share.js';
import { initSettings, onSettingsChange } from './settings.js';
import { type Retry, advance, judge, newRetry, promptText, retryText, showAnswer } from './retry.js';
import { renderMoveList } from './move-list.js';
import './style.css';

const store = new Store();
/** What the page says of saving; the lock that keeps the game on this board out of other tabs. */
const storageNotice = new StorageNotice(ui.message, ui.gamesNote);
const gameLock = new GameLock();
const sounds = new Sounds();
initSettings(store, sounds);

// The rules and the engine are WebAssembly, which a page cannot compile synchronously: loaded
// once, before the first game.
await init().catch((e: unknown) => {
  ui.message.textContent = `The chess engine could not be loaded (${messageOf(e)}). Reload the page to try again.`;
  throw e;
});
// The opening names are fetched apart from the module (chess-wasm's data), from now on: the
// opening's name appears once they are there (the page's set-up below done).
const namesLoaded = preload('openings');
let openingNames = false;
let game = new ChessGame();
/** The game's identity in the browser's storage, and when it started. */
let gameId = newGameId();
let started = Date.now();
let human: Color = 'white';
/** The game came from a PGN: its own tags (players, event) are kept in the export. */
let imported = false;
/** The level value the engine plays with now, and the names of the levels it played this game. */
let appliedLevel = '';
/** The level value this game is played at (what a saved game records; the select may differ). */
let gameLevel = '';
let levelsPlayed: string[] = [];
/** Resign was clicked once: a second click within a few seconds resigns. */
let resignArmed: ReturnType<typeof setTimeout> | null = null;
/** The ply shown while stepping through the moves, or null for the current position. */
let viewPly: number | null = null;
let thinking = false;
/** A review is running in the worker. */
let reviewing = false;
/** The moves (UCI) of the game the review shown belongs to: another game clears it. */
let reviewedMoves = '';
/** The last full-strength score and the ply it belongs to: the only score the bar shows in play. */
let lastEval: { ply: number; score: Score } | null = null;
/** The games other tabs of the page have on their boards (the list offers neither Open nor Delete for them). */
let heldElsewhere: ReadonlySet<string> = new Set();
/** The analysis board, while it is open. */
let analysis: AnalysisBoard | null = null;
/** "Learn from your mistakes", while it runs. */
let retry: Retry | null = null;
/** The clocks of a timed game (null: no clock). */
let clocks: Clocks | null = null;
/** A move the player made while the engine thought, played after its reply if still legal. */
let premove: { from: string; to: string; promotion?: PromotionPiece } | null = null;

const reviewPanel = new ReviewPanel(
  { panel: $('review-panel'), summary: $('review-summary'), graph: $('review-graph') as unknown as SVGSVGElement, note: $('review-note'), why: $('review-why') },
  (ply) => view(ply),
);

const ai = await WorkerAi.create(aiOptions());

/**
 * The stronger full-strength net (the package's `NET_URL`), loaded into the worker on the first
 * full-strength use (the full level, a hint, a draw offer, the review, the analysis board), so
 * that players of levels 1-5 never download it; until then, and if it cannot be had, the engine
 * searches on the net compiled into the module. `null`: not asked for yet, or it failed.
 */
let strongNet: Promise<void> | null = null;

function loadStrongNet(): Promise<void> {
  strongNet ??= ai.loadNet().then(
    () => {
      document.body.dataset.net = 'strong';
    },
    (e: unknown) => {
      strongNet = null;
      say(`The full-strength net could not be loaded (${messageOf(e)}): the engine uses its smaller one.`, true);
    },
  );
  return strongNet;
}

const board = new Board($('board'), {
  movesFrom: (square) => {
    if (analysis) return analysis.game.moves(square);
    if (retry) return retryMayMove() ? retry.position.moves(square) : [];
    if (premoveAllowed()) return premoveMoves(square);
    return humanMayMove() ? game.moves(square) : [];
  },
  onMove: (from, to, promotion) => {
    if (analysis) void analysisMove({ from, to, promotion });
    else if (retry) void retryMove({ from, to, promotion });
    else if (premoveAllowed()) setPremove({ from, to, promotion });
    else playHuman({ from, to, promotion });
  },
  onCancel: () => void render(),
  onIllegal: (from, to) => {
    // A drop the rules refuse gets the same reason as a typed move.
    const why = activeGame().explain(`${from}${to}`);
    if (!why.legal) say(`${from}–${to}: ${why.message}`, true);
  },
});

function humanMayMove(): boolean {
  return !analysis && !retry && !thinking && !reviewing && viewPly === null && !game.state().isFinished && game.state().turn === human;
}

/** The engine is thinking on its move in the game: the player may premove. */
function premoveAllowed(): boolean {
  const state = game.state();
  return thinking && !reviewing && !analysis && !retry && viewPly === null && !state.isFinished && state.turn !== human;
}

/** The player's moves from `square` as if it were their turn now (a premove's candidates). */
function premoveMoves(square: string): MoveInfo[] {
  const fields = game.fen().split(' ');
  fields[1] = human === 'white' ? 'w' : 'b';
  fields[3] = '-';
  let position: ChessGame | null = null;
  try {
    position = new ChessGame(fields.join(' '));
    return position.moves(square);
  } catch {
    return []; // the engine is in check: no position with the turn passed
  } finally {
    position?.free();
  }
}

function setPremove(move: { from: string; to: string; promotion?: PromotionPiece }): void {
  premove = move;
  say(`Premove ${move.from}–${move.to}: played after the engine's move if it is still legal (Escape cancels).`);
  void render();
}

function cancelPremove(): void {
  premove = null;
  say('Premove cancelled.');
  void render();
}

/** After the engine's move: the premove, if one waits and is legal now. */
function playPremove(): boolean {
  const move = premove;
  premove = null;
  if (!move) return false;
  const why = game.explain(`${move.from}${move.to}${move.promotion ?? ''}`);
  if (!why.legal) {
    say(`Premove ${move.from}–${move.to} cancelled: ${why.message}.`, true);
    return false;
  }
  sounds.playMove(game.move(move));
  pressClock(human);
  say('');
  return true;
}

function retryMayMove(): boolean {
  return retry !== null && !retry.judging && !retry.solved;
}

/** The position moves are made in: the analysis board's, the retried one, or the game's. */
function activeGame(): ChessGame {
  return analysis?.game ?? retry?.position ?? game;
}

function say(text: string, isError = false): void {
  ui.message.textContent = text;
  ui.message.classList.toggle('error', isError);
}

function aiOptions(): AiOptions {
  return ui.level.value === 'full' ? { fullStrength: true, book: false } : { level: Number(ui.level.value) as 1 | 2 | 3 | 4 | 5 };
}

/** The thinking time in milliseconds: 0.1 to 60 seconds (the field says so when it is outside). */
function thinkTimeMs(): number {
  const seconds = Number(ui.thinkTime.value);
  if (!Number.isFinite(seconds) || seconds < 0.1 || seconds > 60) {
    ui.thinkTime.value = '2';
    say('The thinking time is from 0.1 to 60 seconds: 2 seconds it is.', true);
    return 2000;
  }
  return seconds * 1000;
}

/** The name of the selected level, as the page shows it. */
function levelName(): string {
  return ui.level.options[ui.level.selectedIndex]?.text ?? 'engine';
}

/** Give the engine the selected level if it changed (between moves, even mid-game). */
async function applyLevel(): Promise<void> {
  if (ui.level.value === 'full') await loadStrongNet();
  if (ui.level.value !== appliedLevel) {
    await ai.setOptions(aiOptions());
    appliedLevel = ui.level.value;
  }
  gameLevel = ui.level.value;
  if (levelsPlayed.at(-1) !== levelName()) levelsPlayed.push(levelName());
}

function kingInCheck(of: ChessGame): string | null {
  const state = of.state();
  if (!state.check) return null;
  const king = state.turn === 'white' ? 'K' : 'k';
  return Object.keys(state.pieces).find((sq) => state.pieces[sq] === king) ?? null;
}

/** Draw everything from the game. */
async function render(): Promise<void> {
  const history = game.history();
  const state = game.state();
  const ply = viewPly ?? history.length;
  let fen = ply === 0 ? game.startFen() : (history[ply - 1]?.fen ?? game.fen());
  let last: MoveInfo | null = ply > 0 ? (history[ply - 1] ?? null) : null;
  if (analysis) {
    fen = analysis.game.fen();
    last = analysis.game.history().at(-1) ?? null;
  } else if (retry) {
    fen = retry.after?.fen ?? retry.position.fen();
    last = retry.after?.move ?? null;
  }

  if (reviewPanel.current && movesKey() !== reviewedMoves) reviewPanel.set(null);
  const start = startState();
  // On the analysis board the list goes on with the line being analysed, after the game's moves up to it.
  const from = analysis?.from;
  const listed = analysis ? [...history.slice(0, analysis.from), ...analysis.game.history()] : history;
  renderMoveList(ui.moves, listed, start, shownPly(), {
    figurines: figurineSwitch.checked,
    mark: (p) => (from !== undefined && p > from ? null : reviewPanel.mark(p)),
    view: (p) => view(p),
    lineFrom: from,
  });
  const opening = openingNames ? (analysis?.game ?? game).opening() : null;
  ui.opening.textContent = opening ? `${opening.eco} · ${opening.name}` : '';

  if (analysis) {
    const turn = analysis.game.state().turn === 'white' ? 'White' : 'Black';
    ui.status.textContent = `Analysis: ${turn} to move`;
    ui.status.className = 'status';
  } else if (retry) {
    ui.status.textContent = `Learn from your mistakes: ${retry.index + 1} of ${retry.plies.length}`;
    ui.status.className = 'status';
  } else if (viewPly !== null) {
    ui.status.textContent = `Viewing ${viewedMove(viewPly, history, start)}${state.isFinished ? ` · ${formatResult(state)}` : ''}`;
    ui.status.className = 'status';
  } else if (state.isFinished) {
    ui.status.textContent = formatResult(state);
    ui.status.className = 'status over';
  } else {
    const turn = state.turn === 'white' ? 'White' : 'Black';
    ui.status.textContent = thinking ? `${turn} (engine) is thinking…` : state.turn === human ? `Your move (${turn})` : `${turn} to move`;
    ui.status.className = 'status';
  }
  ui.fen.textContent = game.fen();
  // A resignation ends the game: undoing it is not a take-back (start a new game instead).
  const playing = !analysis && !retry;
  // A timed game still being played: no engine help (hint, analysis, review) until it ends, as on lichess.
  const timedGameOn = clocks !== null && !state.isFinished;
  ui.buttons.undo.disabled =
    !playing || thinking || history.length === 0 || state.status === 'resignation' || takebackSelect.value === 'off';
  ui.buttons.undo.title = takebackSelect.value === 'off' ? 'Takebacks are off (the New game panel)' : 'Take back your last move';
  ui.buttons.hint.disabled = !humanMayMove() || timedGameOn;
  ui.buttons.resign.disabled = !playing || thinking || state.isFinished;
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
  ui.retryPanel.hidden = !retry;
  ui.buttons.retryAnswer.disabled = !retry || retry.judging || retry.solved;
  ui.buttons.retryNext.disabled = !retry || retry.judging;
  if (retry) ui.buttons.retryNext.textContent = retry.index + 1 < retry.plies.length ? 'Next mistake' : 'Finish';
  // The clocks before the board's animation: a move stops one and starts the other at once.
  syncClocks();
  board.allowInput(analysis ? 'both' : retryMayMove() || humanMayMove() || premoveAllowed() ? human : null, fen);
  board.premove(premove);
  const checked = analysis || retry ? checkSquareOf(fen) : viewPly === null ? kingInCheck(game) : null;
  await board.show(fen, last, checked);
  // The eval bar's White end follows the board's White side.
  ui.evalBar.classList.toggle('flipped', board.bottom === 'black');
  let gauge: Score | null = null;
  if (analysis) {
    board.reviewArrows(null, null);
    gauge = analysis.score;
  } else if (retry) {
    board.hint(retry.arrow);
    reviewPanel.hideWhy();
  } else if (reviewPanel.current) {
    const shown = reviewPanel.show(ply);
    board.reviewArrows(shown && last ? { from: last.from, to: last.to, bad: shown.mistake } : null, shown?.best ?? null);
    // The bar shows the review's score of the position on the board.
    const score = shown?.played.scoreAfter ?? reviewPanel.current.plies[0]?.scoreBefore ?? null;
    if (score && !(score.kind === 'mate' && score.moves === 0)) gauge = score;
  } else if (lastEval && lastEval.ply === ply && !timedGameOn) {
    gauge = lastEval.score;
  }
  showGauge(gauge);
  persist();
}

/**
 * `color` has moved: its clock stops and gains the increment, and the move keeps the time left in
 * its comment as lichess writes it (`[%clk 0:04:58]`), for the PGN.
 */
function pressClock(color: Color): void {
  if (!clocks) return;
  clocks.press(color);
  game.annotate(game.history().length, { comment: `[%clk ${pgnClock(clocks.timeLeft(color))}]` });
}

/**
 * A saved game's clocks as they are now: the clock that was running when the page left ran on
 * while it was away (a game left for longer than its time is lost on time when it comes back).
 */
function timeLeftOnReturn(saved: SavedClock): Record<Color, number> {
  const left = { ...saved.left };
  if (saved.running && saved.savedAt !== undefined) {
    left[saved.running] = Math.max(0, left[saved.running] - Math.max(0, Date.now() - saved.savedAt));
  }
  return left;
}

/** Run the clock of the side to move while the game is played; pause it otherwise. */
function syncClocks(): void {
  if (!clocks) {
    ui.clocks.hidden = true;
    return;
  }
  const state = game.state();
  if (state.isFinished || analysis || retry || reviewing) clocks.pause();
  else clocks.start(state.turn);
  drawClocks();
}

function drawClocks(): void {
  if (clocks) drawClockFaces(clocks, board.bottom, human);
}

/** A flag fell: the rules say whether it is a loss or a draw. */
function flagFell(color: Color): void {
  if (game.state().isFinished) return;
  if (thinking) ai.stop();
  game.flag(color);
  say(color === human ? 'Your time ran out.' : "The engine's time ran out.");
  void render().then(showEnd);
}

/** New clocks from the Clock select (or none). */
function newClocks(): Clocks | null {
  clocks?.pause();
  const control = TIME_CONTROLS[ui.clock.value];
  return control ? new Clocks(control, flagFell, drawClocks) : null;
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
function startState(): GameState {
  const position = new ChessGame(game.startFen());
  try {
    return position.state();
  } finally {
    position.free();
  }
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

/** Keep the game (and its review) in the browser, and redraw the list of games. */
function persist(): void {
  const history = game.history();
  if (history.length > 0 || game.startFen() !== START_FEN) {
    const names = imported ? game.tags() : ownTags();
    const review = reviewPanel.current && reviewedMoves === movesKey() ? { review: reviewPanel.current, reviewMoves: reviewedMoves } : {};
    const saved = store.save({
      id: gameId,
      started,
      updated: Date.now(),
      pgn: pgn(),
      human,
      imported,
      level: gameLevel || ui.level.value,
      levels: levelsPlayed,
      white: names.White ?? '?',
      black: names.Black ?? '?',
      result: game.state().result,
      plies: history.length,
      ...(clocks ? { clock: { control: clocks.control, left: clocks.snapshot(), running: clocks.turn, savedAt: Date.now() } } : {}),
      ...review,
    });
    // Another tab had changed this game meanwhile: this tab's moves were kept under a new id.
    if (saved.id !== gameId) {
      takeGameId(saved.id);
      document.body.dataset.game = gameId;
    }
    storageNotice.saved(saved);
  }
  renderGames();
}

/** Make `id` the game on the board: its lock held, any other let go. */
function takeGameId(id: string): void {
  gameId = id;
  gameLock.keep(id);
}

/** The list of kept games: open, download or delete each (the game in play is marked). */
function renderGames(): void {
  renderGamesList(ui.games, store.games(), gameId, heldElsewhere, {
    open: (g) => void openGame(g),
    download: (g) => {
      const saved = store.load(g.id);
      if (saved) download(`game-${new Date(g.started).toISOString().slice(0, 10)}.pgn`, keptPgn(saved));
    },
    remove: (g) => {
      store.remove(g.id);
      renderGames();
    },
  });
  storageNotice.setAside(store.takeSetAside());
  void gameLock.heldElsewhere().then((held) => {
    if (held.size === heldElsewhere.size && [...held].every((id) => heldElsewhere.has(id))) return;
    heldElsewhere = held;
    renderGames();
  });
}

/** A kept game's PGN, annotated by its review when it was kept with one (of these moves). */
function keptPgn(saved: SavedGame): string {
  if (!saved.review) return saved.pgn;
  let kept: ChessGame | null = null;
  try {
    kept = ChessGame.fromPgn(saved.pgn);
    return kept.pgn({}, { review: saved.review });
  } catch {
    return saved.pgn;
  } finally {
    kept?.free();
  }
}

/** Put a kept game on the board, as it was left: its side, levels and review. */
async function restore(saved: SavedGame): Promise<boolean> {
  let loaded: ChessGame;
  try {
    loaded = ChessGame.fromPgn(saved.pgn);
  } catch (e) {
    store.setAside(saved.id, `its moves do not read: ${messageOf(e)}`);
    storageNotice.setAside(store.takeSetAside());
    return false;
  }
  if (thinking || reviewing) ai.stop();
  await leaveModes();
  board.cancelPromotion();
  game.free();
  game = loaded;
  takeGameId(saved.id);
  started = saved.started;
  human = saved.human === 'black' ? 'black' : 'white';
  imported = saved.imported;
  levelsPlayed = [...saved.levels];
  premove = null;
  clocks?.pause();
  clocks = saved.clock ? new Clocks(saved.clock.control, flagFell, drawClocks, timeLeftOnReturn(saved.clock)) : null;
  if (hasOption(ui.level, saved.level)) ui.level.value = saved.level;
  gameLevel = ui.level.value;
  viewPly = null;
  lastEval = null;
  board.hint(null);
  reviewPanel.set(null);
  if (saved.review && saved.reviewMoves === movesKey()) {
    reviewedMoves = saved.reviewMoves;
    reviewPanel.set(saved.review);
  }
  await board.orient(human);
  return true;
}

/** Open a kept game: the one in play stays kept. */
async function openGame(summary: GameSummary): Promise<void> {
  if (!(await gameLock.claim(summary.id))) {
    say('That game is on the board of another tab of this page: play it there.', true);
    renderGames();
    return;
  }
  const saved = store.load(summary.id);
  if (!saved || !(await restore(saved))) {
    gameLock.keep(gameId);
    say('That game could not be read back.', true);
    renderGames();
    return;
  }
  ui.end.dialog.close();
  say(`Game of ${new Date(saved.started).toLocaleString()} opened.`);
  await render();
  await engineMove();
}

/** The game's moves in UCI, to tell whether a review still belongs to it. */
function movesKey(): string {
  return game.history().map((m) => m.uci).join(' ');
}

/** Review the game in the worker: progress, cancel, then the panel and the marks. */
async function reviewGame(): Promise<void> {
  if (thinking || reviewing || game.history().length === 0) return;
  reviewing = true;
  ui.reviewProgress.hidden = false;
  ui.reviewBar.value = 0;
  await render();
  const moves = movesKey();
  try {
    await loadStrongNet();
    const review = await ai.review(game, { onProgress: ({ done, total }) => (ui.reviewBar.value = done / total) });
    if (moves === movesKey()) {
      reviewedMoves = moves;
      reviewPanel.set(review);
      const plies = review.plies.length;
      say(plies < game.history().length ? `Review stopped after ${plies} moves.` : 'Review ready: the marked moves are where the game turned.');
    }
  } catch (e) {
    say(`The review stopped: ${messageOf(e)}`, true);
  }
  reviewing = false;
  ui.reviewProgress.hidden = true;
  await render();
  if (reviewPanel.current) showBoardAndNote();
}

/** The ply the board shows: on the analysis board, the game's ply it opened on plus the line's moves. */
function shownPly(): number {
  return analysis ? analysis.from + analysis.game.history().length : (viewPly ?? game.history().length);
}

/** Take back the analysis board's last move (Move back, ‹, the left arrow). */
function analysisBack(): void {
  void analysis?.back().then(() => render());
}

function view(ply: number | null): void {
  if (retry) return;
  if (analysis) {
    // A move of the analysed line (or the position it starts from): back to it, still analysing.
    if (ply !== null && ply >= analysis.from) {
      void analysis.backTo(ply - analysis.from).then(() => render());
      return;
    }
    // An earlier move of the game: back to the game, at that move.
    void closeAnalysis().then(() => view(ply));
    return;
  }
  const total = game.history().length;
  viewPly = ply === null || ply >= total ? null : Math.max(0, ply);
  board.hint(null);
  void render();
}

function showEval(progress: Progress, sideToMove: Color, ply: number): void {
  const score = whiteScore(progress.score, sideToMove);
  // A level's own score is handicapped (and may be far off): only full strength feeds the bar.
  if (ui.level.value === 'full') {
    lastEval = { ply, score };
    if (viewPly === null && !reviewPanel.current) showGauge(score);
  }
  ui.thinkDepth.textContent = `depth ${progress.depth}`;
  ui.thinkScore.textContent = formatScore(score);
  ui.thinkPv.textContent = progress.pvSan.slice(0, 8).join(' ');
}

function playHuman(move: { from: string; to: string; promotion?: PromotionPiece } | string): void {
  if (!humanMayMove()) {
    void render();
    return;
  }
  try {
    sounds.playMove(game.move(move));
    pressClock(human);
    say('');
  } catch (e) {
    say(messageOf(e), true);
    void render();
    return;
  }
  board.hint(null);
  void render().then(() => (game.state().isFinished ? showEnd() : engineMove()));
}

/** The engine's move, thought in the worker while the page stays live. */
async function engineMove(): Promise<void> {
  const state = game.state();
  if (analysis || retry || state.isFinished || state.turn === human || thinking) return;
  thinking = true;
  ui.thinking.hidden = false;
  ui.thinkPv.textContent = '';
  await render();
  await applyLevel();
  const full = ui.level.value === 'full';
  const thought = game;
  const ply = game.history().length;
  let answer: Analysis | null = null;
  try {
    const engine = state.turn;
    answer = await ai.think(game, {
      // A timed game: the engine manages its own clock; else a level's budget or the thinking time.
      ...(clocks
        ? { clock: { timeMs: Math.max(1, Math.round(clocks.timeLeft(engine))), incrementMs: clocks.control.incrementMs } }
        : full
          ? { moveTimeMs: thinkTimeMs() }
          : {}),
      onProgress: (p) => p.multipv === 1 && showEval(p, state.turn, ply),
    });
  } catch (e) {
    say(`The engine failed: ${messageOf(e)}`, true);
  }
  thinking = false;
  ui.thinking.hidden = true;
  if (answer && thought === game && game.state().turn !== human && !game.state().isFinished) {
    const played = game.move(answer.best.uci);
    pressClock(state.turn);
    sounds.playMove(played);
    if (full && !answer.fromBook && answer.best.score) {
      lastEval = { ply: ply + 1, score: whiteScore(answer.best.score, state.turn) };
    }
    ui.announce.textContent = `The engine played ${played.san}.`;
    if (!game.state().isFinished && playPremove()) {
      await render();
      if (game.state().isFinished) showEnd();
      else void engineMove();
      return;
    }
    await render();
    if (game.state().isFinished) showEnd();
    else if (typedLast) ui.moveText.focus();
    return;
  }
  await render();
}

/** The player's last move was typed: the move box gets the focus back after the reply. */
let typedLast = false;

/** The end of a game played here: the result, and what to do next. */
function showEnd(): void {
  const state = game.state();
  if (!state.isFinished || ui.end.dialog.open) return;
  const title = state.result === '1/2-1/2' ? 'Draw' : state.winner === human ? 'You won' : 'You lost';
  ui.end.title.textContent = title;
  sounds.play('end');
  ui.end.reason.textContent = formatResult(state);
  ui.end.dialog.showModal();
}

/** Open the analysis board on the position shown. */
async function openAnalysis(): Promise<void> {
  if (analysis || retry || thinking || reviewing) return;
  const history = game.history();
  const ply = viewPly ?? history.length;
  const fen = ply === 0 ? game.startFen() : (history[ply - 1]?.fen ?? game.fen());
  board.hint(null);
  say('');
  await loadStrongNet();
  analysis = await AnalysisBoard.open(ai, fen, ply, {
    lines: $<HTMLOListElement>('analysis-lines'),
    info: $('analysis-info'),
    toggle: $<HTMLButtonElement>('analysis-toggle'),
    onScore: (score) => showGauge(score),
  });
  // The engine searches at full strength now: the level is given back before its next move.
  appliedLevel = '';
  await render();
}

/** Close the analysis board: the game as it was. */
async function closeAnalysis(): Promise<void> {
  if (!analysis) return;
  await leaveModes();
  await ai.setOptions(aiOptions());
  appliedLevel = ui.level.value;
  say('');
  await render();
  void engineMove();
}

async function analysisMove(move: { from: string; to: string; promotion?: PromotionPiece } | string): Promise<void> {
  if (!analysis) return;
  try {
    await analysis.play(move);
    say('');
  } catch (e) {
    say(messageOf(e), true);
  }
  await render();
}

/** "Learn from your mistakes": the player's mistakes of the review, one after the other. */
function startRetry(): void {
  const plies = reviewPanel.mistakesOf(human);
  if (plies.length === 0 || analysis || retry || thinking || reviewing) return;
  board.hint(null);
  retry = newRetry(game, plies);
  void showRetry();
}

async function showRetry(): Promise<void> {
  if (!retry) return;
  retryText(promptText(retry, startState()));
  viewPly = retry.plies[retry.index]!.ply - 1;
  await render();
}

/** Judge a retried move with the review itself (a one-move review from the same position). */
async function retryMove(move: { from: string; to: string; promotion?: PromotionPiece } | string): Promise<void> {
  const r = retry;
  if (!r || !retryMayMove()) return;
  const probe = r.position.clone();
  let tried: MoveInfo;
  try {
    tried = probe.move(move);
  } catch (e) {
    probe.free();
    say(messageOf(e), true);
    await render();
    return;
  }
  r.after = { fen: probe.fen(), move: tried };
  probe.free();
  r.judging = true;
  say('');
  retryText(`${tried.san}: checking…`);
  await render();
  let verdict: PlyReview | undefined;
  try {
    verdict = (await ai.review({ fen: r.position.fen(), moves: [tried.uci] }, { bookPlies: 0 })).plies[0];
  } catch (e) {
    say(`The engine could not judge it: ${messageOf(e)}`, true);
  }
  if (retry !== r) return;
  r.judging = false;
  const [text, tone] = judge(r, tried, verdict);
  retryText(text, tone);
  await render();
}

function retryAnswer(): void {
  const r = retry;
  if (!r || r.judging) return;
  retryText(showAnswer(r));
  void render();
}

async function retryNext(): Promise<void> {
  const r = retry;
  if (!r || r.judging) return;
  if (!advance(r, game)) {
    retry = null;
    viewPly = null;
    say('That was every mistake of the review.');
    await render();
    return;
  }
  await showRetry();
}

function exitRetry(): void {
  if (!retry || retry.judging) return;
  retry.position.free();
  retry = null;
  viewPly = null;
  board.hint(null);
  void render();
}

/** Leave analysis and "learn from your mistakes" (a new game, another game). */
async function leaveModes(): Promise<void> {
  if (analysis) {
    const closing = analysis;
    analysis = null;
    await closing.close();
  }
  if (retry) {
    if (retry.judging) ai.stop();
    retry.position.free();
    retry = null;
  }
}

/** A new game from the New game panel. */
async function newGame(): Promise<void> {
  const fen = ui.startFen.value.trim();
  const choice = ui.color.value;
  const color = choice === 'random' ? (Math.random() < 0.5 ? 'white' : 'black') : (choice as Color);
  if (await startGame(fen || undefined, color)) {
    // The position was for this game: the next one starts from the start unless asked again.
    ui.startFen.value = '';
    if (choice === 'random') say(`You play ${human}.`);
  }
}

/** The same start position and level, colours swapped. */
async function rematch(): Promise<void> {
  ui.end.dialog.close();
  const color: Color = human === 'white' ? 'black' : 'white';
  if (await startGame(game.startFen(), color)) say(`Rematch: you play ${color}.`);
}

/** Start a game from `fen` (the start position if undefined) with the player as `color`. */
async function startGame(fen: string | undefined, color: Color): Promise<boolean> {
  let next: ChessGame;
  try {
    next = new ChessGame(fen);
  } catch (e) {
    say(messageOf(e), true);
    return false;
  }
  await leaveModes();
  if (thinking || reviewing) ai.stop();
  disarmResign();
  board.cancelPromotion();
  game.free();
  game = next;
  takeGameId(newGameId());
  started = Date.now();
  imported = false;
  human = color;
  premove = null;
  clocks = newClocks();
  viewPly = null;
  lastEval = null;
  board.hint(null);
  say('');
  await board.orient(human);
  await ai.setOptions(aiOptions());
  appliedLevel = ui.level.value;
  gameLevel = ui.level.value;
  levelsPlayed = [];
  await ai.newGame();
  await render();
  // The game is set up and drawn: say so where a script (the page's tests) can wait for it.
  document.body.dataset.game = gameId;
  void engineMove();
  return true;
}

function undo(): void {
  if (thinking || takebackSelect.value === 'off') return;
  // Take back the engine's reply and the player's move: back to the player's turn.
  const ended = game.state().isFinished ? formatResult(game.state()) : null;
  let taken = 0;
  while (game.history().length > 0 && (taken === 0 || game.state().turn !== human)) {
    game.undo();
    taken++;
  }
  viewPly = null;
  board.hint(null);
  // A finished game taken back is a game again: say so, and what ended it.
  say(ended ? `Taken back: the game goes on (it had ended: ${ended}).` : '');
  void render().then(() => engineMove());
}

/**
 * The player offers a draw: chess-ai answers (`answerDrawOffer`): too early, or accepted when the
 * game is level by the engine's own full search (the score a level plays with is handicapped, so
 * it is not asked).
 */
async function offerDraw(): Promise<void> {
  if (!humanMayMove()) return;
  const early = answerDrawOffer(game.state().fullMove, null);
  if (early.answer === 'too-early') {
    say(`The engine declines: too early (it considers a draw from move ${early.fromMove}).`);
    return;
  }
  thinking = true;
  await render();
  ui.status.textContent = 'The engine considers your offer…';
  let score: Score | null = null;
  try {
    await loadStrongNet();
    const answer = await ai.think(game, { mode: 'analyze', moveTimeMs: DRAW_OFFER_MOVE_TIME_MS });
    score = answer.best.score;
  } catch (e) {
    say(messageOf(e), true);
  }
  thinking = false;
  if (score && answerDrawOffer(game.state().fullMove, score).answer === 'accepts' && !game.state().isFinished) {
    game.agreeDraw();
    say('The engine accepts the draw.');
    await render();
    showEnd();
    return;
  }
  say(score ? `The engine declines: it plays on (${formatScore(whiteScore(score, game.state().turn))}).` : 'The engine declines.');
  await render();
}

async function hint(): Promise<void> {
  if (!humanMayMove()) return;
  thinking = true;
  await render();
  ui.status.textContent = 'Looking for a hint…';
  try {
    await loadStrongNet();
    const answer = await ai.think(game, { mode: 'analyze', moveTimeMs: HINT_MOVE_TIME_MS });
    const move = game.moves().find((m) => m.uci === answer.best.uci);
    board.hint(move ?? null);
    say(`Hint: ${answer.best.san}`);
  } catch (e) {
    say(messageOf(e), true);
  }
  thinking = false;
  await render();
}

/** Copy to the clipboard, or else put the text in the PGN box, selected, for the player to copy. */
async function copy(text: string, what: string): Promise<void> {
  if (await copyText(text)) {
    say(`${what} copied.`);
    return;
  }
  $<HTMLDetailsElement>('pgn-box').open = true;
  ui.pgnText.value = text;
  ui.pgnText.focus();
  ui.pgnText.select();
  say(`This browser does not let the page copy: the ${what} is selected in the box below (Ctrl+C or Cmd+C).`);
}

/** The game's PGN; with `review`, annotated by it (evals, marked moves, why, better lines). */
function pgn(review?: GameReview): string {
  return game.pgn(imported ? {} : ownTags(), review ? { review } : {});
}

/** The tags of a game played on this page: when, where, and who (the levels the engine played). */
function ownTags(): Record<string, string> {
  const engine = (levelsPlayed.length > 0 ? levelsPlayed : [levelName()]).join(', then ');
  return {
    Event: 'Casual game',
    Site: location.host || 'local',
    Date: new Date(started).toISOString().slice(0, 10).replaceAll('-', '.'),
    White: human === 'white' ? 'You' : `Engine, ${engine}`,
    Black: human === 'black' ? 'You' : `Engine, ${engine}`,
    ...(clocks ? { TimeControl: `${clocks.control.baseMs / 1000}+${clocks.control.incrementMs / 1000}` } : {}),
  };
}

async function loadPgn(): Promise<void> {
  const text = ui.pgnText.value;
  if (!text.trim()) {
    say('Paste a PGN into the box first; the game is unchanged.', true);
    return;
  }
  let loaded: ChessGame;
  try {
    loaded = ChessGame.fromPgn(text);
  } catch (e) {
    say(messageOf(e), true);
    return;
  }
  if (thinking || reviewing) ai.stop();
  await leaveModes();
  board.cancelPromotion();
  game.free();
  game = loaded;
  takeGameId(newGameId());
  started = Date.now();
  imported = true;
  gameLevel = '';
  levelsPlayed = [];
  lastEval = null;
  premove = null;
  clocks?.pause();
  clocks = null;
  human = game.state().turn;
  ui.color.value = human;
  viewPly = null;
  const tags = game.tags();
  const players = tags.White && tags.Black ? ` (${tags.White} - ${tags.Black})` : '';
  say(`PGN loaded${players}: you play ${human}, the side to move.`);
  void board.orient(human).then(() => render());
}

$('new-game').addEventListener('click', () => void newGame());
ui.buttons.review.addEventListener('click', () => void reviewGame());
ui.buttons.reviewCancel.addEventListener('click', () => ai.stop());
ui.buttons.nextMistake.addEventListener('click', () => {
  const next = reviewPanel.nextMistake(viewPly ?? game.history().length);
  if (next !== null) view(next === game.history().length ? null : next);
  showBoardAndNote();
});
ui.buttons.undo.addEventListener('click', undo);
ui.buttons.hint.addEventListener('click', () => void hint());
ui.buttons.offerDraw.addEventListener('click', () => void offerDraw());
ui.buttons.stop.addEventListener('click', () => ai.stop());
ui.buttons.resign.addEventListener('click', () => {
  if (resignArmed === null) {
    ui.buttons.resign.textContent = 'Really resign?';
    say('Click Resign again to resign this game.');
    resignArmed = setTimeout(disarmResign, 4000);
    return;
  }
  disarmResign();
  if (game.state().isFinished) return;
  game.resign(human);
  say('');
  void render().then(showEnd);
});
$('end-rematch').addEventListener('click', () => void rematch());
$('end-review').addEventListener('click', () => {
  ui.end.dialog.close();
  void reviewGame();
});
$('end-download').addEventListener('click', () => download('game.pgn', pgn()));
$('end-close').addEventListener('click', () => ui.end.dialog.close());
onSettingsChange(store, sounds, () => void render());

function disarmResign(): void {
  if (resignArmed !== null) clearTimeout(resignArmed);
  resignArmed = null;
  ui.buttons.resign.textContent = 'Resign';
}
$('flip').addEventListener('click', () => void board.orient(board.bottom === 'white' ? 'black' : 'white').then(() => render()));
$('nav-first').addEventListener('click', () => view(0));
// On the analysis board ‹ stays in the line (at its start, nothing happens); › after the line's last move is nothing.
$('nav-prev').addEventListener('click', () => (analysis ? analysisBack() : view(shownPly() - 1)));
$('nav-next').addEventListener('click', () => view(shownPly() + 1));
$('nav-last').addEventListener('click', () => view(null));
$('copy-fen').addEventListener('click', () => void copy(game.fen(), 'FEN'));
$('copy-pgn').addEventListener('click', () => void copy(pgn(), 'PGN'));
$('download-pgn').addEventListener('click', () => download('game.pgn', pgn()));
ui.buttons.downloadReviewed.addEventListener('click', () => {
  const review = reviewPanel.current;
  if (review) download('game-reviewed.pgn', pgn(review));
});
$('download-fen').addEventListener('click', () => download('position.fen', `${game.fen()}\n`));
$('load-pgn').addEventListener('click', () => void loadPgn());
ui.buttons.analyse.addEventListener('click', () => void openAnalysis());
$('analysis-exit').addEventListener('click', () => void closeAnalysis());
$('analysis-back').addEventListener('click', analysisBack);
ui.buttons.retry.addEventListener('click', startRetry);
ui.buttons.retryAnswer.addEventListener('click', retryAnswer);
ui.buttons.retryNext.addEventListener('click', () => void retryNext());
$('retry-exit').addEventListener('click', exitRetry);
ui.level.addEventListener('change', () => {
  const state = game.state();
  if (game.history().length > 0 && !state.isFinished) say(`${levelName()} from the engine's next move.`);
  const full = ui.level.value === 'full';
  // Fetched from the choice on, so that the first move at full strength need not wait for it.
  if (full) void loadStrongNet();
  ui.thinkTime.disabled = !full;
  ui.thinkTimeLabel.classList.toggle('muted', !full);
});
ui.level.dispatchEvent(new Event('change'));
$('move-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const text = ui.moveText.value.trim();
  if (!text) return;
  const why = activeGame().explain(text);
  if (!why.legal) {
    say(`${text}: ${why.message}`, true);
    return;
  }
  ui.moveText.value = '';
  typedLast = true;
  if (analysis) void analysisMove(text);
  else if (retry) void retryMove(text);
  else playHuman(text);
});
// A move on the board: the focus stays where the player is. A premove is cancelled by a right
// click on the board or a click on one of its two squares (as on lichess).
$('board').addEventListener('pointerdown', (event) => {
  typedLast = false;
  if (!premove) return;
  const square = board.squareAt(event);
  if (event.button === 2 || (square !== null && (square === premove.from || square === premove.to))) {
    event.stopPropagation();
    event.preventDefault();
    cancelPremove();
  }
}, { capture: true });
// The board has no context menu: a right click there is the player's (as on lichess).
$('board').addEventListener('contextmenu', (event) => event.preventDefault());
document.addEventListener('keydown', (event) => {
  const target = event.target;
  if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return;
  // Escape cancels a premove wherever the focus is, on the board too.
  if (event.key === 'Escape' && premove) {
    cancelPremove();
    return;
  }
  // On the board the arrow keys move over its squares.
  if (target instanceof Element && target.closest('#board')) return;
  if (ui.end.dialog.open || retry) return;
  if (analysis) {
    if (event.key === 'ArrowLeft') analysisBack();
    return;
  }
  const at = shownPly();
  const step: Record<string, number | null> = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: null };
  if (event.key in step) {
    event.preventDefault();
    view(step[event.key] ?? null);
  }
});

// Leaving the page keeps the clocks' times as they are now (not as at the last move).
addEventListener('pagehide', () => persist());

// The game in play when the page was left comes back as it was (its engine move included): this
// tab's before a reload, else the one last played, unless another tab has it on its board (the
// wait lets a reloaded page's predecessor let go of it).
const resumeId = store.resumeId();
if (resumeId !== null && !(await gameLock.claim(resumeId, 2000))) {
  say('Your last game is open in another tab; here is a new board (Your games lists every game).');
} else if (resumeId !== null) {
  const resumed = store.load(resumeId);
  if (resumed && (await restore(resumed))) say('Your game is back where you left it.');
}
gameLock.keep(gameId);
renderGames();
// Another tab changed the kept games: the list shows it; a game on this board deleted there is kept again.
let storageChanged: ReturnType<typeof setTimeout> | undefined;
store.watch((id) => {
  if (id === gameId && !store.has(gameId)) persist();
  clearTimeout(storageChanged);
  storageChanged = setTimeout(renderGames, 50);
});
// A tab closed lets its game go without a word: the list asks again when this tab is looked at.
document.addEventListener('visibilitychange', () => {
  if (!document.hidden) renderGames();
});
namesLoaded.then(
  () => {
    openingNames = true;
    void render();
  },
  (e: unknown) => console.warn(`The opening names could not be loaded: ${messageOf(e)}`),
);
document.body.dataset.ready = 'true';
await render();
await engineMove();
