/**
 * The game on the board kept in the browser (after every change, with its review), its PGN and
 * tags, and "Your games", the list of kept games (open, download, delete), kept up to date with
 * what other tabs of the page do.
 */
import { ChessGame, START_FEN, type GameReview } from 'chess-wasm';
import { actions } from './actions.js';
import { renderGamesList } from './games-list.js';
import { reviewPanel } from './parts.js';
import { gameLock, reviewModuleLoaded, storageNotice, store } from './services.js';
import { levelName } from './settings.js';
import { download } from './share.js';
import { movesKey, state } from './state.js';
import type { SavedGame } from './storage.js';
import { ui } from './ui.js';

/** Keep the game (and its review) in the browser, and redraw the list of games. */
export function persist(): void {
  const { game, clocks } = state;
  const history = game.history();
  if (history.length > 0 || game.startFen() !== START_FEN) {
    const names = state.imported ? game.tags() : ownTags();
    const review = reviewPanel.current && state.reviewedMoves === movesKey() ? { review: reviewPanel.current, reviewMoves: state.reviewedMoves } : {};
    const saved = store.save({
      id: state.gameId,
      started: state.started,
      updated: Date.now(),
      pgn: pgn(),
      human: state.human,
      imported: state.imported,
      level: state.gameLevel || ui.level.value,
      levels: state.levelsPlayed,
      white: names.White ?? '?',
      black: names.Black ?? '?',
      result: game.state().result,
      plies: history.length,
      ...(clocks ? { clock: { control: clocks.control, left: clocks.snapshot(), running: clocks.turn, savedAt: Date.now() } } : {}),
      ...review,
    });
    // Another tab had changed this game meanwhile: this tab's moves were kept under a new id.
    if (saved.id !== state.gameId) {
      takeGameId(saved.id);
      document.body.dataset.game = state.gameId;
    }
    storageNotice.saved(saved);
  }
  renderGames();
}

/** Make `id` the game on the board: its lock held, any other let go. */
export function takeGameId(id: string): void {
  state.gameId = id;
  gameLock.keep(id);
}

/** The list of kept games: open, download or delete each (the game in play is marked). */
export function renderGames(): void {
  renderGamesList(ui.games, store.games(), state.gameId, state.heldElsewhere, {
    open: (g) => void actions.openGame(g),
    download: (g) => {
      const saved = store.load(g.id);
      if (saved) void keptPgn(saved).then((text) => download(`game-${new Date(g.started).toISOString().slice(0, 10)}.pgn`, text));
    },
    remove: (g) => {
      store.remove(g.id);
      renderGames();
    },
  });
  storageNotice.setAside(store.takeSetAside());
  void gameLock.heldElsewhere().then((held) => {
    const known = state.heldElsewhere;
    if (held.size === known.size && [...held].every((id) => known.has(id))) return;
    state.heldElsewhere = held;
    renderGames();
  });
}

/** Another tab changed the kept games: the list shows it; a game on this board deleted there is kept again. */
export function watchStorage(): void {
  store.watch((id) => {
    if (id === state.gameId && !store.has(state.gameId)) persist();
    clearTimeout(state.storageChanged);
    state.storageChanged = setTimeout(renderGames, 50);
  });
}

/**
 * A kept game's PGN, annotated by its review when it was kept with one (of these moves); the plain
 * PGN when the review module cannot be had.
 */
async function keptPgn(saved: SavedGame): Promise<string> {
  if (!saved.review) return saved.pgn;
  let kept: ChessGame | null = null;
  try {
    await reviewModuleLoaded();
    kept = ChessGame.fromPgn(saved.pgn);
    return kept.pgn({}, { review: saved.review });
  } catch {
    return saved.pgn;
  } finally {
    kept?.free();
  }
}

/** The game's PGN. */
export function pgn(): string {
  return state.game.pgn(state.imported ? {} : ownTags());
}

/** The game's PGN annotated by `review` (evals, marked moves, why, better lines), once the review module is on the page. */
export async function reviewedPgn(review: GameReview): Promise<string> {
  await reviewModuleLoaded();
  return state.game.pgn(state.imported ? {} : ownTags(), { review });
}

/** The tags of a game played on this page: when, where, and who (the levels the engine played). */
function ownTags(): Record<string, string> {
  const { levelsPlayed, human, clocks } = state;
  const engine = (levelsPlayed.length > 0 ? levelsPlayed : [levelName()]).join(', then ');
  return {
    Event: 'Casual game',
    Site: location.host || 'local',
    Date: new Date(state.started).toISOString().slice(0, 10).replaceAll('-', '.'),
    White: human === 'white' ? 'You' : `Engine, ${engine}`,
    Black: human === 'black' ? 'You' : `Engine, ${engine}`,
    ...(clocks ? { TimeControl: `${clocks.control.baseMs / 1000}+${clocks.control.incrementMs / 1000}` } : {}),
  };
}
