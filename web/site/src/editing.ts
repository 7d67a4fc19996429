/**
 * The board editor as a mode of the page: opening it on the position shown, the palette and the
 * controls, a click on a square, and leaving it to play or analyse the position set up.
 */
import { START_FEN } from 'chess-wasm';
import { pieceIcon } from './board-look.js';
import { EDITOR_TOOLS, type EditorTool, PositionEditor } from './editor.js';
import { newGame } from './lifecycle.js';
import { leaveModes, openAnalysis } from './modes.js';
import { render } from './render.js';
import { gameFenAt, state } from './state.js';
import { $, say, ui } from './ui.js';

/** The palette's names. */
const NAMES: Record<EditorTool, string> = {
  K: 'White king', Q: 'White queen', R: 'White rook', B: 'White bishop', N: 'White knight', P: 'White pawn',
  k: 'Black king', q: 'Black queen', r: 'Black rook', b: 'Black bishop', n: 'Black knight', p: 'Black pawn',
  '': 'Empty the square',
};

/** A tool's face: its piece as the board draws it (the set chosen), or ✕ for the eraser. */
const toolFace = (tool: EditorTool): Node => (tool === '' ? document.createTextNode('✕') : pieceIcon(tool));

const castleBox = (right: string): HTMLInputElement => $<HTMLInputElement>(`editor-castle-${right}`);

/** Open the editor on the position shown (not during a search or a review). */
export async function openEditor(): Promise<void> {
  if (state.editor || state.thinking || state.reviewing) return;
  await leaveModes();
  state.editor = new PositionEditor(gameFenAt(state.viewPly ?? state.game.history().length));
  say('');
  drawControls();
  await render();
}

/** Close the editor: the game as it was. */
export async function closeEditor(): Promise<void> {
  state.editor = null;
  await render();
}

/** A click on `square` of the board while the editor is open. */
export function editorClick(square: string): void {
  state.editor?.click(square);
  void render();
}

/**
 * Leave the editor with a new game from the position set up (its FEN in the New game panel), or
 * say why the position cannot be played: `false` then. `playerToMove`: the player takes the side
 * to move (for the analysis board), else the New game panel's side.
 */
async function gameFromEditor(playerToMove: boolean): Promise<boolean> {
  const checked = state.editor?.check();
  if (!checked) return false;
  if ('error' in checked) {
    say(`${checked.error}: set the position up first.`, true);
    return false;
  }
  state.editor = null;
  ui.startFen.value = checked.fen;
  if (playerToMove) ui.color.value = checked.fen.split(' ')[1] === 'b' ? 'black' : 'white';
  await newGame();
  return true;
}

/** Play a game from the position set up (the New game panel's side and level). */
export async function playFromEditor(): Promise<void> {
  await gameFromEditor(false);
}

/** Open the analysis board on the position set up (a game from it, the player on the side to move). */
export async function analyseFromEditor(): Promise<void> {
  if (await gameFromEditor(true)) await openAnalysis();
}

/** The palette and the controls, as the editor has them. */
function drawControls(): void {
  const editor = state.editor;
  if (!editor) return;
  ui.editorTools.replaceChildren(
    ...EDITOR_TOOLS.map((tool) => {
      const button = document.createElement('button');
      button.type = 'button';
      const name = NAMES[tool];
      button.append(toolFace(tool));
      button.title = name;
      button.setAttribute('aria-label', name);
      button.dataset.tool = tool;
      button.setAttribute('aria-pressed', String(tool === editor.tool));
      button.addEventListener('click', () => {
        editor.tool = tool;
        drawControls();
      });
      return button;
    }),
  );
  ui.editorTurn.value = editor.turn;
  for (const right of ['K', 'Q', 'k', 'q']) castleBox(right).checked = editor.castling.has(right);
}

/** Wire the editor's controls (once, at start). */
export function wireEditor(): void {
  $('setup').addEventListener('click', () => void openEditor());
  $('editor-close').addEventListener('click', () => void closeEditor());
  $('editor-play').addEventListener('click', () => void playFromEditor());
  $('editor-analyse').addEventListener('click', () => void analyseFromEditor());
  $('editor-start').addEventListener('click', () => {
    state.editor?.load(START_FEN);
    drawControls();
    void render();
  });
  $('editor-clear').addEventListener('click', () => {
    state.editor?.clear();
    drawControls();
    void render();
  });
  ui.editorTurn.addEventListener('change', () => {
    if (state.editor) state.editor.turn = ui.editorTurn.value === 'b' ? 'b' : 'w';
    void render();
  });
  for (const right of ['K', 'Q', 'k', 'q']) {
    castleBox(right).addEventListener('change', () => {
      if (castleBox(right).checked) state.editor?.castling.add(right);
      else state.editor?.castling.delete(right);
      void render();
    });
  }
}
