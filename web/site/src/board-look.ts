/**
 * The board's look: the piece sets and the board themes the player chooses from (the one list of
 * each: the settings' choices, the footer's credit and the e2e test all follow them), the chosen
 * set's sprite put into the page, the chosen colours given to the board.
 *
 * Every piece the page draws from the sprite (the board, a piece dragged, the promotion chooser,
 * the editor's palette) is a `<use href="#wk">` of the one sprite in the page, so a set put in
 * its place shows everywhere at once. Where each set comes from and its licence: docs/web.md.
 */
import { messageOf } from './format.js';
import { say } from './ui.js';

/** A piece set: its sprite (cm-chessboard's format, relative to the page), who drew it and its licence. */
export interface PieceSet {
  id: string;
  name: string;
  sprite: string;
  credit: string;
  licence: { name: string; url: string };
}

/** The piece sets, the first the page's default. */
export const PIECE_SETS: readonly PieceSet[] = [
  {
    id: 'standard',
    name: 'Standard',
    sprite: 'cm-chessboard/pieces/standard.svg',
    credit: 'Colin M.L. Burnett, via Wikimedia Commons',
    licence: { name: 'CC BY-SA 3.0', url: 'pieces/standard.LICENSE.txt' },
  },
  {
    id: 'chessnut',
    name: 'Chessnut',
    sprite: 'pieces/chessnut.svg',
    credit: 'Alexis Luengas',
    licence: { name: 'Apache 2.0', url: 'pieces/chessnut.LICENSE.txt' },
  },
  {
    id: 'fantasy',
    name: 'Fantasy',
    sprite: 'pieces/fantasy.svg',
    credit: 'Maurizio Monge',
    licence: { name: 'MIT', url: 'pieces/fantasy.LICENSE.txt' },
  },
  {
    id: 'simple',
    name: 'Simple',
    sprite: 'pieces/simple.svg',
    credit: 'Max Froumentin and GNOME Chess, © 1994-2002 W3C (MIT, ERCIM, Keio)',
    licence: { name: 'W3C Software Notice and License', url: 'pieces/simple.LICENSE.txt' },
  },
];

/**
 * A board theme: the squares' colours and the coordinates' on each. Brown is cm-chessboard's
 * `default` style, green and blue its `green` and `blue` styles (assets/chessboard.css, MIT).
 */
export interface BoardTheme {
  id: string;
  name: string;
  light: string;
  dark: string;
  /** The coordinates' colours on the light squares and on the dark ones. */
  onLight: string;
  onDark: string;
}

/** The board themes, the first the page's default. */
export const BOARD_THEMES: readonly BoardTheme[] = [
  { id: 'brown', name: 'Brown', light: '#ecdab9', dark: '#c5a076', onLight: '#b5936d', onDark: '#eeddbf' },
  { id: 'green', name: 'Green', light: '#e0ddcc', dark: '#4c946a', onLight: '#468862', onDark: '#e2e0d0' },
  { id: 'blue', name: 'Blue', light: '#d8ecfb', dark: '#86afcf', onLight: '#7ba1be', onDark: '#dbeefb' },
];

/** The element cm-chessboard keeps its sprite in (its `assetsCache`): it fills one only when the page has none. */
const HOLDER_ID = 'cm-chessboard-sprite';

/**
 * The page's holder of the sprite, made hidden and empty when there is none yet: before the
 * board is made, so that the board leaves the sprite to this module.
 */
export function spriteHolder(): HTMLElement {
  const found = document.getElementById(HOLDER_ID);
  if (found) return found;
  const holder = document.createElement('div');
  holder.id = HOLDER_ID;
  holder.setAttribute('aria-hidden', 'true');
  holder.style.position = 'absolute';
  holder.style.transform = 'scale(0)';
  document.body.appendChild(holder);
  return holder;
}

const byId = <T extends { id: string }>(list: readonly T[], id: string): T => list.find((item) => item.id === id) ?? list[0]!;

/** The set last asked for (a later choice wins over a sprite that arrives late). */
let wanted = '';

/**
 * Put the set `id` into the page (when it is not there yet) and credit it in the footer; the
 * holder says which set it holds (`data-pieces`) once it is in. A sprite that cannot be fetched
 * leaves the pieces as they were, and the page says so.
 */
export async function showPieceSet(id: string): Promise<void> {
  const set = byId(PIECE_SETS, id);
  const holder = spriteHolder();
  if (wanted === set.id) return;
  wanted = set.id;
  creditPieces(set);
  try {
    const response = await fetch(set.sprite);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const sprite = await response.text();
    if (wanted !== set.id) return;
    holder.innerHTML = sprite;
    holder.dataset.pieces = set.id;
  } catch (e) {
    if (wanted !== set.id) return;
    wanted = holder.dataset.pieces ?? '';
    say(`The ${set.name} pieces could not be loaded (${messageOf(e)}).`, true);
  }
}

/** The footer's line on the pieces: who drew the set shown, and its licence. */
function creditPieces(set: PieceSet): void {
  const credit = document.getElementById('piece-credit');
  if (!credit) return;
  const link = document.createElement('a');
  link.href = set.licence.url;
  link.textContent = set.licence.name;
  credit.replaceChildren(`Pieces (${set.name}): ${set.credit}, `, link, '.');
}

/** The sprite's tile: 40×40 units a piece, as cm-chessboard draws them. */
const TILE = 40;
const SVG = 'http://www.w3.org/2000/svg';

/**
 * A piece (a FEN letter: `K` a white king, `p` a black pawn) as a small SVG drawn from the page's
 * sprite, so in the set chosen (the editor's palette); hidden from assistive technology, which its
 * button names.
 */
export function pieceIcon(letter: string): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', `0 0 ${TILE} ${TILE}`);
  svg.setAttribute('aria-hidden', 'true');
  const use = document.createElementNS(SVG, 'use');
  use.setAttribute('href', `#${letter === letter.toUpperCase() ? 'w' : 'b'}${letter.toLowerCase()}`);
  svg.append(use);
  return svg;
}

/** Give the board element `board` the colours of the theme `id`. */
export function showBoardTheme(board: HTMLElement, id: string): void {
  const theme = byId(BOARD_THEMES, id);
  board.dataset.boardTheme = theme.id;
  const colours = { light: theme.light, dark: theme.dark, 'on-light': theme.onLight, 'on-dark': theme.onDark };
  for (const [name, value] of Object.entries(colours)) board.style.setProperty(`--board-${name}`, value);
}
