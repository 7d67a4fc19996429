// Nodes per second of the wasm build in Chromium (Debian's, through playwright-core), on the
// bench positions of `chess bench` (depth 11), in a module page and in a Web Worker; then, in the
// worker, the time and nodes of new Ai({ level, book: false, seed: 1 }).bestMove for levels 1-5 on
// the positions that the native `cargo run --release -p chess-ai --example level_times` times (its
// level_positions.txt), the same way (a new game a position), and the time of js-chess-engine's
// one-shot ai(fen, { level }) on them (an engine a call, with the book). Last, a game review through
// WorkerAi.review at the default budget, on the game `cargo run --release -p chess-ai --example
// review_time` reviews natively (level 4 with seed 31 against itself, 80 plies): same game, same
// accuracies, and the time in the worker.
// The package is served from a throw-away server on 127.0.0.1. Build first (npm run build).
//
//   node scripts/bench-browser.mjs [--native PATH_TO_CHESS_BINARY]
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { chromium } from 'playwright-core';

const root = new URL('..', import.meta.url).pathname;
const levelPositions = (await readFile(new URL('../../../../crates/chess-ai/examples/level_positions.txt', import.meta.url), 'utf8'))
  .split('\n')
  .filter((line) => line.trim() !== '');
const types = { '.js': 'text/javascript', '.wasm': 'application/wasm', '.html': 'text/html' };
const page = `<!doctype html><link rel="icon" href="data:,"><script type="module">
  import { bench, init, Ai, ChessGame, WorkerAi } from './dist/index.js';
  await init();
  window.mainThread = bench(11);
  window.reviewTime = async () => {
    const ai = new Ai({ level: 4, seed: 31 });
    const game = new ChessGame();
    while (game.history().length < 80 && game.state().status === 'ongoing') game.move(ai.bestMove(game).best.uci);
    ai.free();
    const worker = await WorkerAi.create();
    const start = performance.now();
    let progress = 0;
    const r = await worker.review(game, { onProgress: () => { progress += 1; } });
    const ms = performance.now() - start;
    worker.terminate();
    return { ms, plies: r.plies.length, progress, white: r.white.accuracy, black: r.black.accuracy, keyMoments: r.keyMoments };
  };
  const inWorker = async (url, positions) => {
    const m = await import(url);
    const bench = m.bench(11);
    const summary = (times) => {
      times.sort((a, b) => a - b);
      return { median: times[times.length >> 1], max: times[times.length - 1] };
    };
    const levels = [1, 2, 3, 4, 5].map((level) => {
      // As the native example: one engine a level, a new game (empty table) a position, no book.
      const ai = new m.Ai({ level, book: false, seed: 1 });
      let nodes = 0;
      const times = positions.map((fen) => {
        const game = new m.ChessGame(fen);
        ai.newGame();
        const start = performance.now();
        nodes += ai.bestMove(game).nodes;
        return performance.now() - start;
      });
      ai.free();
      // js-chess-engine's one-shot call, as its users make it (a game and an engine a call, book on).
      const compat = positions.map((fen) => {
        const start = performance.now();
        m.ai(fen, { level });
        return performance.now() - start;
      });
      return { ...summary(times), nodes: Math.round(nodes / positions.length), compat: summary(compat) };
    });
    postMessage({ bench, levels });
  };
  const code = '(' + inWorker + ')(' + JSON.stringify(new URL('./dist/index.js', location.href).href) + ', '
    + JSON.stringify(${JSON.stringify(levelPositions)}) + ')';
  const worker = new Worker(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })), { type: 'module' });
  worker.onmessage = (e) => { window.inWorker = e.data; };
  worker.onerror = (e) => { window.inWorker = { error: e.message || 'the worker failed' }; };
</script>`;
const server = createServer(async (request, response) => {
  const path = normalize(decodeURIComponent(new URL(request.url, 'http://x').pathname));
  try {
    const body = path === '/' ? page : await readFile(join(root, path));
    response.writeHead(200, { 'content-type': types[extname(path)] ?? 'text/html' });
    response.end(body);
  } catch {
    response.writeHead(404).end();
  }
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${server.address().port}/`;
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const tab = await browser.newPage();
  tab.on('console', (m) => m.type() === 'error' && console.error('page:', m.text()));
  tab.on('pageerror', (e) => console.error('page:', String(e)));
  tab.on('response', (r) => r.status() >= 400 && console.error('page: HTTP', r.status(), r.url()));
  await tab.goto(url);
  await tab.waitForFunction(() => window.mainThread && window.inWorker, null, { timeout: 300_000 });
  const [main, result] = await tab.evaluate(() => [window.mainThread, window.inWorker]);
  if (result.error) throw new Error(`the benchmark worker failed: ${result.error}`);
  const { bench: worker, levels } = result;
  console.log(`Chromium ${browser.version()}, page: ${main.nodes} nodes, ${main.nps} nodes/s`);
  console.log(`Chromium ${browser.version()}, worker: ${worker.nodes} nodes, ${worker.nps} nodes/s`);
  console.log(`in the worker, ${levelPositions.length} positions, ms a move: new Ai({ level, book: false, seed: 1 }).bestMove`
    + ` median (max), mean nodes; then js-chess-engine's ai(fen, { level }) median (max)`);
  levels.forEach(({ median, max, nodes, compat }, i) => console.log(`  level ${i + 1}: ${median.toFixed(1)} (${max.toFixed(1)}),`
    + ` ${nodes} nodes; ai(): ${compat.median.toFixed(1)} (${compat.max.toFixed(1)})`));
  const rv = await tab.evaluate(() => window.reviewTime());
  console.log(`review in the worker (WorkerAi.review, default budget): ${rv.plies} plies in ${(rv.ms / 1000).toFixed(2)} s,`
    + ` ${rv.progress} progress events; accuracy White ${rv.white.toFixed(1)}, Black ${rv.black.toFixed(1)};`
    + ` key moments ${JSON.stringify(rv.keyMoments)}`);
  const i = process.argv.indexOf('--native');
  if (i > 0) {
    const out = execFileSync(process.argv[i + 1], ['bench', '11', '--eval', 's6-128-hm-1000'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    const nps = Number(/Nodes\/second\s*:\s*(\d+)/.exec(out)?.[1]);
    // The page's module searches on its compiled-in net, s6-128-hm-1000: the native one on the same.
    console.log(`native (s6-128-hm-1000): ${nps} nodes/s; Chromium worker/native = ${(worker.nps / nps).toFixed(2)}`);
  }
} finally {
  await browser.close();
  server.close();
}
