// The play page never loses a saved game (issue 79): a full quota, two tabs, records it cannot
// read. Headless Chromium on the production build (npm run build first), as site.test.mjs.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { artifacts, open, pageSuite } from './harness.mjs';

const suite = pageSuite();
const { test } = suite;

// White's eight pawns against a lone king on e8: for the first moves every pawn push to the third
// rank is legal whatever the king does, so the tests' moves never depend on the engine's replies.
const PAWNS = '4k3/8/8/8/8/8/PPPPPPPP/4K3 w - - 0 1';
const VIEWPORT = { width: 1200, height: 860 };

const moveCount = (page) => page.$$eval('#moves li', (items) => items.length);
const waitMoves = (page, n, timeout = 20_000) =>
  page.waitForFunction((count) => document.querySelectorAll('#moves li').length >= count, n, { timeout });

async function typeMove(page, text) {
  await page.fill('#move-text', text);
  await page.press('#move-text', 'Enter');
}

/** Play `san` and wait for the engine's reply. */
async function play(page, san) {
  const before = await moveCount(page);
  await typeMove(page, san);
  await waitMoves(page, before + 2);
}

async function newGame(page, { fen = '', level = '1' } = {}) {
  const before = await page.getAttribute('body', 'data-game');
  await page.fill('#start-fen', fen);
  await page.selectOption('#color', 'white');
  await page.selectOption('#level', level);
  await page.click('#new-game');
  await page.waitForFunction((old) => (document.body.dataset.game ?? null) !== old, before, { timeout: 15_000 });
}

/** Open "Your games" (its list is then on the screen). */
async function showGames(page) {
  await page.$eval('#games-box', (box) => (box.open = true));
}

/** The PGN of every game in "Your games", as its PGN button downloads it (read from the browser's storage). */
async function keptPgns(page) {
  await showGames(page);
  const texts = [];
  const n = await page.locator('#games-list li').count();
  for (let i = 1; i <= n; i++) {
    const [file] = await Promise.all([page.waitForEvent('download'), page.click(`#games-list li:nth-child(${i}) button[title="Download this game"]`)]);
    texts.push((await readFile(await file.path(), 'utf8')).replace(/\s+/g, ' '));
  }
  return texts;
}

/** Fill localStorage until the browser refuses more (filler keys, halving their size down to one character). */
async function fillStorage(page) {
  return page.evaluate(() => {
    let size = 1 << 20;
    let keys = 0;
    while (size >= 1) {
      try {
        localStorage.setItem(`filler-${keys}`, 'x'.repeat(size));
        keys++;
      } catch {
        size = Math.floor(size / 2);
      }
    }
    return keys;
  });
}

test('a full storage: the failed save is shown, the game stays playable, and the first save once space is freed works', async () => {
  const { page, errors } = await open(suite.browser, suite.url);
  await newGame(page, { fen: PAWNS });
  await play(page, 'a3');
  const keys = await fillStorage(page);
  assert.ok(keys > 0);

  // The move is played and shown; the page says the game is not saved.
  await play(page, 'b3');
  const failure = page.locator('text=/could not be saved/');
  await failure.waitFor({ state: 'visible', timeout: 5_000 });
  assert.match(await failure.textContent(), /full/);
  await page.screenshot({ path: `${artifacts}storage-full.png` });
  // Still playable, still said; the kept copy is the one from before the quota was reached.
  await play(page, 'c3');
  assert.equal(await moveCount(page), 6);
  assert.equal(await failure.isVisible(), true);
  // (The engine's reply to a3 may or may not have been saved before the quota was reached.)
  const [kept] = await keptPgns(page);
  assert.match(kept, /1\. a3 /, kept);
  assert.doesNotMatch(kept, /b3|c3/, kept);

  // Space freed: the next move saves the whole game, and the page says so.
  await page.evaluate((n) => {
    for (let i = 0; i < n; i++) localStorage.removeItem(`filler-${i}`);
  }, keys);
  await play(page, 'd3');
  await failure.waitFor({ state: 'hidden', timeout: 5_000 });
  assert.match(await page.textContent('body'), /saved again/);
  const pgns = await keptPgns(page);
  assert.equal(pgns.length, 1);
  assert.match(pgns[0], /1\. a3 \S+ 2\. b3 \S+ 3\. c3 \S+ 4\. d3 /, pgns[0]);
  assert.deepEqual(errors, []);
});

test('two tabs: each keeps its own games, sees the other\'s in its list at once, and none is dropped', async () => {
  const context = await suite.browser.newContext({ viewport: VIEWPORT });
  const a = await open(context, suite.url);
  await newGame(a.page, { fen: PAWNS });
  await play(a.page, 'a3');
  await showGames(a.page);
  assert.equal(await a.page.locator('#games-list li').count(), 1);

  // A second tab while the first plays its game: it must not play (and save over) that same game.
  const b = await open(context, suite.url);
  await play(b.page, 'h3');
  // The first tab's list shows the second tab's game without being touched.
  await a.page.waitForFunction(() => document.querySelectorAll('#games-list li').length === 2, null, { timeout: 10_000 });

  // Both tabs play on; a new game in the second tab too.
  await play(a.page, 'b3');
  await newGame(b.page, { level: '1' });
  await play(b.page, 'd4');
  await a.page.waitForFunction(() => document.querySelectorAll('#games-list li').length === 3, null, { timeout: 10_000 });
  // The second tab's list follows the first tab's moves: its game shows two moves, marked as played elsewhere.
  await showGames(b.page);
  await b.page.waitForFunction(
    () => [...document.querySelectorAll('#games-list li')].some((li) => /2 moves\s*in another tab/.test(li.textContent)),
    null,
    { timeout: 10_000 },
  );
  assert.equal(await b.page.locator('#games-list li:has-text("in another tab") button:text("Open")').count(), 0);

  // Every game is kept whole, as each tab played it.
  for (const tab of [a, b]) {
    const pgns = await keptPgns(tab.page);
    assert.equal(pgns.length, 3, pgns.join('\n'));
    assert.ok(pgns.some((p) => /1\. a3 \S+ 2\. b3 \S+ \*/.test(p)), pgns.join('\n'));
    assert.ok(pgns.some((p) => /1\. h3 \S+ \*/.test(p)), pgns.join('\n'));
    assert.ok(pgns.some((p) => /1\. d4 \S+ \*/.test(p)), pgns.join('\n'));
  }
  // A reload of the first tab brings back its own game, not the one last played in the other tab.
  const moves = await a.page.textContent('#moves');
  await a.page.reload();
  await a.page.waitForSelector('body[data-ready="true"]');
  assert.equal(await a.page.textContent('#moves'), moves);
  assert.deepEqual(a.errors, []);
  assert.deepEqual(b.errors, []);
});

test('two tabs on one game without Web Locks: the second writer keeps its moves as a game of their own', async () => {
  const context = await suite.browser.newContext({ viewport: VIEWPORT });
  // A browser without Web Locks (an insecure origin, an old browser): the re-read before each write alone keeps the games apart.
  await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'locks', { get: () => undefined, configurable: true }));
  const a = await open(context, suite.url);
  await newGame(a.page, { fen: PAWNS });
  await play(a.page, 'a3');
  // The second tab resumes the same game (nothing tells it the first has it) and plays on in it.
  const b = await open(context, suite.url);
  assert.match(await b.page.textContent('#moves'), /a3/);
  await play(b.page, 'h3');
  // The first tab plays another move in its copy: saved beside the second tab's, not over it.
  await play(a.page, 'b3');
  for (const tab of [a, b]) {
    const pgns = await keptPgns(tab.page);
    assert.ok(pgns.some((p) => /1\. a3 \S+ 2\. h3 /.test(p)), `the second tab's game is kept:\n${pgns.join('\n')}`);
    assert.ok(pgns.some((p) => /1\. a3 \S+ 2\. b3 /.test(p)), `the first tab's game is kept:\n${pgns.join('\n')}`);
    assert.equal(pgns.length, 2);
  }
  // The first tab says where its moves went.
  await a.page.locator('text=/changed in another tab/').waitFor({ state: 'visible', timeout: 5_000 });
  assert.deepEqual(a.errors, []);
  assert.deepEqual(b.errors, []);
});

/** A record as the page keeps it, with `fields` changed (undefined: left out). */
function record(id, fields = {}) {
  const base = {
    id,
    started: 1_700_000_000_000,
    updated: 1_700_000_100_000,
    pgn: '[White "Alice"]\n[Black "Bob"]\n\n1. e4 e5 *',
    human: 'white',
    imported: true,
    level: '3',
    levels: ['Level 3'],
    white: 'Alice',
    black: 'Bob',
    result: '*',
    plies: 2,
  };
  return JSON.stringify({ ...base, ...fields });
}

/** Records no page could use, and one good one, each under its own key. */
const PLANTED = {
  'chess.game.v1.not-json': '{"id": "not-json", "pgn": "1. e4',
  'chess.game.v1.wrong-shape': '[1, 2, 3]',
  'chess.game.v1.missing': JSON.stringify({ id: 'missing', pgn: '1. d4 *', white: 'You', black: 'Engine' }),
  'chess.game.v1.levels': record('levels', { levels: 3, white: 'Carol' }),
  'chess.game.v1.clock': record('clock', {
    white: 'Dave',
    clock: { control: { baseMs: 'NaN', incrementMs: null }, left: { white: null, black: 'soon' } },
  }),
  'chess.game.v1.good': record('good'),
};
/** The index of the earlier pages, so that they list the planted games too (dates and moves that are not numbers). */
const OLD_INDEX = JSON.stringify(
  Object.keys(PLANTED).map((key) => ({ id: key.slice('chess.game.v1.'.length), started: 'yesterday', updated: 1, white: 'W', black: 'B', result: '*', plies: null })),
);

/** A new tab with `records` in its storage before the page's script runs, `current` the game in play. */
async function plantedPage(records, current) {
  const context = await suite.browser.newContext({ viewport: VIEWPORT });
  await context.addInitScript(
    ([records, current, index]) => {
      if (localStorage.getItem('planted')) return;
      localStorage.setItem('planted', '1');
      for (const [key, text] of Object.entries(records)) localStorage.setItem(key, text);
      localStorage.setItem('chess.games.v1', index);
      localStorage.setItem('chess.current.v1', JSON.stringify(current));
      localStorage.setItem('chess.settings.v1', JSON.stringify({ color: ['white'], level: 7, theme: null }));
    },
    [records, current, OLD_INDEX],
  );
  return open(context, suite.url);
}

/** Each planted text is still in the browser, under another key than its own. */
async function keptAside(page, records) {
  return page.evaluate((records) => {
    const all = Object.fromEntries(Object.keys(localStorage).map((key) => [key, localStorage.getItem(key)]));
    return Object.entries(records).filter(([key, text]) => !Object.entries(all).some(([other, value]) => other !== key && value === text)).map(([key]) => key);
  }, records);
}

/** Run `check`; a failure is written into `problems` (so that one run shows every problem of the page). */
async function softly(problems, what, check) {
  try {
    await check();
  } catch (error) {
    problems.push(`${what}: ${error.message.split('\n')[0]}`);
  }
}

test('records of the wrong shape are set aside with a message: the page starts, plays, and shows no NaN', async () => {
  const bad = Object.fromEntries(Object.entries(PLANTED).filter(([key]) => !key.endsWith('.good')));
  const problems = [];
  // The game in play is one whose clock holds no times, then one whose levels are not a list.
  for (const current of ['clock', 'levels']) {
    let tab;
    try {
      tab = await plantedPage(PLANTED, current);
    } catch (error) {
      problems.push(`${current}: the page did not start: ${error.message.split('\n')[0]}`);
      continue;
    }
    const { page, errors } = tab;
    const note = page.locator('#set-aside-notice p');
    // The board plays (Nf3 is legal from the start and in the planted games' positions).
    await softly(problems, `${current}: a move`, () => play(page, 'Nf3'));
    if (current === 'levels') await page.screenshot({ path: `${artifacts}storage-set-aside.png` });
    await showGames(page);
    await softly(problems, `${current}: no NaN`, async () => {
      const text = await page.evaluate(() => `${document.body.innerText}\n${document.body.textContent}`);
      const found = /.{0,40}(NaN|Invalid Date|undefined).{0,20}/.exec(text);
      assert.equal(found, null, `the page shows "${found?.[0]}"`);
    });
    // The good game is listed; the bad ones are not, and each is kept under a key of its own.
    await softly(problems, `${current}: the list`, async () => {
      const listed = await page.textContent('#games-list');
      assert.match(listed, /Alice – Bob/);
      assert.doesNotMatch(listed, /Carol|Dave/);
    });
    await softly(problems, `${current}: the message`, async () => {
      await note.waitFor({ state: 'visible', timeout: 2_000 });
      assert.match(await note.textContent(), new RegExp(`${Object.keys(bad).length} saved games could not be read and are set aside`));
      assert.equal(await page.locator('#set-aside-notice li').count(), Object.keys(bad).length);
    });
    await softly(problems, `${current}: kept aside`, async () => assert.deepEqual(await keptAside(page, bad), []));
    await softly(problems, `${current}: console`, async () => assert.deepEqual(errors, []));
    await page.context().close();
  }
  assert.deepEqual(problems, []);
});
