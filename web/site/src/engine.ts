/**
 * The engine's strength for the game: the level it plays at (given between moves, even mid-game)
 * and the stronger full-strength net, loaded into the worker on its first use.
 */
import { ai } from './parts.js';
import { aiOptions, levelName } from './settings.js';
import { state } from './state.js';
import { messageOf } from './format.js';
import { say, ui } from './ui.js';

/** The full-strength net in the worker (see `PageState.strongNet`); a failure is said, and asked again next time. */
export function loadStrongNet(): Promise<void> {
  state.strongNet ??= ai.loadNet().then(
    () => {
      document.body.dataset.net = 'strong';
    },
    (e: unknown) => {
      state.strongNet = null;
      say(`The full-strength net could not be loaded (${messageOf(e)}): the engine uses its smaller one.`, true);
    },
  );
  return state.strongNet;
}

/** Give the engine the selected level if it changed (between moves, even mid-game). */
export async function applyLevel(): Promise<void> {
  if (ui.level.value === 'full') await loadStrongNet();
  if (ui.level.value !== state.appliedLevel) {
    await ai.setOptions(aiOptions());
    state.appliedLevel = ui.level.value;
  }
  state.gameLevel = ui.level.value;
  if (state.levelsPlayed.at(-1) !== levelName()) state.levelsPlayed.push(levelName());
}
