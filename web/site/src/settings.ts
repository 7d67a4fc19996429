/**
 * The settings: the New game panel's choices and the header's switches, kept in the browser, and
 * what the level and thinking time mean for the engine.
 */
import { LEVELS, type AiOptions } from 'chess-wasm';
import { BOARD_THEMES, PIECE_SETS, showBoardTheme, showPieceSet } from './board-look.js';
import type { Sounds } from './sound.js';
import type { Store } from './storage.js';
import { $, boardSelect, figurineSwitch, hasOption, piecesSelect, say, soundSwitch, takebackSelect, themeSelect, ui } from './ui.js';

/** The theme: the choice in the header, or the system's (Auto). */
function applyTheme(): void {
  const choice = themeSelect.value;
  const dark = choice === 'dark' || (choice === 'auto' && matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
}

/** The board's look: the piece set and the board theme chosen in the header. */
function applyBoardLook(): void {
  void showPieceSet(piecesSelect.value);
  showBoardTheme($('board'), boardSelect.value);
}

/** The level choices, then every setting as the player left it (a value a select lacks is ignored). */
export function initSettings(store: Store, sounds: Sounds): void {
  for (const { level, elo } of LEVELS) ui.level.add(new Option(`Level ${level} · ${elo} Elo`, String(level)));
  ui.level.add(new Option('Full strength', 'full'));
  for (const { id, name } of PIECE_SETS) piecesSelect.add(new Option(name, id));
  for (const { id, name } of BOARD_THEMES) boardSelect.add(new Option(name, id));
  const saved = store.settings();
  ui.level.value = '3';
  if (saved) {
    const selects = [
      [ui.color, saved.color],
      [ui.level, saved.level],
      [ui.clock, saved.clock],
      [themeSelect, saved.theme],
      [piecesSelect, saved.pieces],
      [boardSelect, saved.board],
      [takebackSelect, saved.takebacks],
    ] as const;
    for (const [select, value] of selects) {
      if (typeof value === 'string' && hasOption(select, value)) select.value = value;
    }
    if (typeof saved.thinkTime === 'string') ui.thinkTime.value = saved.thinkTime;
    if (typeof saved.sound === 'boolean') soundSwitch.checked = saved.sound;
    if (typeof saved.figurines === 'boolean') figurineSwitch.checked = saved.figurines;
  }
  sounds.muted = !soundSwitch.checked;
  applyTheme();
  applyBoardLook();
}

/** Keep every change of a setting, apply it, then `changed()`; the theme follows the system's too. */
export function onSettingsChange(store: Store, sounds: Sounds, changed: () => void): void {
  for (const field of [ui.color, ui.level, ui.thinkTime, ui.clock, themeSelect, piecesSelect, boardSelect, soundSwitch, figurineSwitch, takebackSelect]) {
    field.addEventListener('change', () => {
      store.saveSettings({
        color: ui.color.value,
        level: ui.level.value,
        thinkTime: ui.thinkTime.value,
        clock: ui.clock.value,
        theme: themeSelect.value,
        pieces: piecesSelect.value,
        board: boardSelect.value,
        sound: soundSwitch.checked,
        figurines: figurineSwitch.checked,
        takebacks: takebackSelect.value,
      });
      sounds.muted = !soundSwitch.checked;
      applyTheme();
      applyBoardLook();
      changed();
    });
  }
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', applyTheme);
}

/** The engine's options for the selected level. */
export function aiOptions(): AiOptions {
  return ui.level.value === 'full' ? { fullStrength: true, book: false } : { level: Number(ui.level.value) as 1 | 2 | 3 | 4 | 5 };
}

/** The thinking time in milliseconds: 0.1 to 60 seconds (the field says so when it is outside). */
export function thinkTimeMs(): number {
  const seconds = Number(ui.thinkTime.value);
  if (!Number.isFinite(seconds) || seconds < 0.1 || seconds > 60) {
    ui.thinkTime.value = '2';
    say('The thinking time is from 0.1 to 60 seconds: 2 seconds it is.', true);
    return 2000;
  }
  return seconds * 1000;
}

/** The name of the selected level, as the page shows it. */
export function levelName(): string {
  return ui.level.options[ui.level.selectedIndex]?.text ?? 'engine';
}
