// A timed game at full strength played to its end in Chromium, as a player meets it: does the
// engine keep within its clock? Not part of the e2e suite (a 5+3 game takes minutes); run it on
// a quiet machine after `npm run build`:
//
//   node e2e/clock-game.mjs [5+3|10+5|15+10] [player level 1-5, default 5]
//
// The player's side is played from Node by one of the package's levels (level 5 by default: a
// few hundred ms a move, so the game lasts and the engine's clock is what is measured), typed
// into the move box. Prints each
// engine move's time and the clocks, then the median and longest move times, the result and
// the engine's time left; exits 1 when the engine loses on time or the game does not end.
import { ChessGame, Ai } from 'chess-wasm';
import { browser, open, serve } from './harness.mjs';

const control = process.argv[2] ?? '5+3';
const playerLevel = Number(process.argv[3] ?? 5);
const server = await serve();
const b = await browser();
let failed = false;
try {
  const { page, errors } = await open(b, server.url, { width: 1366, height: 768 });
  await page.selectOption('#clock', control);
  await page.selectOption('#color', 'white');
  await page.selectOption('#level', 'full');
  const before = await page.getAttribute('body', 'data-game');
  await page.click('#new-game');
  await page.waitForFunction((old) => (document.body.dataset.game ?? null) !== old, before, { timeout: 15_000 });

  const mirror = new ChessGame();
  const player = new Ai({ level: playerLevel, seed: 7 });
  const plies = () => page.$$eval('#moves li', (items) => items.length);
  const lastSan = () => page.$$eval('#moves li', (items) => items.at(-1).querySelector('button').firstChild.textContent.replace(/^\d+\.+\s*/, '').trim());
  const times = [];
  const started = Date.now();
  for (;;) {
    const state = mirror.state();
    if (state.isFinished) break;
    if (Date.now() - started > 60 * 60_000) throw new Error('the game did not end within an hour');
    // The player's move, typed.
    const mv = player.bestMove(mirror).best.san;
    mirror.move(mv);
    await page.fill('#move-text', mv);
    await page.press('#move-text', 'Enter');
    await page.waitForFunction((n) => document.querySelectorAll('#moves li').length >= n, mirror.history().length, { timeout: 10_000 });
    if (mirror.state().isFinished) break;
    // The engine's answer: the time from the player's move to it.
    const asked = Date.now();
    await page.waitForFunction(
      (n) => document.querySelectorAll('#moves li').length > n || /wins|draw|Draw|won|lost/.test(document.querySelector('#status')?.textContent ?? ''),
      mirror.history().length,
      { timeout: 20 * 60_000, polling: 50 },
    );
    if ((await plies()) <= mirror.history().length) break; // the game ended on the engine's clock
    const took = Date.now() - asked;
    mirror.move(await lastSan());
    times.push(took);
    const clocks = `${(await page.textContent('#clock-bottom .time')).trim()} / ${(await page.textContent('#clock-top .time')).trim()}`;
    console.log(`move ${mirror.state().fullMove - (mirror.state().turn === 'white' ? 1 : 0)}: ${mirror.history().at(-1).san} in ${(took / 1000).toFixed(1)} s (clocks you/engine ${clocks})`);
  }
  const status = (await page.textContent('#status')).trim();
  const engineLeft = (await page.textContent('#clock-top .time')).trim();
  const sorted = [...times].sort((a, c) => a - c);
  const median = sorted.length ? sorted[Math.floor(sorted.length / 2)] : 0;
  console.log(`\n${control} at full strength against level ${playerLevel}, ${times.length} engine moves: median ${(median / 1000).toFixed(1)} s, longest ${((sorted.at(-1) ?? 0) / 1000).toFixed(1)} s, total ${(times.reduce((a, c) => a + c, 0) / 1000).toFixed(0)} s`);
  console.log(`result: ${status}; the engine's clock at the end: ${engineLeft}`);
  if (/time/i.test(status) && /you win|white wins/i.test(status)) failed = true;
  if (!mirror.state().isFinished && !/time|resign/i.test(status)) failed = true;
  if (errors.length) console.log(`console errors: ${errors.join(' | ')}`);
  player.free();
} finally {
  await b.close();
  server.close();
}
process.exit(failed ? 1 : 0);
