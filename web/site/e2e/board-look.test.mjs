// Piece sets and board themes (issue 82): chosen in the header, shown at once everywhere the page
// draws pieces, kept after a reload. Headless Chromium on the production build (npm run build
// first), as site.test.mjs; a screenshot of the board with each set in web/artifacts/.
import assert from 'node:assert/strict';
import { artifacts, open, pageSuite } from './harness.mjs';

const suite = pageSuite();
const { test } = suite;

/** Each set the header offers, and the sprite its pieces must come from. */
const SETS = {
  standard: 'cm-chessboard/pieces/standard.svg',
  chessnut: 'pieces/chessnut.svg',
  fantasy: 'pieces/fantasy.svg',
  simple: 'pieces/simple.svg',
};
const THEMES = ['brown', 'green', 'blue'];

/** Choose the set `id` and wait until its sprite is in the page. */
async function choosePieces(page, id) {
  await page.selectOption('#pieces', id);
  await page.waitForFunction((set) => document.getElementById('cm-chessboard-sprite')?.dataset.pieces === set, id);
}

/**
 * What the board draws: each piece's `<use>` must point into the page's one sprite, and every
 * piece there must be the one of the sprite file `file` (its shapes, element by element); each
 * piece drawn has a size. Returns what differs (nothing: all is well) and how many pieces are drawn.
 */
async function boardPieces(page, file) {
  return page.evaluate(async (url) => {
    const text = await (await fetch(url)).text();
    const sprite = new DOMParser().parseFromString(text, 'image/svg+xml');
    const shapes = (root) =>
      root ? [...root.querySelectorAll('*')].map((e) => `${e.localName}:${e.getAttribute('d') ?? e.getAttribute('points') ?? ''}`).join('|') : 'none';
    const wrong = [];
    for (const color of 'wb') {
      for (const kind of 'kqrbnp') {
        const id = color + kind;
        const here = document.getElementById(id);
        if (!here?.closest('#cm-chessboard-sprite')) wrong.push(`#${id} is not in the sprite holder`);
        else if (shapes(here) !== shapes(sprite.getElementById(id))) wrong.push(`#${id} is not ${url}'s`);
      }
    }
    const uses = [...document.querySelectorAll('#board use.piece')];
    for (const use of uses) {
      const href = use.getAttribute('href');
      if (!/^#[wb][kqrbnp]$/.test(href)) wrong.push(`a piece drawn from ${href}`);
      const box = use.getBBox();
      if (!(box.width > 5 && box.height > 5)) wrong.push(`${href} drawn ${box.width}x${box.height}`);
    }
    return { wrong, drawn: uses.length };
  }, file);
}

/** The colours of a light and a dark square as the browser paints them. */
const squareColours = (page) =>
  page.evaluate(() => ['white', 'black'].map((shade) => getComputedStyle(document.querySelector(`#board .square.${shade}`)).fill));

test('piece sets and board themes: each set drawn from its own sprite, each theme recolours the squares; the choice kept after a reload', async () => {
  const { page, errors } = await open(suite.browser, suite.url);
  // The header offers every set and theme; the default is the standard set on brown.
  assert.deepEqual(await page.$$eval('#pieces option', (options) => options.map((o) => o.value)), Object.keys(SETS));
  assert.deepEqual(await page.$$eval('#board-theme option', (options) => options.map((o) => o.value)), THEMES);
  assert.equal(await page.inputValue('#pieces'), 'standard');
  assert.equal(await page.inputValue('#board-theme'), 'brown');
  await page.waitForFunction(() => document.getElementById('cm-chessboard-sprite')?.dataset.pieces === 'standard');
  assert.deepEqual(await boardPieces(page, SETS.standard), { wrong: [], drawn: 32 });
  const colours = { brown: await squareColours(page) };

  // Every set with a theme in turn, applied without a reload; a screenshot of each.
  for (const [i, id] of Object.keys(SETS).entries()) {
    const theme = THEMES[i % THEMES.length];
    await choosePieces(page, id);
    await page.selectOption('#board-theme', theme);
    assert.deepEqual(await boardPieces(page, SETS[id]), { wrong: [], drawn: 32 }, id);
    colours[theme] ??= await squareColours(page);
    assert.deepEqual(await squareColours(page), colours[theme], theme);
    assert.match(await page.textContent('#piece-credit'), new RegExp(`^Pieces \\(${id}\\): `, 'i'));
    await page.locator('#board').screenshot({ path: `${artifacts}pieces-${id}-${theme}.png` });
  }
  // Three themes, three different pairs of colours.
  assert.equal(new Set(THEMES.map((theme) => colours[theme].join())).size, 3, JSON.stringify(colours));

  // The choice is kept: Fantasy on green after a reload.
  await choosePieces(page, 'fantasy');
  await page.selectOption('#board-theme', 'green');
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await page.inputValue('#pieces'), 'fantasy');
  assert.equal(await page.inputValue('#board-theme'), 'green');
  await page.waitForFunction(() => document.getElementById('cm-chessboard-sprite')?.dataset.pieces === 'fantasy');
  assert.deepEqual(await boardPieces(page, SETS.fantasy), { wrong: [], drawn: 32 });
  assert.deepEqual(await squareColours(page), colours.green);
  await page.screenshot({ path: `${artifacts}pieces-page-fantasy-green.png` });
  // The footer credits the set shown, its licence a link to the licence's text, which is served.
  const licence = await page.getAttribute('#piece-credit a', 'href');
  assert.equal(licence, 'pieces/fantasy.LICENSE.txt');
  assert.match(await page.evaluate(async (url) => (await fetch(url)).text(), licence), /Maurizio Monge[\s\S]*MIT License/);
  assert.deepEqual(errors, []);
});

test('the chosen set in the promotion chooser and the editor\'s palette', async () => {
  const { page, errors } = await open(suite.browser, suite.url);
  await choosePieces(page, 'chessnut');
  await page.selectOption('#board-theme', 'blue');
  // A pawn on a7 to promote: the chooser offers the four pieces, drawn from the same sprite.
  await page.fill('#start-fen', '4k3/P7/8/8/8/8/8/4K3 w - - 0 1');
  await page.selectOption('#level', '1');
  const before = await page.getAttribute('body', 'data-game');
  await page.click('#new-game');
  await page.waitForFunction((old) => (document.body.dataset.game ?? null) !== old, before);
  const box = await page.locator('#board svg').first().boundingBox();
  const square = box.width / 8;
  await page.mouse.click(box.x + square * 0.5, box.y + square * 1.5);
  await page.mouse.click(box.x + square * 0.5, box.y + square * 0.5);
  await page.waitForSelector('#board .promotion-dialog-button-group');
  const offered = await page.$$eval('#board .promotion-dialog-group use', (uses) => uses.map((u) => u.getAttribute('href')));
  assert.deepEqual(offered.sort(), ['#wb', '#wn', '#wq', '#wr']);
  assert.deepEqual((await boardPieces(page, SETS.chessnut)).wrong, []);
  await page.waitForTimeout(200);
  await page.locator('#board').screenshot({ path: `${artifacts}pieces-promotion-chessnut.png` });
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('#board .promotion-dialog-button-group'));
  // The editor's palette: the twelve pieces from the sprite, then the eraser.
  await page.click('#setup');
  await page.waitForSelector('#editor-panel:not([hidden])');
  const palette = await page.$$eval('#editor-tools button', (buttons) =>
    buttons.map((b) => b.querySelector('use')?.getAttribute('href') ?? b.textContent),
  );
  assert.deepEqual(palette, ['#wk', '#wq', '#wr', '#wb', '#wn', '#wp', '#bk', '#bq', '#br', '#bb', '#bn', '#bp', '✕']);
  const sizes = await page.$$eval('#editor-tools button use', (uses) => uses.map((u) => u.getBBox().width));
  assert.ok(sizes.every((w) => w > 5), `palette pieces drawn ${sizes}`);
  await page.locator('#editor-panel').screenshot({ path: `${artifacts}pieces-palette-chessnut.png` });
  await page.screenshot({ path: `${artifacts}pieces-page-chessnut-blue.png` });
  assert.deepEqual(errors, []);
});
