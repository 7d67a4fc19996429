/**
 * A game's life on the board: a new game (the New game panel, a rematch), a PGN loaded, a kept
 * game opened or resumed at load, its clocks set up (and a flag that falls). Each puts a game in
 * `state.game`, freeing the one before, and gives the engine its turn when it has it.
 */
import { ChessGame, type Color } from 'chess-wasm';
import { Clocks, TIME_CONTROLS } from './clock.js';
import { messageOf } from './format.js';
import { drawClocks, timeLeftOnReturn } from './game-clock.js';
import { leaveModes } from './modes.js';
import { ai, board, reviewPanel } from './parts.js';
import { renderGames, takeGameId } from './persist.js';
import { renderPgnGames } from './pgn-games.js';
import { disarmResign } from './play-buttons.js';
import { render, showEnd } from './render.js';
import { gameLock, storageNotice, store } from './services.js';
import { aiOptions } from './settings.js';
import { movesKey, state } from './state.js';
import { type GameSummary, type SavedGame, newGameId } from './storage.js';
import { engineMove } from './turn.js';
import { hasOption, say, ui } from './ui.js';

/**
 * A new game from the New game panel: from its start FEN when one is given, else a random
 * Chess960 start position when that variant is chosen, else the standard one.
 */
export async function newGame(): Promise<void> {
  const fen = ui.startFen.value.trim();
  const choice = ui.color.value;
  const color = choice === 'random' ? (Math.random() < 0.5 ? 'white' : 'black') : (choice as Color);
  // Scharnagl's number of a Chess960 start, said so that a player can set it up again.
  const number = !fen && ui.variant.value === 'chess960' ? Math.floor(Math.random() * 960) : null;
  if (await startGame(() => (number === null ? new ChessGame(fen || undefined) : ChessGame.chess960(number)), color)) {
    // The position was for this game: the next one starts from the start unless asked again.
    ui.startFen.value = '';
    const start = number === null ? '' : `Chess960, start position ${number}`;
    const side = choice === 'random' ? `You play ${state.human}.` : '';
    if (start || side) say([start && `${start}.`, side].filter(Boolean).join(' '));
  }
}

/** The same start position and level, colours swapped. */
export async function rematch(): Promise<void> {
  ui.end.dialog.close();
  const color: Color = state.human === 'white' ? 'black' : 'white';
  const start = state.game.startFen();
  if (await startGame(() => new ChessGame(start), color)) say(`Rematch: you play ${color}.`);
}

/**
 * Put `next` on the board as a new game (a new id, the player as `human`, no clock): what ran on
 * the one before (a search, a review, the analysis board, a retry, a clock) stops, and it is freed.
 */
async function replaceGame(next: ChessGame, human: Color, imported: boolean): Promise<void> {
  await leaveModes();
  if (state.thinking || state.reviewing) ai.stop();
  disarmResign();
  board.cancelPromotion();
  state.game.free();
  state.game = next;
  takeGameId(newGameId());
  state.started = Date.now();
  state.imported = imported;
  state.human = human;
  state.premove = null;
  state.clocks?.pause();
  state.clocks = null;
  state.viewPly = null;
  state.lastEval = null;
  state.levelsPlayed = [];
}

/** Start the game `make` gives (a new one from a FEN, a Chess960 start) with the player as `color`. */
async function startGame(make: () => ChessGame, color: Color): Promise<boolean> {
  let next: ChessGame;
  try {
    next = make();
  } catch (e) {
    say(messageOf(e), true);
    return false;
  }
  await replaceGame(next, color, false);
  state.clocks = newClocks();
  board.hint(null);
  say('');
  await board.orient(state.human);
  await ai.setOptions(aiOptions());
  state.appliedLevel = ui.level.value;
  state.gameLevel = ui.level.value;
  await ai.newGame();
  await render();
  // The game is set up and drawn: say so where a script (the page's tests) can wait for it.
  document.body.dataset.game = state.gameId;
  void engineMove();
  return true;
}

/**
 * Load the PGN pasted in the box: a game goes on the board, the player taking the side to move;
 * a PGN of several games lists them (players, result, opening, length) to choose from.
 */
export async function loadPgn(): Promise<void> {
  const text = ui.pgnText.value;
  if (!text.trim()) {
    say('Paste a PGN into the box first; the game is unchanged.', true);
    return;
  }
  let games: ChessGame[];
  try {
    games = ChessGame.readPgn(text);
  } catch (e) {
    say(messageOf(e), true);
    return;
  }
  for (const listed of state.pgnGames) listed.free();
  state.pgnGames = [];
  renderPgnGames(ui.pgnGames, [], false, () => {});
  const [first] = games;
  if (!first) {
    say('No game in this PGN; the game is unchanged.', true);
    return;
  }
  if (games.length === 1) {
    await putPgnGame(first);
    return;
  }
  state.pgnGames = games;
  renderPgnGames(ui.pgnGames, games, state.openingNames, (i) => {
    const chosen = state.pgnGames[i];
    if (chosen) void putPgnGame(chosen.clone());
  });
  say(`This PGN holds ${games.length} games: choose one in the list under the box.`);
  ui.pgnGames.querySelector('button')?.focus();
}

/** Put `loaded`, a game of a PGN, on the board: the player takes the side to move. */
async function putPgnGame(loaded: ChessGame): Promise<void> {
  await replaceGame(loaded, loaded.state().turn, true);
  state.gameLevel = '';
  ui.color.value = state.human;
  const tags = loaded.tags();
  const players = tags.White && tags.Black ? ` (${tags.White} - ${tags.Black})` : '';
  say(`PGN loaded${players}: you play ${state.human}, the side to move.`);
  void board.orient(state.human).then(() => render());
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
  if (state.thinking || state.reviewing) ai.stop();
  await leaveModes();
  board.cancelPromotion();
  state.game.free();
  state.game = loaded;
  takeGameId(saved.id);
  state.started = saved.started;
  state.human = saved.human === 'black' ? 'black' : 'white';
  state.imported = saved.imported;
  state.levelsPlayed = [...saved.levels];
  state.premove = null;
  state.clocks?.pause();
  state.clocks = saved.clock ? new Clocks(saved.clock.control, flagFell, drawClocks, timeLeftOnReturn(saved.clock)) : null;
  if (hasOption(ui.level, saved.level)) ui.level.value = saved.level;
  state.gameLevel = ui.level.value;
  state.viewPly = null;
  state.lastEval = null;
  board.hint(null);
  reviewPanel.set(null);
  if (saved.review && saved.reviewMoves === movesKey()) {
    state.reviewedMoves = saved.reviewMoves;
    reviewPanel.set(saved.review);
  }
  await board.orient(state.human);
  return true;
}

/** Open a kept game: the one in play stays kept. */
export async function openGame(summary: GameSummary): Promise<void> {
  if (!(await gameLock.claim(summary.id))) {
    say('That game is on the board of another tab of this page: play it there.', true);
    renderGames();
    return;
  }
  const saved = store.load(summary.id);
  if (!saved || !(await restore(saved))) {
    gameLock.keep(state.gameId);
    say('That game could not be read back.', true);
    renderGames();
    return;
  }
  ui.end.dialog.close();
  say(`Game of ${new Date(saved.started).toLocaleString()} opened.`);
  await render();
  await engineMove();
}

/**
 * The game in play when the page was left comes back as it was (its engine move included): this
 * tab's before a reload, else the one last played, unless another tab has it on its board (the
 * wait lets a reloaded page's predecessor let go of it). Then the tab holds its game, and lists
 * the kept ones.
 */
export async function resume(): Promise<void> {
  const resumeId = store.resumeId();
  if (resumeId !== null && !(await gameLock.claim(resumeId, 2000))) {
    say('Your last game is open in another tab; here is a new board (Your games lists every game).');
  } else if (resumeId !== null) {
    const resumed = store.load(resumeId);
    if (resumed && (await restore(resumed))) say('Your game is back where you left it.');
  }
  gameLock.keep(state.gameId);
  renderGames();
}

/** New clocks from the Clock select (or none). */
function newClocks(): Clocks | null {
  state.clocks?.pause();
  const control = TIME_CONTROLS[ui.clock.value];
  return control ? new Clocks(control, flagFell, drawClocks) : null;
}

/** A flag fell: the rules say whether it is a loss or a draw. */
function flagFell(color: Color): void {
  if (state.game.state().isFinished) return;
  if (state.thinking) ai.stop();
  state.game.flag(color);
  say(color === state.human ? 'Your time ran out.' : "The engine's time ran out.");
  void render().then(showEnd);
}
