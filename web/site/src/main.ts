/**
 * The play page's wiring: the page's state (state.ts) and the modules around it connected, the
 * buttons and settings listened to, then the game resumed and the engine given its turn. What
 * each part does is in its own module:
 * - services.ts: storage, the game lock, sounds, the settings applied, the WebAssembly loaded;
 * - state.ts: every piece of the page's state, and what follows from it;
 * - parts.ts: the review panel, the engine's worker, the board; engine.ts: the engine's strength;
 * - render.ts: the page drawn from the state; persist.ts: the game kept, "Your games";
 * - turn.ts: the player's and the engine's moves, premoves; play-buttons.ts: takeback, hint, draw, resign;
 * - game-clock.ts: the clocks' glue; lifecycle.ts: new, loaded, opened and resumed games;
 * - modes.ts: the analysis board and "learn from your mistakes"; reviewing.ts: the game review;
 * - navigation.ts: the ply shown; input.ts: moves typed or made on the board, the keyboard.
 */
import { connect } from './actions.js';
import { wireEditor } from './editing.js';
import { loadStrongNet } from './engine.js';
import { messageOf } from './format.js';
import { boardMove, listenToInput } from './input.js';
import { loadPgn, newGame, openGame, rematch, resume } from './lifecycle.js';
import { analysisBack, closeAnalysis, exitRetry, openAnalysis, retryAnswer, retryNext, startRetry, viewVariation } from './modes.js';
import { view } from './navigation.js';
import { ai, board, reviewPanel } from './parts.js';
import { persist, pgn, renderGames, reviewedPgn, watchStorage } from './persist.js';
import { hint, offerDraw, resign, undo } from './play-buttons.js';
import { render } from './render.js';
import { nextMistake, reviewGame } from './reviewing.js';
import { namesLoaded, sounds, store } from './services.js';
import { levelName, onSettingsChange } from './settings.js';
import { copy, download } from './share.js';
import { shownPly, state } from './state.js';
import { engineMove } from './turn.js';
import { $, say, ui } from './ui.js';
import './style.css';

connect({ render, view, boardMove, openGame, viewVariation });

$('new-game').addEventListener('click', () => void newGame());
ui.buttons.review.addEventListener('click', () => void reviewGame());
ui.buttons.reviewCancel.addEventListener('click', () => ai.stop());
ui.buttons.nextMistake.addEventListener('click', nextMistake);
ui.buttons.undo.addEventListener('click', undo);
ui.buttons.hint.addEventListener('click', () => void hint());
ui.buttons.offerDraw.addEventListener('click', () => void offerDraw());
ui.buttons.stop.addEventListener('click', () => ai.stop());
ui.buttons.resign.addEventListener('click', resign);
$('end-rematch').addEventListener('click', () => void rematch());
$('end-review').addEventListener('click', () => {
  ui.end.dialog.close();
  void reviewGame();
});
$('end-download').addEventListener('click', () => download('game.pgn', pgn()));
$('end-close').addEventListener('click', () => ui.end.dialog.close());
onSettingsChange(store, sounds, () => void render());

$('flip').addEventListener('click', () => void board.orient(board.bottom === 'white' ? 'black' : 'white').then(() => render()));
$('nav-first').addEventListener('click', () => view(0));
// On the analysis board ‹ stays in the line (at its start, nothing happens); › after the line's last move is nothing.
$('nav-prev').addEventListener('click', () => (state.analysis ? analysisBack() : view(shownPly() - 1)));
$('nav-next').addEventListener('click', () => view(shownPly() + 1));
$('nav-last').addEventListener('click', () => view(null));
$('copy-fen').addEventListener('click', () => void copy(state.game.fen(), 'FEN'));
$('copy-pgn').addEventListener('click', () => void copy(pgn(), 'PGN'));
$('download-pgn').addEventListener('click', () => download('game.pgn', pgn()));
ui.buttons.downloadReviewed.addEventListener('click', () => {
  const review = reviewPanel.current;
  if (review) {
    void reviewedPgn(review).then(
      (text) => download('game-reviewed.pgn', text),
      (e: unknown) => say(`The reviewed PGN could not be made (${messageOf(e)}).`, true),
    );
  }
});
$('download-fen').addEventListener('click', () => download('position.fen', `${state.game.fen()}\n`));
$('load-pgn').addEventListener('click', () => void loadPgn());
ui.buttons.analyse.addEventListener('click', () => void openAnalysis());
$('analysis-exit').addEventListener('click', () => void closeAnalysis());
wireEditor();
$('analysis-back').addEventListener('click', analysisBack);
ui.buttons.retry.addEventListener('click', startRetry);
ui.buttons.retryAnswer.addEventListener('click', retryAnswer);
ui.buttons.retryNext.addEventListener('click', () => void retryNext());
$('retry-exit').addEventListener('click', exitRetry);
ui.level.addEventListener('change', () => {
  const position = state.game.state();
  if (state.game.history().length > 0 && !position.isFinished) say(`${levelName()} from the engine's next move.`);
  const full = ui.level.value === 'full';
  // Fetched from the choice on, so that the first move at full strength need not wait for it.
  if (full) void loadStrongNet();
  ui.thinkTime.disabled = !full;
  ui.thinkTimeLabel.classList.toggle('muted', !full);
});
ui.level.dispatchEvent(new Event('change'));
listenToInput();

// Leaving the page keeps the clocks' times as they are now (not as at the last move).
addEventListener('pagehide', () => persist());

await resume();
watchStorage();
// A tab closed lets its game go without a word: the list asks again when this tab is looked at.
document.addEventListener('visibilitychange', () => {
  if (!document.hidden) renderGames();
});
namesLoaded.then(
  () => {
    state.openingNames = true;
    void render();
  },
  (e: unknown) => console.warn(`The opening names could not be loaded: ${messageOf(e)}`),
);
document.body.dataset.ready = 'true';
await render();
await engineMove();
