/**
 * The page's lasting services, made once at load and in this order: the browser storage, what the
 * page says of saving, the lock that keeps the game on this board out of other tabs, the sounds,
 * the settings as the player left them; then the WebAssembly (the rules and the engine), and the
 * opening names fetched from then on. Every module that needs the rules loaded imports this one.
 */
import { init, preload } from 'chess-wasm';
import { Store } from './storage.js';
import { StorageNotice } from './storage-notice.js';
import { GameLock } from './game-lock.js';
import { Sounds } from './sound.js';
import { initSettings } from './settings.js';
import { messageOf } from './format.js';
import { ui } from './ui.js';

export const store = new Store();
/** What the page says of saving; the lock that keeps the game on this board out of other tabs. */
export const storageNotice = new StorageNotice(ui.message, ui.gamesNote);
export const gameLock = new GameLock();
export const sounds = new Sounds();
initSettings(store, sounds);

// The rules and the engine are WebAssembly, which a page cannot compile synchronously: loaded
// once, before the first game.
await init().catch((e: unknown) => {
  ui.message.textContent = `The chess engine could not be loaded (${messageOf(e)}). Reload the page to try again.`;
  throw e;
});
/**
 * The opening names are fetched apart from the module (chess-wasm's data), from now on: the
 * opening's name appears once they are there (main.ts waits for this after the page's set-up).
 */
export const namesLoaded = preload('openings');

/**
 * The review module on the page, fetched on first need: a PGN annotated from a review is made by
 * it (the reviews themselves run in the engine's worker). A failure is tried again next time.
 */
let reviewModule: Promise<void> | null = null;
export function reviewModuleLoaded(): Promise<void> {
  reviewModule ??= preload('review').catch((e: unknown) => {
    reviewModule = null;
    throw e;
  });
  return reviewModule;
}
