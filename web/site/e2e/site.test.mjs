// The play page in headless Chromium, on the production build (npm run build first).
import assert from 'node:assert/strict';
import { artifacts, open, pageSuite } from './harness.mjs';

const suite = pageSuite();
const { test } = suite;

const moveCount = (page) => page.$$eval('#moves li', (items) => items.length);
const waitMoves = (page, n, timeout = 20_000) =>
  page.waitForFunction((count) => document.querySelectorAll('#moves li').length >= count, n, { timeout });
const status = (page) => page.textContent('#status');

/** Start a new game from the panel. */
async function newGame(page, { fen = '', color = 'white', level = '1', seconds, clock = 'none', variant = 'standard' } = {}) {
  await page.fill('#start-fen', fen);
  await page.selectOption('#variant', variant);
  await page.selectOption('#clock', clock);
  await page.selectOption('#color', color);
  await page.selectOption('#level', level);
  if (seconds !== undefined) await page.fill('#think-time', String(seconds));
  await startsNewGame(page, () => page.click('#new-game'));
}

/**
 * Do `start` (a click or a key on New game) and wait until the new game is set up (the engine
 * told, the board drawn): the page names the game on <body> once it is. Its position and status
 * cannot say so: a fresh page shows the start position and "Your move" before the new game takes
 * effect, and an engine that moves first may have replied by the time this looks.
 */
async function startsNewGame(page, start) {
  const before = await page.getAttribute('body', 'data-game');
  await start();
  await page.waitForFunction((old) => (document.body.dataset.game ?? null) !== old, before, { timeout: 15_000 });
}

/** The centre of a square on the board, in page coordinates (White at the bottom). */
async function squareCenter(page, square, flipped = false) {
  const box = await page.locator('#board svg').first().boundingBox();
  const file = square.charCodeAt(0) - 97;
  const rank = Number(square[1]) - 1;
  const size = box.width / 8;
  const x = flipped ? 7 - file : file;
  const y = flipped ? rank : 7 - rank;
  return { x: box.x + size * (x + 0.5), y: box.y + size * (y + 0.5) };
}

/** Type a move into the move box and play it. */
/** Press "next mistake" until the review speaks of the move `san` (at most three presses, each to a marked move). */
async function nextMistakeUntil(page, san) {
  for (let press = 0; press < 3; press++) {
    const before = await page.textContent('#review-why');
    await page.click('#next-mistake');
    await page.waitForFunction((old) => {
      const text = document.querySelector('#review-why').textContent;
      return /^\S+: /.test(text) && text !== old;
    }, before);
    const why = await page.textContent('#review-why');
    assert.match(why, /^\S+: (Inaccuracy|Mistake|Blunder|Missed win)/, why);
    if (why.startsWith(`${san}:`)) return;
  }
  assert.fail(`three presses of "next mistake" did not reach ${san}`);
}

/** Import a game where 3...Nf6?? allows Qxf7#, and review it (the panel open). */
async function reviewBlunderGame(page) {
  await page.click('text=PGN and FEN');
  await page.fill('#pgn-text', '[White "Ann"]\n[Black "Bob"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0');
  await page.click('#load-pgn');
  await page.waitForFunction(() => /checkmate/.test(document.querySelector('#status').textContent));
  await page.click('#review');
  await page.waitForFunction(() => !document.querySelector('#review-panel').hidden, null, { timeout: 60_000 });
}

/** Press `keys` one after the other. */
async function pressKeys(page, keys) {
  for (const key of keys) await page.keyboard.press(key);
}

async function typeMove(page, text) {
  await page.fill('#move-text', text);
  await page.press('#move-text', 'Enter');
}

async function click(page, square) {
  const { x, y } = await squareCenter(page, square);
  await page.mouse.click(x, y);
}

async function drag(page, from, to) {
  const a = await squareCenter(page, from);
  const b = await squareCenter(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 5 });
  await page.mouse.move(b.x, b.y, { steps: 5 });
  await page.mouse.up();
}

// 1.Kb6 (Black's only move is Kb8) 2.Rh8#: a whole game to mate, the engine forced to reply.
const MATE_IN_TWO = 'k7/8/2K5/8/8/8/8/7R w - - 0 1';

test('a short game to mate by clicks: the engine replies, the result shows with its reason', async () => {
  const { page, errors } = await open(suite.browser, suite.url);
  await newGame(page, { fen: MATE_IN_TWO });
  await click(page, 'c6');
  await click(page, 'b6');
  await waitMoves(page, 2);
  assert.match(await page.textContent('#moves'), /Kb6.*Kb8/s);
  await click(page, 'h1');
  await click(page, 'h8');
  await page.waitForFunction(() => /checkmate/.test(document.querySelector('#status').textContent));
  assert.equal(await status(page), 'White wins by checkmate (1-0)');
  // The end of the game: a dialog with the result and what to do next.
  await page.waitForSelector('#end-dialog[open]');
  assert.equal(await page.textContent('#end-title'), 'You won');
  assert.equal(await page.textContent('#end-reason'), 'White wins by checkmate (1-0)');
  await page.waitForTimeout(600); // let the last move's animation finish
  await page.screenshot({ path: `${artifacts}finished-game.png` });
  // Rematch: the same position, colours swapped (the engine, White now, moves first).
  await page.click('#end-rematch');
  assert.equal(await page.isVisible('#end-dialog'), false);
  await page.waitForFunction(() => /Rematch: you play black/.test(document.querySelector('#message').textContent));
  await waitMoves(page, 1);
  assert.match(await status(page), /Your move \(Black\)/);
  const bar = await page.$eval('#eval', (e) => [...e.classList].sort().join(' '));
  assert.equal(bar, 'eval flipped idle', 'the bar turned with the board, and shows no level score');
  assert.deepEqual(errors, []);
});

test('the same game by drag and drop', async () => {
  const { page, errors } = await open(suite.browser, suite.url);
  await newGame(page, { fen: MATE_IN_TWO });
  await drag(page, 'c6', 'b6');
  await waitMoves(page, 2);
  await drag(page, 'h1', 'h8');
  await page.waitForFunction(() => /checkmate/.test(document.querySelector('#status').textContent));
  // Taking the mate back reopens the game, and the page says so.
  await page.waitForSelector('#end-dialog[open]');
  await page.click('#end-close');
  await page.click('#undo');
  assert.equal(await page.textContent('#message'), 'Taken back: the game goes on (it had ended: White wins by checkmate (1-0)).');
  assert.match(await status(page), /Your move \(White\)/);
  assert.deepEqual(errors, []);
});

test('under-promotion through the chooser', async () => {
  const { page, errors } = await open(suite.browser, suite.url);
  await newGame(page, { fen: '8/P5k1/8/8/8/8/8/K7 w - - 0 1' });
  await click(page, 'a7');
  await click(page, 'a8');
  const knight = page.locator('rect.promotion-dialog-button[data-piece="wn"]');
  await knight.waitFor({ timeout: 15_000 });
  await page.waitForTimeout(500); // the chooser fades in
  await page.screenshot({ path: `${artifacts}promotion-chooser.png` });
  await knight.click();
  await waitMoves(page, 1);
  assert.match(await page.textContent('#moves'), /a8=N/);
  assert.match(await page.textContent('#fen'), /^N7\//);
  assert.deepEqual(errors, []);
});

test('the promotion chooser closes with a new game, and the next click plays', async () => {
  const { page, errors } = await open(suite.browser, suite.url);
  await newGame(page, { fen: '8/P5k1/8/8/8/8/8/K7 w - - 0 1' });
  await click(page, 'a7');
  await click(page, 'a8');
  await page.locator('rect.promotion-dialog-button').first().waitFor({ timeout: 15_000 });
  await newGame(page, { level: '1' });
  assert.equal(await page.locator('rect.promotion-dialog-button').count(), 0, 'the chooser is gone');
  await click(page, 'e2');
  await click(page, 'e4');
  await waitMoves(page, 2);
  assert.match(await page.textContent('#moves'), /^1\. e4/);
  assert.deepEqual(errors, []);
});

test('an illegal drop is explained as a typed move is; Home and End step through the game', async () => {
  const { page, errors } = await open(suite.browser, suite.url);
  await newGame(page, { level: '1' });
  await drag(page, 'e2', 'e5');
  assert.match(await page.textContent('#message'), /^e2–e5: ./);
  assert.equal(await moveCount(page), 0);
  await drag(page, 'e2', 'e4');
  await waitMoves(page, 2);
  await page.keyboard.press('Home');
  await page.waitForFunction(() => /Viewing the start position/.test(document.querySelector('#status').textContent));
  await page.keyboard.press('End');
  await page.waitForFunction(() => /Your move/.test(document.querySelector('#status').textContent));
  assert.deepEqual(errors, []);
});

test('a reload resumes the game and the settings; the games list opens an earlier game', async () => {
  const { page, errors } = await open(suite.browser, suite.url);
  await newGame(page, { level: '2', color: 'white' });
  await typeMove(page, 'd4');
  await waitMoves(page, 2);
  // The move box keeps the focus for the next typed move.
  await page.waitForFunction(() => document.activeElement?.id === 'move-text');
  const moves = await page.textContent('#moves');
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await page.textContent('#moves'), moves);
  assert.match(await page.textContent('#message'), /back where you left it/);
  assert.match(await status(page), /Your move \(White\)/);
  assert.equal(await page.inputValue('#level'), '2');
  await page.click('text=Your games');
  assert.equal(await page.locator('#games-list li').count(), 1);
  assert.match(await page.textContent('#games-list li'), /You – Engine, Level 2 .* unfinished · 1 moves\s*on the board/);
  // A new game: the first one stays in the list, and opens again with its moves.
  await newGame(page, { level: '1', color: 'white' });
  await typeMove(page, 'c4');
  await waitMoves(page, 2);
  assert.equal(await page.locator('#games-list li').count(), 2);
  await page.click('#games-list li:nth-child(2) button:text("Open")');
  await page.waitForFunction((m) => document.querySelector('#moves').textContent === m, moves);
  assert.equal(await page.inputValue('#level'), '2');
  // The game on the board is now the latest played; delete the other one (once the page has
  // settled: the message and the opening's name may move the list).
  await page.waitForFunction(() => /opened/.test(document.querySelector('#message').textContent));
  await page.waitForTimeout(300);
  assert.match(await page.textContent('#games-list li:nth-child(1)'), /on the board/);
  await page.click('#games-list li:nth-child(2) button:text("Delete")');
  assert.equal(await page.locator('#games-list li').count(), 1, await page.textContent('#games-list'));
  assert.deepEqual(errors, []);
});

test('typing moves, an illegal move explained, undo takes back the pair', async () => {
  const { page, errors } = await open(suite.browser, suite.url);
  await newGame(page, { level: '2' });
  await typeMove(page, 'Ke2');
  assert.equal(await page.textContent('#message'), 'Ke2: your own pawn is on e2');
  assert.equal(await moveCount(page), 0);
  await typeMove(page, 'e4');
  await waitMoves(page, 2);
  await page.waitForFunction(() => !document.querySelector('#undo').disabled);
  await page.click('#undo');
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 0);
  assert.match(await page.textContent('#fen'), /^rnbqkbnr\/pppppppp\/8\/8\/8\/8\/PPPPPPPP\/RNBQKBNR w/);
  assert.deepEqual(errors, []);
});

test('hint draws an arrow; stepping through the moves', async () => {
  const { page, errors } = await open(suite.browser, suite.url);
  await newGame(page, { level: '1' });
  await page.click('#hint');
  await page.waitForSelector('#board g.arrow', { state: 'attached', timeout: 10_000 });
  assert.match(await page.textContent('#message'), /Hint: /);
  await typeMove(page, 'd4');
  await waitMoves(page, 2);
  await page.click('#nav-first');
  await page.waitForFunction(() => /Viewing the start position/.test(document.querySelector('#status').textContent));
  await page.click('#nav-last');
  await page.waitForFunction(() => /Your move/.test(document.querySelector('#status').textContent));
  assert.deepEqual(errors, []);
});

test('the stronger net: fetched precompressed on the first full-strength use (a hint), once, then searched with', async () => {
  const { page, errors } = await open(suite.browser, suite.url);
  const nets = [];
  page.on('requestfinished', async (request) => {
    if (!request.url().endsWith('.nnue')) return;
    const headers = (await (await request.response())?.allHeaders()) ?? {};
    nets.push({ url: request.url(), encoding: headers['content-encoding'] ?? null, bytes: (await request.sizes()).responseBodySize });
  });
  await newGame(page, { level: '1' });
  assert.equal(await page.getAttribute('body', 'data-net'), null, 'a game at level 1 needs no net download');
  await page.click('#hint');
  await page.waitForSelector('#board g.arrow', { state: 'attached', timeout: 20_000 });
  assert.equal(await page.getAttribute('body', 'data-net'), 'strong');
  assert.equal(nets.length, 1, JSON.stringify(nets));
  assert.match(nets[0].url, /s7-hm4-1726-k200[^/]*\.nnue$/);
  assert.match(String(nets[0].encoding), /^(br|gzip)$/);
  console.log(`the stronger net: ${nets[0].bytes} bytes on the wire (${nets[0].encoding})`);
  assert.ok(nets[0].bytes > 100_000 && nets[0].bytes < 790_913, `${nets[0].bytes} bytes`);
  // A second hint, and the full level, search on it without fetching it again.
  await typeMove(page, 'e4');
  await waitMoves(page, 2);
  await page.$eval('#message', (el) => (el.textContent = ''));
  await page.click('#hint');
  await page.waitForFunction(() => /Hint: /.test(document.querySelector('#message').textContent));
  await newGame(page, { level: 'full', seconds: 0.3 });
  await typeMove(page, 'd4');
  await waitMoves(page, 2);
  assert.equal(nets.length, 1, JSON.stringify(nets));
  assert.deepEqual(errors, []);
});

test('playing Black: the engine moves first', async () => {
  const { page, errors } = await open(suite.browser, suite.url);
  await newGame(page, { color: 'black', level: '1' });
  await waitMoves(page, 1);
  assert.match(await status(page), /Your move \(Black\)/);
  assert.deepEqual(errors, []);
});

test('a draw by threefold repetition, from an imported PGN, shown with its reason', async () => {
  const { page, errors } = await open(suite.browser, suite.url);
  await page.click('text=PGN and FEN');
  await page.fill('#pgn-text', '1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 *');
  await page.click('#load-pgn');
  await page.waitForFunction(() => /threefold/.test(document.querySelector('#status').textContent));
  assert.equal(await status(page), 'Draw by threefold repetition (½–½)');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-pgn')]);
  assert.equal(download.suggestedFilename(), 'game.pgn');
  const saved = await (await import('node:fs/promises')).readFile(await download.path(), 'utf8');
  assert.match(saved, /1\. Nf3 Nf6 2\. Ng1 Ng8 3\. Nf3 Nf6 4\. Ng1 Ng8 1\/2-1\/2/);
  await page.fill('#pgn-text', '1. e4 e5 2. Kd8');
  await page.click('#load-pgn');
  assert.match(await page.textContent('#message'), /invalid PGN/);
  // An empty box changes nothing (it used to wipe the game and say "PGN loaded").
  await page.fill('#pgn-text', '  ');
  await page.click('#load-pgn');
  assert.match(await page.textContent('#message'), /Paste a PGN/);
  assert.equal(await status(page), 'Draw by threefold repetition (½–½)');
  assert.deepEqual(errors, []);
});

test('the board editor: a position set up by hand, checked as it changes; played from, and analysed', async () => {
  const { page, errors } = await open(suite.browser, suite.url);
  await page.click('#setup');
  await page.waitForSelector('#editor-panel:not([hidden])');
  assert.equal(await status(page), 'Setting up a position');
  assert.match(await page.textContent('#editor-status'), /^FEN rnbqkbnr\/pppppppp\/8\/8\/8\/8\/PPPPPPPP\/RNBQKBNR w KQkq - 0 1$/);
  // An empty board is no position: it says why.
  await page.click('#editor-clear');
  assert.match(await page.textContent('#editor-status'), /^Not a legal position yet: white has no king/);
  // Kings and a white rook on h1; castling asked for on both wings, the impossible right dropped.
  for (const [tool, square] of [['K', 'e1'], ['k', 'e8'], ['R', 'h1'], ['P', 'a7']]) {
    await page.click(`#editor-tools button[data-tool="${tool}"]`);
    await click(page, square);
  }
  // A click with the same piece takes it off again.
  await click(page, 'a7');
  await page.check('#editor-castle-K');
  await page.check('#editor-castle-Q');
  assert.equal(await page.textContent('#editor-status'), 'FEN 4k3/8/8/8/8/8/8/4K2R w K - 0 1');
  // Black to move is as legal; then play from here as White.
  await page.selectOption('#editor-turn', 'b');
  assert.equal(await page.textContent('#editor-status'), 'FEN 4k3/8/8/8/8/8/8/4K2R b K - 0 1');
  await page.selectOption('#editor-turn', 'w');
  await startsNewGame(page, () => page.click('#editor-play'));
  assert.equal(await page.isHidden('#editor-panel'), true);
  await page.click('text=PGN and FEN');
  assert.equal((await page.textContent('#fen')).trim(), '4k3/8/8/8/8/8/8/4K2R w K - 0 1');
  await typeMove(page, 'O-O');
  await waitMoves(page, 2);
  // Analyse: a position set up, the analysis board on it with its lines.
  await page.click('#setup');
  await page.click('#editor-clear');
  for (const [tool, square] of [['K', 'g1'], ['k', 'g8'], ['Q', 'd1'], ['q', 'd8']]) {
    await page.click(`#editor-tools button[data-tool="${tool}"]`);
    await click(page, square);
  }
  await startsNewGame(page, () => page.click('#editor-analyse'));
  await page.waitForSelector('#analysis-panel:not([hidden])');
  await page.waitForFunction(() => document.querySelectorAll('#analysis-lines li').length >= 1, null, { timeout: 20_000 });
  assert.match(await status(page), /^Analysis: White to move/);
  await page.screenshot({ path: `${artifacts}editor-analysis.png` });
  assert.deepEqual(errors, []);
});

test('a Chess960 game: a numbered random start, castling onto the rook, the engine replies, the PGN says Chess960', async () => {
  const { ChessGame } = await import('chess-wasm');
  const { page, errors } = await open(suite.browser, suite.url);
  await newGame(page, { variant: 'chess960', level: '1' });
  const said = await page.textContent('#message');
  const number = Number(/^Chess960, start position (\d+)\./.exec(said)?.[1]);
  assert.ok(Number.isInteger(number) && number >= 0 && number < 960, said);
  const start = ChessGame.chess960(number);
  await page.click('text=PGN and FEN');
  assert.equal((await page.textContent('#fen')).trim(), start.fen());
  start.free();
  // A pawn move, the engine's reply; then the PGN downloaded names the variant and the start.
  await typeMove(page, 'a3');
  await waitMoves(page, 2);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-pgn')]);
  const pgn = await (await import('node:fs/promises')).readFile(await download.path(), 'utf8');
  assert.match(pgn, /\[Variant "Chess960"\]\n\[SetUp "1"\]\n\[FEN "[rnbqk]{8}\/pppppppp\/8\/8\/8\/8\/PPPPPPPP\/[RNBQK]{8} w KQkq - 0 1"\]/);
  assert.match(pgn, /1\. a3 /);
  // Position 3 (bqnnrkrb): the king onto its rook castles at once, by the board.
  await newGame(page, { variant: 'chess960', fen: 'bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRKRB w KQkq - 0 1', level: '1' });
  await click(page, 'f1');
  await click(page, 'g1');
  await waitMoves(page, 1);
  assert.match(await page.textContent('#moves button[data-ply="1"]'), /^1\. O-O/);
  assert.deepEqual(errors, []);
});

test('a PGN of many games lists them to choose from: players, result, opening, length; Open puts one on the board', async () => {
  const { page, errors } = await open(suite.browser, suite.url);
  await page.click('text=PGN and FEN');
  const game = (white, black, result, moves, extra = '') => `[White "${white}"]\n[Black "${black}"]\n[Result "${result}"]\n${extra}\n${moves} ${result}\n\n`;
  const three =
    game('Ann', 'Bob', '1-0', '1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#') +
    game('Cid', 'Dee', '0-1', '1. d4 d5 2. c4 e6 3. Nc3 Nf6', '[ECO "D37"]\n[Opening "Queen\'s Gambit Declined"]\n') +
    game('Eve', 'Fay', '*', '1. c4');
  await page.fill('#pgn-text', three);
  await page.click('#load-pgn');
  await page.waitForSelector('#pgn-games:not([hidden])');
  assert.match(await page.textContent('#message'), /This PGN holds 3 games/);
  const items = await page.$$eval('#pgn-games li span', (spans) => spans.map((s) => s.textContent));
  assert.equal(items.length, 3);
  assert.match(items[0], /^1\. Ann – Bob · 1-0 · .*4 moves$/);
  assert.equal(items[1], "2. Cid – Dee · 0-1 · D37 Queen's Gambit Declined · 3 moves");
  assert.match(items[2], /^3\. Eve – Fay · unfinished · .*1 move$/);
  // Nothing changed on the board until one is chosen; the second opened, the list stays.
  assert.equal(await moveCount(page), 0);
  await page.click('#pgn-games li:nth-child(2) button');
  await waitMoves(page, 6);
  assert.match(await page.textContent('#message'), /PGN loaded \(Cid - Dee\)/);
  assert.match(await page.getAttribute('#pgn-games li:nth-child(2)', 'class'), /current/);
  // Another of the list: the first, a checkmate.
  await page.click('#pgn-games li:nth-child(1) button');
  await page.waitForFunction(() => /checkmate/i.test(document.querySelector('#status').textContent));
  assert.equal(await moveCount(page), 7);
  // A long file lists every game (it used to load the first silently), quickly.
  const many = Array.from({ length: 500 }, (_, i) => game(`W${i + 1}`, `B${i + 1}`, '1/2-1/2', '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6')).join('');
  // (Set as a paste would: Playwright's fill types 50 KB in about 20 s.)
  await page.$eval('#pgn-text', (box, text) => { box.value = text; }, many);
  const started = Date.now();
  await page.click('#load-pgn');
  await page.waitForFunction(() => document.querySelectorAll('#pgn-games li').length === 500);
  const took = Date.now() - started;
  assert.ok(took < 5_000, `500 games listed in ${took} ms`);
  assert.match(await page.textContent('#pgn-games li:nth-child(500) span'), /^500\. W500 – B500 · ½-½|^500\. W500 – B500 · 1\/2-1\/2/);
  // One game: on the board at once, the list gone.
  await page.fill('#pgn-text', '1. e4 c5 *');
  await page.click('#load-pgn');
  await waitMoves(page, 2);
  assert.equal(await page.isHidden('#pgn-games'), true);
  assert.deepEqual(errors, []);
});

test('an imported PGN keeps its tags, and the colour select shows the side the player takes', async () => {
  const { page, errors } = await open(suite.browser, suite.url);
  await page.click('text=PGN and FEN');
  await page.fill('#pgn-text', '[Event "Club [rapid]"]\n[White "Ann"]\n[Black "Bob"]\n\n1. e4 {a comment} e5 2. Nf3 *');
  await page.click('#load-pgn');
  assert.match(await page.textContent('#message'), /PGN loaded \(Ann - Bob\): you play black/);
  assert.equal(await page.inputValue('#color'), 'black');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-pgn')]);
  const saved = await (await import('node:fs/promises')).readFile(await download.path(), 'utf8');
  assert.match(saved, /\[Event "Club \[rapid\]"\]/);
  assert.match(saved, /\[White "Ann"\]/);
  assert.match(saved, /1\. e4 \{a comment\} 1\.\.\. e5 2\. Nf3/);
  assert.deepEqual(errors, []);
});

test('level 5 thinks while the page keeps painting frames', async () => {
  const { page, errors } = await open(suite.browser, suite.url);
  await newGame(page, { level: '5', fen: 'r2q1rk1/pp2bppp/2n1pn2/3p4/3P4/2NBPN2/PP3PPP/R2Q1RK1 w - - 0 10' });
  await typeMove(page, 'a3');
  await page.waitForSelector('#thinking:not([hidden])');
  const frames = await page.evaluate(
    () =>
      new Promise((resolve) => {
        let n = 0;
        const start = performance.now();
        const tick = () => {
          n++;
          if (performance.now() - start < 1000) requestAnimationFrame(tick);
          else resolve(n);
        };
        requestAnimationFrame(tick);
      }),
  );
  assert.ok(frames >= 20, `${frames} frames painted in a second of thinking`);
  await page.screenshot({ path: `${artifacts}mid-game-thinking.png` });
  await waitMoves(page, 2, 30_000);
  assert.deepEqual(errors, []);
});

test('stop during a search: the engine plays its best move so far', async () => {
  const { page, errors } = await open(suite.browser, suite.url);
  await newGame(page, { level: 'full', seconds: 30 });
  await typeMove(page, 'e4');
  await page.waitForSelector('#thinking:not([hidden])');
  await page.waitForFunction(() => /depth [4-9]|depth \d\d/.test(document.querySelector('#think-depth').textContent));
  const start = Date.now();
  await page.click('#stop');
  await waitMoves(page, 2, 5_000);
  assert.ok(Date.now() - start < 5_000);
  assert.match(await status(page), /Your move/);
  assert.deepEqual(errors, []);
});

test('a bad FEN gets a message, not a broken page', async () => {
  const { page, errors } = await open(suite.browser, suite.url);
  await page.fill('#start-fen', 'this is not a fen');
  await page.click('#new-game');
  await page.waitForFunction(() => /invalid FEN/.test(document.querySelector('#message').textContent));
  assert.match(await status(page), /Your move/, 'the game on the board goes on');
  assert.deepEqual(errors, []);
});

test('phone width: everything fits, nothing scrolls sideways', async () => {
  const { page, errors } = await open(suite.browser, suite.url, { width: 390, height: 844 });
  const width = await page.evaluate(() => document.scrollingElement.scrollWidth);
  assert.ok(width <= 390, `the page is ${width} px wide`);
  await typeMove(page, 'e4');
  await waitMoves(page, 2);
  await page.waitForTimeout(600);
  await page.screenshot({ path: `${artifacts}phone.png`, fullPage: true });
  assert.deepEqual(errors, []);
});

for (const [width, height] of [[1366, 768], [390, 844], [844, 390]]) {
  test(`review at ${width}x${height}: the whole board and the sentence about the marked move in sight together, no scrolling`, async () => {
    const { page, errors } = await open(suite.browser, suite.url, { width, height });
    // Review game is pressed from wherever it is (below the board on a phone)...
    await reviewBlunderGame(page);
    await nextMistakeUntil(page, 'Nf6');
    await page.waitForTimeout(400);
    // ...and the board with the sentence beside or under it are then in sight, whole.
    const seen = await page.evaluate(() => {
      const box = (id) => document.getElementById(id).getBoundingClientRect();
      const inView = (r) => r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth;
      const board = box('board');
      return { board: inView(board), why: inView(box('review-why')), size: Math.round(board.height), overflow: document.documentElement.scrollWidth > window.innerWidth };
    });
    assert.deepEqual({ board: seen.board, why: seen.why, overflow: seen.overflow }, { board: true, why: true, overflow: false }, JSON.stringify(seen));
    assert.ok(seen.size >= Math.min(width, height) * 0.75, `a board of ${seen.size} px is big enough for the screen`);
    await page.screenshot({ path: `${artifacts}review-${width}x${height}.png` });
    assert.deepEqual(errors, []);
  });
}

test('resigning asks to confirm, a resignation cannot be undone, and a level change mid-game plays from the next move', async () => {
  const { page, errors } = await open(suite.browser, suite.url);
  await newGame(page, { level: '1' });
  await typeMove(page, 'e4');
  await waitMoves(page, 2);
  // A level change mid-game: said, then used for the engine's next move and named in the PGN.
  await page.selectOption('#level', '2');
  assert.match(await page.textContent('#message'), /Level 2 · \d+ Elo from the engine's next move/);
  await typeMove(page, 'd4');
  await waitMoves(page, 4);
  await page.click('text=PGN and FEN');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-pgn')]);
  const saved = await (await import('node:fs/promises')).readFile(await download.path(), 'utf8');
  assert.match(saved, /\[Black "Engine, Level 1 · \d+ Elo, then Level 2 · \d+ Elo"\]/);
  // The first click on Resign only asks.
  await page.click('#resign');
  assert.equal(await page.textContent('#resign'), 'Really resign?');
  assert.match(await status(page), /Your move/);
  await page.click('#resign');
  assert.match(await status(page), /resign/i);
  await page.waitForSelector('#end-dialog[open]');
  assert.equal(await page.textContent('#end-title'), 'You lost');
  await page.click('#end-close');
  assert.equal(await page.textContent('#resign'), 'Resign');
  assert.equal(await page.isDisabled('#undo'), true);
  // A thinking time outside 0.1-60 s is refused in words.
  await page.selectOption('#level', 'full');
  await newGame(page, { level: 'full', seconds: -5 });
  await typeMove(page, 'e4');
  await page.waitForFunction(() => /0\.1 to 60 seconds/.test(document.querySelector('#message').textContent));
  assert.equal(await page.inputValue('#think-time'), '2');
  assert.deepEqual(errors, []);
});

test('review a finished game: accuracy per side, marked moves, the graph, a blunder with both arrows and why', async () => {
  const { page, errors } = await open(suite.browser, suite.url);
  await reviewBlunderGame(page);
  assert.match(await page.textContent('#message'), /Review ready/);
  assert.equal(await page.textContent('#opening'), "C23 · Bishop's Opening");
  const table = await page.$$eval('.review-table tbody tr', (rows) => rows.map((r) => [...r.children].map((c) => c.textContent)));
  assert.equal(table[0][0], 'Accuracy');
  assert.ok(Number.parseFloat(table[0][1]) > Number.parseFloat(table[0][2]), `White played better: ${table[0]}`);
  assert.deepEqual(table[3], ['Blunders', '0', '1']);
  // The move list marks the blunder.
  assert.equal(await page.textContent('#moves button[data-ply="6"] .mark'), '??');
  // Next mistake jumps to it (past 3. Qh5 when the net marks that an inaccuracy): the played
  // move and the better one as arrows, and why in words.
  await nextMistakeUntil(page, 'Nf6');
  assert.match(await status(page), /^Viewing 3…Nf6 \(move 3 of 4\) · White wins by checkmate/);
  const why = await page.textContent('#review-why');
  assert.match(why, /^Nf6: Blunder \(#1\)\. Allows mate in 1: Qxf7#; \w+ was better \(/, why);
  assert.equal(await page.locator('#board .arrow-danger').count(), 1, 'the move played');
  assert.equal(await page.locator('#board .arrow-success').count(), 1, 'the better move');
  // The bar shows the review's score there (White mates next), its White end on White's side
  // (Black, the side to move after the import, is at the bottom).
  assert.equal(await page.textContent('#eval-text'), '#1');
  assert.equal(await page.getAttribute('#eval', 'class'), 'eval flipped');
  // The review as a person sees it: the blunder, both arrows and the sentence (the board's
  // move animation over first: a screenshot taken during it shows pieces half-way).
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${artifacts}review-desktop.png`, fullPage: true });
  // A click on the graph's start goes to the first position.
  const graph = await page.locator('#review-graph').boundingBox();
  await page.mouse.click(graph.x + 1, graph.y + graph.height / 2);
  await page.waitForFunction(() => /Viewing the start position/.test(document.querySelector('#status').textContent));
  // The sentence follows once the board has moved (the status comes first): wait for it, or the
  // next press could be read against the blunder's sentence still shown.
  await page.waitForFunction(() => /^Click a point of the graph/.test(document.querySelector('#review-why').textContent));
  await page.setViewportSize({ width: 390, height: 844 });
  await nextMistakeUntil(page, 'Nf6');
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${artifacts}review-phone.png`, fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  assert.equal(overflow, false, 'nothing scrolls sideways on a phone');
  // The game with its review as a PGN: the imported tags, an eval after each move, the blunder's
  // NAG, class and why, and the better line as a variation.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-reviewed')]);
  assert.equal(download.suggestedFilename(), 'game-reviewed.pgn');
  const annotated = (await (await import('node:fs/promises')).readFile(await download.path(), 'utf8')).replace(/\n/g, ' ');
  assert.match(annotated, /\[White "Ann"\]/);
  assert.match(annotated, /1\. e4 \{\[%eval -?\d+\.\d\d\]/);
  assert.match(annotated, /3\.\.\. Nf6 \$4 \{\[%eval #1\] Blunder: allows mate in 1: Qxf7#; \w+ was better/, annotated);
  assert.match(annotated, /\(3\.\.\. \w+ /, 'the better line');
  assert.match(annotated.trimEnd(), /4\. Qxf7# 1-0$/);
  // The games list downloads the kept game with its review too.
  await page.click('text=Your games');
  const [kept] = await Promise.all([page.waitForEvent('download'), page.click('#games-list li:first-child button[title="Download this game"]')]);
  const keptText = await (await import('node:fs/promises')).readFile(await kept.path(), 'utf8');
  assert.equal(keptText.replace(/\n/g, ' '), annotated);
  // A new game clears the review (and the download with it).
  await newGame(page);
  assert.equal(await page.isHidden('#review-panel'), true);
  assert.equal(await page.isHidden('#download-reviewed'), true);
  assert.deepEqual(errors, []);
});

test('learn from your mistakes: a bad retry is refused with its checked reason and without the answer, a good one accepted', async () => {
  const { page, errors } = await open(suite.browser, suite.url);
  await page.click('text=PGN and FEN');
  // The player (Black, the side to move after the import) blundered with 3...Nf6??.
  await page.fill('#pgn-text', '1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0');
  await page.click('#load-pgn');
  await page.click('#review');
  await page.waitForFunction(() => !document.querySelector('#retry').hidden, null, { timeout: 60_000 });
  assert.equal(await page.textContent('#retry'), 'Learn from your mistakes (1)');
  await page.click('#retry');
  await page.waitForFunction(() => /Nf6, a blunder\. Find a better move for Black/.test(document.querySelector('#retry-text').textContent));
  assert.match(await status(page), /Learn from your mistakes: 1 of 1/);
  // a6 still allows the mate: refused, with why (its checked claim), and never with the answer:
  // the review's sentence of a6 ends "g6 was better (...)", the panel's does not.
  await typeMove(page, 'a6');
  await page.waitForFunction(() => /Try another move/.test(document.querySelector('#retry-text').textContent), null, { timeout: 30_000 });
  assert.equal(await page.textContent('#retry-text'), 'a6 is a blunder. Allows mate in 1: Qxf7#. Try another move, or show the answer.');
  await page.screenshot({ path: `${artifacts}retry-wrong.png` });
  // g6 shuts the queen out: accepted.
  await typeMove(page, 'g6');
  await page.waitForFunction(() => /Well found/.test(document.querySelector('#retry-text').textContent), null, { timeout: 30_000 });
  assert.equal(await page.getAttribute('#retry-text', 'class'), 'good');
  await page.screenshot({ path: `${artifacts}retry.png` });
  await page.click('#retry-next');
  await page.waitForFunction(() => /every mistake/.test(document.querySelector('#message').textContent));
  assert.equal(await page.isHidden('#retry-panel'), true);
  assert.deepEqual(errors, []);
});

test('the analysis board: three live lines, moves for both sides, stop and go, back to the game', async () => {
  const { page, errors } = await open(suite.browser, suite.url);
  await newGame(page, { level: '1' });
  await typeMove(page, 'e4');
  await waitMoves(page, 2);
  const gameFen = await page.textContent('#fen');
  await page.click('#analyse');
  await page.waitForFunction(() => document.querySelectorAll('#analysis-lines li').length === 3, null, { timeout: 30_000 });
  assert.match(await status(page), /^Analysis: White to move/);
  assert.match(await page.textContent('#analysis-lines li'), /^[+-]?\d+\.\d\d 2\. /);
  // White's move, then Black's: both sides move on the analysis board; the game does not.
  await click(page, 'g1');
  await click(page, 'f3');
  await page.waitForFunction(() => /Black to move/.test(document.querySelector('#status').textContent));
  // Black's move: the engine's first choice, typed (a fixed move would not do: level 1's reply in
  // the game varies, and after 1...Nc6 a typed Nc6 is refused).
  await page.waitForFunction(() => /^[+-]?\d+\.\d\d 2… \S/.test(document.querySelector('#analysis-lines li')?.textContent ?? ''), null, { timeout: 30_000 });
  const black = (await page.textContent('#analysis-lines li')).match(/2… (\S+)/)[1];
  await typeMove(page, black);
  await page.waitForFunction(() => /White to move/.test(document.querySelector('#status').textContent));
  await page.waitForFunction(() => /^[+-]?\d+\.\d\d 3\. /.test(document.querySelector('#analysis-lines li')?.textContent ?? ''), null, { timeout: 30_000 });
  assert.equal(await page.textContent('#fen'), gameFen, 'the game is unchanged');
  // The move list goes on with the analysed line, drawn apart from the game's moves.
  const listed = () => page.$$eval('#moves button', (b) => b.map((x) => `${x.textContent}${x.classList.contains('line') ? '*' : ''}`));
  const moves = await listed();
  assert.equal(moves.length, 4);
  assert.deepEqual(moves.slice(2), ['2. Nf3*', `${black}*`]);
  assert.equal(await page.textContent('#moves button.current'), black);
  await page.screenshot({ path: `${artifacts}analysis.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${artifacts}analysis-phone.png`, fullPage: true });
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth), false, 'nothing scrolls sideways on a phone');
  await page.setViewportSize({ width: 1200, height: 860 });
  // › has nothing after the line's last move; a move of the line: the board goes back to it and
  // the engine analyses it.
  await page.click('#nav-next');
  assert.deepEqual(await listed(), moves);
  await page.click('#moves button[data-ply="3"]');
  await page.waitForFunction(() => /Black to move/.test(document.querySelector('#status').textContent));
  assert.deepEqual(await listed(), moves.slice(0, 3));
  await page.waitForFunction(() => /^[+-]?\d+\.\d\d 2… \S/.test(document.querySelector('#analysis-lines li')?.textContent ?? ''), null, { timeout: 30_000 });
  await typeMove(page, black);
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 4);
  await page.click('#analysis-toggle');
  await page.waitForFunction(() => document.querySelector('#analysis-toggle').textContent === 'Go');
  assert.match(await page.textContent('#analysis-info'), /stopped/);
  await page.click('#analysis-back');
  await page.waitForFunction(() => /Black to move/.test(document.querySelector('#status').textContent));
  await page.click('#analysis-exit');
  await page.waitForFunction(() => /Your move/.test(document.querySelector('#status').textContent));
  assert.equal(await page.isHidden('#analysis-panel'), true);
  assert.equal(await page.textContent('#fen'), gameFen);
  // The game goes on at its level.
  await typeMove(page, 'd4');
  await waitMoves(page, 4);
  assert.deepEqual(errors, []);
});

test('variations: an imported PGN shows them as a tree; a click opens one on the analysis board; a line played there is kept, merged, saved', async () => {
  const { page, errors } = await open(suite.browser, suite.url);
  await page.click('text=PGN and FEN');
  await page.fill('#pgn-text', '1. e4 e5 (1... c5 {Sicilian} 2. Nf3 (2. c3 d5) 2... d6) 2. Nf3 Nc6 *');
  await page.click('#load-pgn');
  const variationMoves = () => page.$$eval('#moves li.variations button', (els) => els.map((e) => e.textContent));
  assert.deepEqual(await variationMoves(), ['1… c5', '2. Nf3', '2. c3', 'd5', '2… d6']);
  assert.equal(await page.textContent('#moves li.variations .comment'), 'Sicilian');
  assert.equal(await page.$$eval('#moves li.variations .variation .variation', (els) => els.length), 1, 'the nested one inside');
  await (await page.$('#moves')).screenshot({ path: `${artifacts}variations-list.png` });
  // A variation's move: the analysis board on its line (1. e4, then c5 and c3 of the variations).
  await page.click('#moves li.variations button:text-is("2. c3")');
  await page.waitForFunction(() => /^Analysis: Black to move/.test(document.querySelector('#status').textContent));
  const line = await page.$$eval('#moves > li > button', (els) => els.map((e) => `${e.textContent}${e.classList.contains('line') ? '*' : ''}`));
  assert.deepEqual(line, ['1. e4', 'c5*', '2. c3*']);
  await page.screenshot({ path: `${artifacts}variations.png` });
  // A move of its own there, kept when the board closes: where it leaves the variation (d5), a
  // variation of that move.
  await typeMove(page, 'Nf6');
  await page.waitForFunction(() => /White to move/.test(document.querySelector('#status').textContent));
  await page.click('#analysis-exit');
  await page.waitForFunction(() => document.querySelector('#analysis-panel').hidden);
  assert.deepEqual(await variationMoves(), ['1… c5', '2. Nf3', '2. c3', 'd5', '2… Nf6', '2… d6']);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-pgn')]);
  const saved = await (await import('node:fs/promises')).readFile(await download.path(), 'utf8');
  assert.match(saved.replace(/\s+/g, ' '), /1\. e4 e5 \(1\.\.\. c5 \{Sicilian\} 2\. Nf3 \(2\. c3 d5 \(2\.\.\. Nf6\)\) 2\.\.\. d6\) 2\. Nf3 Nc6 \*/);
  // Kept with the game: a reload shows them again.
  await page.reload();
  await page.waitForFunction(() => document.querySelectorAll('#moves li.variations button').length === 6, null, { timeout: 15_000 });
  assert.deepEqual(errors, []);
});

test('a move by mouse leaves no keyboard square on the board; back on the board by keyboard, it shows', async () => {
  const { page, errors } = await open(suite.browser, suite.url);
  await newGame(page, { level: '1' });
  await click(page, 'e2');
  await click(page, 'e4');
  await waitMoves(page, 2);
  const shown = () =>
    page.evaluate(() => {
      const group = document.querySelector('#board .keyboard-focus-indicator');
      return group !== null && group.childElementCount > 0 && getComputedStyle(group).display !== 'none';
    });
  assert.equal(await shown(), false, 'no square after a move by mouse');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Shift+Tab');
  assert.equal(await shown(), true, 'the square by keyboard');
  assert.deepEqual(errors, []);
});

test('a review can be cancelled: the moves judged so far are shown', async () => {
  const { page, errors } = await open(suite.browser, suite.url);
  await page.click('text=PGN and FEN');
  const moves = '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 *';
  await page.fill('#pgn-text', moves);
  await page.click('#load-pgn');
  await page.click('#review');
  await page.waitForFunction(() => document.querySelector('#review-bar').value > 0.1, null, { timeout: 30_000 });
  await page.click('#review-cancel');
  await page.waitForFunction(() => document.querySelector('#review-progress').hidden, null, { timeout: 15_000 });
  assert.match(await page.textContent('#message'), /Review stopped after \d+ moves/);
  assert.equal(await page.isHidden('#review-panel'), false);
  assert.deepEqual(errors, []);
});

test('a game by keyboard alone: set up, start, two moves on the board to mate, each reply and the result announced', async () => {
  const { page, errors } = await open(suite.browser, suite.url);
  const keys = (...list) => pressKeys(page, list);
  // Set up and start with the keyboard: the start FEN typed, New game pressed with Enter.
  await page.focus('#start-fen');
  await page.keyboard.type(MATE_IN_TWO);
  // Keys pressed before the new game is drawn would go to the old position.
  await page.focus('#new-game');
  await startsNewGame(page, () => keys('Enter'));
  // The board by keyboard: the focus starts on a1. Kc6-b6, then Rh1-h8 mate.
  await page.focus('#board svg.cm-chessboard');
  await keys('ArrowRight', 'ArrowRight', 'ArrowUp', 'ArrowUp', 'ArrowUp', 'ArrowUp', 'ArrowUp', 'Enter', 'ArrowLeft', 'Enter');
  await waitMoves(page, 2);
  assert.match(await page.textContent('#moves'), /^1\. Kb6/);
  assert.equal(await page.textContent('#announce'), 'The engine played Kb8.');
  await keys(...Array(6).fill('ArrowRight'), ...Array(5).fill('ArrowDown'), 'Enter', ...Array(7).fill('ArrowUp'), 'Enter');
  await page.waitForSelector('#end-dialog[open]');
  assert.equal(await page.textContent('#status'), 'White wins by checkmate (1-0)');
  assert.equal(await page.getAttribute('#status', 'role'), 'status', 'the result is announced');
  assert.equal(await page.textContent('#end-title'), 'You won');
  // The dialog takes the keyboard: Escape closes it.
  await keys('Escape');
  assert.equal(await page.isVisible('#end-dialog'), false);
  assert.deepEqual(errors, []);
});

test('settings: figurine notation in the move list, and takebacks switched off', async () => {
  const { page, errors } = await open(suite.browser, suite.url);
  await newGame(page, { level: '1' });
  await typeMove(page, 'Nf3');
  await waitMoves(page, 2);
  await page.check('#figurines');
  await page.waitForFunction(() => document.querySelector('#moves button').textContent === '1. ♘f3');
  await page.selectOption('#takebacks', 'off');
  await page.waitForFunction(() => document.querySelector('#undo').disabled);
  await page.selectOption('#takebacks', 'on');
  await page.waitForFunction(() => !document.querySelector('#undo').disabled);
  await page.uncheck('#figurines');
  await page.waitForFunction(() => document.querySelector('#moves button').textContent === '1. Nf3');
  assert.deepEqual(errors, []);
});

test('a piece picked up by keyboard stays in hand while the page draws itself again (a setting changed)', async () => {
  const { page, errors } = await open(suite.browser, suite.url);
  const keys = (...list) => pressKeys(page, list);
  await newGame(page, { level: '1' });
  // Nf3 by clicks (after a typed move the page gives the focus back to the move box).
  await click(page, 'g1');
  await click(page, 'f3');
  await waitMoves(page, 2);
  // The focus starts on a1: up to e2, and Enter picks the pawn up.
  await page.focus('#board svg.cm-chessboard');
  await keys(...Array(4).fill('ArrowRight'), 'ArrowUp', 'Enter');
  // A setting changed (without a click, which would move the focus): the page draws everything
  // again, which used to reopen the board's input and so put the pawn back down.
  await page.evaluate(() => {
    const box = document.querySelector('#figurines');
    box.checked = true;
    box.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await page.waitForFunction(() => document.querySelector('#moves button').textContent === '1. ♘f3');
  // Up to e4 and Enter drops it there.
  await keys('ArrowUp', 'ArrowUp', 'Enter');
  await waitMoves(page, 3);
  assert.match(await page.textContent('#moves'), /2\. e4/);
  assert.deepEqual(errors, []);
});

test('Copy PGN without a clipboard: the PGN is put in the box, selected, not dumped into the message', async () => {
  const page = await suite.browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) } });
    document.execCommand = () => false;
  });
  await page.goto(suite.url);
  await page.waitForSelector('body[data-ready="true"]');
  await typeMove(page, 'e4');
  await waitMoves(page, 2);
  // (After the reply the move box takes the focus back: wait for it, then copy.)
  await page.waitForFunction(() => document.activeElement?.id === 'move-text');
  await page.click('text=PGN and FEN');
  await page.click('#copy-pgn');
  assert.match(await page.textContent('#message'), /does not let the page copy: the PGN is selected in the box below/);
  assert.match(await page.inputValue('#pgn-text'), /^\[Event "Casual game"\][\s\S]*1\. e4 /);
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'pgn-text');
  assert.deepEqual(errors, []);
  await page.close();
});

test('served compressed: the wasm, the scripts and the engine\'s data arrive precompressed; the first load is under 700 KB', async () => {
  const page = await suite.browser.newPage();
  const loaded = [];
  page.on('requestfinished', async (request) => {
    const response = await request.response();
    const headers = (await response?.allHeaders()) ?? {};
    // What crossed the wire: 0 for a file the HTTP cache had (the worker's second wasm).
    const { responseBodySize } = await request.sizes();
    loaded.push({ url: request.url(), encoding: headers['content-encoding'] ?? null, bytes: Math.max(0, responseBodySize) });
  });
  await page.goto(suite.url);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 20_000 });
  await page.waitForTimeout(500);
  const wasm = loaded.find((r) => r.url.endsWith('.wasm'));
  assert.ok(wasm, 'the wasm was loaded');
  assert.match(String(wasm.encoding), /^(br|gzip)$/);
  assert.ok(wasm.bytes > 0 && wasm.bytes < 320_000, `the wasm is ${wasm.bytes} bytes on the wire`);
  // The engine's data (chess-wasm's dist/data: the two nets the page's engine plays with, the
  // book, the opening names) is fetched apart from the module, precompressed too; the stronger
  // net waits for its first full-strength use.
  const data = loaded.filter((r) => /\/(s6-128-hm-1000|cn128-v2|lichess_openings_cc0|openings)-[\w-]+\.(nnue|bin|tsv)$/.test(r.url));
  assert.equal(data.length, 4, loaded.map((r) => r.url).join(' '));
  for (const file of data) assert.match(String(file.encoding), /^(br|gzip)$/, file.url);
  assert.deepEqual(loaded.filter((r) => r.url.includes('s7-hm4-1726-k200')), [], 'the stronger net waits for its first use');
  const total = loaded.reduce((sum, r) => sum + (Number.isFinite(r.bytes) ? r.bytes : 0), 0);
  console.log(`first load: ${loaded.length} files, ${total} bytes (${loaded.map((r) => `${r.url.split('/').pop()} ${r.encoding ?? 'identity'} ${r.bytes}`).join('; ')})`);
  assert.ok(total < 700_000, `${total} bytes`);
  await page.close();
});

test('a timed game: the clocks run, a move adds the increment, and a fallen flag ends the game by the rules', async () => {
  const { page, errors } = await open(suite.browser, suite.url);
  await newGame(page, { level: '1', clock: '5+3' });
  assert.equal(await page.isVisible('#clocks'), true);
  assert.match(await page.textContent('#clock-bottom'), /You \(white\)\s*(5:00|4:59)/);
  assert.match(await page.getAttribute('#clock-bottom', 'class'), /running/);
  // No engine help while the clocks run: no hint, analysis or review until the game ends.
  for (const button of ['#hint', '#analyse', '#review']) {
    assert.equal(await page.isDisabled(button), true, button);
    assert.equal(await page.getAttribute(button, 'title'), 'Not during a timed game: after it ends');
  }
  await page.waitForFunction(() => /4:5[0-8]/.test(document.querySelector('#clock-bottom .time').textContent), null, { timeout: 5_000 });
  const seconds = (text) => Number(text.split(':')[0]) * 60 + Number(text.split(':')[1]);
  const before = seconds(await page.textContent('#clock-bottom .time'));
  await typeMove(page, 'e4');
  await waitMoves(page, 2);
  // White's move gained 3 s: more than the clock showed just before it.
  const mine = await page.textContent('#clock-bottom .time');
  assert.ok(seconds(mine) > before && seconds(mine) <= 302, `${mine} after ${before} s`);
  assert.match(await page.textContent('#clock-top'), /Engine \(black\)\s*5:0[0-3]/);
  // Out of time: the page left with White's clock running comes back ten minutes later (the
  // saved moment moved back); the clock ran on meanwhile, White's flag has fallen, and Black (with
  // mating material) wins on time. (Leaving the page saves the clocks as they are: the edit is
  // made in the next document, before the page's own script reads it.)
  await page.addInitScript(() => {
    if (sessionStorage.getItem('edited')) return;
    sessionStorage.setItem('edited', '1');
    const id = JSON.parse(localStorage.getItem('chess.current.v1'));
    const saved = JSON.parse(localStorage.getItem(`chess.game.v1.${id}`));
    if (saved.clock.running !== 'white') throw new Error(`running: ${saved.clock.running}`);
    saved.clock.savedAt -= 10 * 60_000;
    localStorage.setItem(`chess.game.v1.${id}`, JSON.stringify(saved));
  });
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  await page.waitForSelector('#end-dialog[open]', { timeout: 10_000 });
  assert.equal(await page.textContent('#end-title'), 'You lost');
  assert.equal(await page.textContent('#end-reason'), 'Black wins on time (0-1)');
  assert.match(await page.textContent('#clock-bottom .time'), /^0:00\.0$/);
  await page.click('#end-close');
  // Over: the review and the analysis board are offered.
  assert.equal(await page.isDisabled('#review'), false);
  assert.equal(await page.isDisabled('#analyse'), false);
  await page.click('text=PGN and FEN');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-pgn')]);
  const saved = await (await import('node:fs/promises')).readFile(await download.path(), 'utf8');
  assert.match(saved, /\[TimeControl "300\+3"\]/);
  // Each move keeps its mover's clock after it, as lichess exports it.
  assert.match(saved, /1\. e4 \{\[%clk 0:0[45]:\d\d\]\} 1\.\.\. \S+ \{\[%clk 0:0[45]:\d\d\]\}/);
  assert.match(saved, /\[Termination "White forfeits on time"\]/);
  assert.deepEqual(errors, []);
});

test('a premove while the engine thinks is played after its reply; Escape, a right click or a click on it cancels it', async () => {
  const { page, errors } = await open(suite.browser, suite.url);
  // Time for three premoves made and cancelled before the engine answers.
  await newGame(page, { level: 'full', seconds: 12 });
  await typeMove(page, 'e4');
  await page.waitForSelector('#thinking:not([hidden])');
  const frames = () => page.locator('#board .marker-frame').count();
  // Cancelled: said, unmarked, and the piece drawn on its premove's square back home (input waits
  // for that animation, as a player does).
  const cancelled = async () => {
    assert.equal(await page.textContent('#message'), 'Premove cancelled.');
    assert.equal(await frames(), 0);
    await page.waitForTimeout(600);
  };
  // Escape with the focus on the board cancels it.
  await click(page, 'c2');
  await click(page, 'c4');
  assert.equal(await frames(), 2);
  await page.focus('#board svg.cm-chessboard');
  await page.keyboard.press('Escape');
  await cancelled();
  // So does a right click anywhere on the board, and a click on the premoved piece.
  await click(page, 'c2');
  await click(page, 'c4');
  const h6 = await squareCenter(page, 'h6');
  await page.mouse.click(h6.x, h6.y, { button: 'right' });
  await cancelled();
  await click(page, 'g1');
  await click(page, 'f3');
  assert.match(await page.textContent('#message'), /^Premove g1–f3/);
  await click(page, 'g1');
  await cancelled();
  await click(page, 'd2');
  await click(page, 'd4');
  assert.match(await page.textContent('#message'), /^Premove d2–d4/);
  assert.equal(await frames(), 2, 'the premove is marked');
  assert.equal(await moveCount(page), 1, 'not played yet');
  // The engine answers; the premove follows at once, then the engine thinks again.
  await waitMoves(page, 3, 30_000);
  assert.match(await page.textContent('#moves button[data-ply="3"]'), /^2\. d4/);
  await waitMoves(page, 4, 30_000);
  assert.deepEqual(errors, []);
});

test('a draw offer: declined early, accepted in a level late position; sounds play and can be muted', async () => {
  const { page, errors } = await open(suite.browser, suite.url);
  await newGame(page, { level: '1' });
  await page.click('#offer-draw');
  assert.match(await page.textContent('#message'), /declines: too early/);
  await typeMove(page, 'e4');
  await waitMoves(page, 2);
  assert.match(await page.getAttribute('body', 'data-sound'), /^(move|capture|check)$/);
  await newGame(page, { level: '1', fen: 'r3k3/8/8/8/8/8/8/1R2K3 w - - 0 40' });
  await page.click('#offer-draw');
  await page.waitForSelector('#end-dialog[open]', { timeout: 10_000 });
  assert.equal(await page.textContent('#end-title'), 'Draw');
  assert.equal(await page.textContent('#end-reason'), 'Draw by agreement (½–½)');
  assert.equal(await page.getAttribute('body', 'data-sound'), 'end');
  await page.click('#end-close');
  // The sound switch is kept with the settings.
  await page.uncheck('#sound');
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await page.isChecked('#sound'), false);
  assert.deepEqual(errors, []);
});

test('the dark theme: chosen, kept after a reload, clean for axe-core; screenshots of both themes, desktop and phone', async () => {
  const { page, errors } = await open(suite.browser, suite.url);
  await newGame(page, { level: '2', clock: '10+5' });
  for (const san of ['e4', 'Nf3']) {
    const n = await moveCount(page);
    await typeMove(page, san);
    await waitMoves(page, n + 2);
  }
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${artifacts}light-desktop.png` });
  await page.selectOption('#theme', 'dark');
  assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${artifacts}dark-desktop.png` });
  assert.deepEqual(await axeViolations(page), []);
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${artifacts}dark-phone.png`, fullPage: true });
  await page.click('#resign');
  await page.click('#resign');
  await page.waitForSelector('#end-dialog[open]');
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${artifacts}dark-phone-end.png` });
  assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(errors, []);
});

/** axe-core's serious and critical violations on the page as it is now. */
async function axeViolations(page) {
  await page.addScriptTag({ path: new URL('../../node_modules/axe-core/axe.min.js', import.meta.url).pathname });
  const result = await page.evaluate(() => globalThis.axe.run(document, { resultTypes: ['violations'] }));
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('accessibility: axe-core finds no serious violation, in play, in the end dialog and with a review open', async () => {
  const { page, errors } = await open(suite.browser, suite.url);
  await page.click('text=Your games');
  await page.click('text=PGN and FEN');
  assert.deepEqual(await axeViolations(page), []);
  await page.fill('#pgn-text', '1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0');
  await page.click('#load-pgn');
  await page.click('#review');
  await page.waitForFunction(() => !document.querySelector('#review-panel').hidden, null, { timeout: 60_000 });
  assert.deepEqual(await axeViolations(page), []);
  await newGame(page, { fen: MATE_IN_TWO });
  await page.evaluate(() => window.scrollTo(0, 0));
  await click(page, 'c6');
  await click(page, 'b6');
  await waitMoves(page, 2);
  await click(page, 'h1');
  await click(page, 'h8');
  await page.waitForSelector('#end-dialog[open]');
  assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(errors, []);
});
