// What an app pays to load chess-wasm, beside chess.js and js-chess-engine: each one built the
// same way, a fresh project with Vite's defaults (`vite build`) around the smallest page that
// uses it (a game, 1.e4), the packed tarball for ours and the pinned npm releases for the
// peers. Each file Vite emits is counted raw, gzipped (level 9) and with brotli (quality 11), and
// put in the moment the page loads it: the first load (the page's script and what it imports, the
// wasm module), the AI's worker (on the first WorkerAi), the stronger net (on loadNet()).
//
//   node scripts/sizes.mjs             # the table (markdown) on stdout
//   node scripts/sizes.mjs --check     # only our entries, and fail (exit 1) when a figure is over
//                                      # its budget (what CI runs)
//
// The budgets are size-budgets.json beside this script: gzipped bytes per entry and moment. The
// package must be built (`npm run build`). docs/web.md ("Sizes") holds the table.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { packInto, pkgDir, run } from './tarball.mjs';

const budgets = JSON.parse(readFileSync(new URL('size-budgets.json', import.meta.url), 'utf8'));
const VITE = '8.3.8';

/** The apps measured: the dependency and the page's script. */
const APPS = {
  'chess-wasm': {
    dependency: 'TARBALL',
    main: `import { ChessGame, WorkerAi, init } from 'chess-wasm';
await init();
const game = new ChessGame();
game.move('e4');
document.body.dataset.fen = game.fen();
window.think = async () => (await WorkerAi.create()).think(game);`,
  },
  'chess-wasm/compat': {
    dependency: 'TARBALL',
    initLoads: ['engine'],
    main: `import { Game, init } from 'chess-wasm/compat';
await init();
const game = new Game();
game.move('E2', 'E4');
document.body.dataset.fen = game.exportFEN();
window.think = () => game.aiMove(2);`,
  },
  'chess-wasm/rules': {
    dependency: 'TARBALL',
    main: `import { ChessGame, init } from 'chess-wasm/rules';
await init();
const game = new ChessGame();
game.move('e4');
document.body.dataset.fen = game.fen();
document.body.dataset.pgn = game.pgn();`,
  },
  'chess.js 1.4.0': {
    dependency: ['chess.js', '1.4.0'],
    main: `import { Chess } from 'chess.js';
const game = new Chess();
game.move('e4');
document.body.dataset.fen = game.fen();`,
  },
  'js-chess-engine 2.4.6': {
    dependency: ['js-chess-engine', '2.4.6'],
    main: `import { Game } from 'js-chess-engine';
const game = new Game();
game.move('E2', 'E4');
document.body.dataset.fen = game.exportFEN();
window.think = () => game.aiMove(2);`,
  },
};

/** Every file under `dir`, as paths relative to it. */
function files(dir) {
  return readdirSync(dir, { recursive: true }).map(String).filter((f) => statSync(join(dir, f)).isFile());
}

/**
 * The moment a built file is loaded: the worker's chunk; the engine's data (its two nets and the
 * book, on the first Ai or WorkerAi: src/data.ts); the opening names (on the first opening() or
 * review); the review module (on the first review: src/load-review.ts); the stronger net (on
 * loadNet()); else the first load.
 */
function moment(file, workerFiles) {
  if (/(^|\/)s7-hm4-1726-k200[^/]*\.nnue$/.test(file)) return 'net';
  if (/(^|\/)chess_review_bg[^/]*\.wasm$/.test(file)) return 'review';
  if (['.nnue', '.bin'].includes(extname(file))) return 'engine';
  if (extname(file) === '.tsv') return 'openings';
  if (workerFiles.has(file)) return 'worker';
  if (extname(file) === '.html') return null;
  return 'first';
}

/** The moments in the order a page meets them, and how the table names them. */
const MOMENTS = {
  first: 'first load',
  engine: 'on the first Ai or WorkerAi (nets, book)',
  worker: 'on the first WorkerAi',
  openings: 'on the first opening() or review',
  review: 'on the first review (the review module)',
  net: 'on loadNet()',
};

function sizes(bytes) {
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

/** A fresh project with these dependencies (and Vite) installed, in `root`. */
async function project(root, name, dependencies) {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({
    name: 'size', private: true, type: 'module', dependencies, devDependencies: { vite: VITE },
  }));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><script type="module" src="./main.js"></script>\n');
  await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], dir);
  return dir;
}

/** `app` built in the project `dir`: its files' sizes by the moment they are loaded. */
async function measure(app, dir) {
  writeFileSync(join(dir, 'main.js'), `${app.main}\n`);
  const out = join(dir, 'dist');
  rmSync(out, { recursive: true, force: true });
  await run(join(dir, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'error'], dir);
  const built = files(out);
  // The worker's own chunk is the one named for it (Vite: assets/worker-*.js).
  const workerFiles = new Set(built.filter((f) => /(^|\/)worker-[^/]*\.js$/.test(f)));
  const total = {};
  for (const file of built) {
    const when = moment(file, workerFiles);
    if (!when) continue;
    const s = sizes(readFileSync(join(out, file)));
    const t = (total[when] ??= { raw: 0, gzip: 0, brotli: 0 });
    t.raw += s.raw;
    t.gzip += s.gzip;
    t.brotli += s.brotli;
  }
  return total;
}

const kb = (n) => `${(n / 1000).toFixed(1)} KB`;
const check = process.argv.includes('--check');
const root = mkdtempSync(join(tmpdir(), 'chess-wasm-sizes-'));
let over = 0;
try {
  if (!statSync(join(pkgDir, 'dist', 'index.js'), { throwIfNoEntry: false })) throw new Error('build the package first (npm run build)');
  const tarball = await packInto(root);
  const ours = await project(root, 'ours', { 'chess-wasm': `file:${tarball}` });
  const peers = check ? null : await project(root, 'peers', Object.fromEntries(
    Object.values(APPS).filter((a) => a.dependency !== 'TARBALL').map((a) => a.dependency)));
  console.log('| entry (Vite 8 production build) | loaded | raw | gzip | brotli | budget (gzip) |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const [name, app] of Object.entries(APPS)) {
    if (app.dependency !== 'TARBALL' && !peers) continue;
    const total = await measure(app, app.dependency === 'TARBALL' ? ours : peers);
    // compat's init() loads the AI's data too (its aiMove is synchronous): its first load.
    for (const when of app.initLoads ?? []) {
      for (const k of ['raw', 'gzip', 'brotli']) total.first[k] += total[when][k];
      delete total[when];
    }
    for (const when of Object.keys(MOMENTS)) {
      const t = total[when];
      if (!t) continue;
      const budget = budgets[name]?.[when];
      const fails = budget !== undefined && t.gzip > budget;
      if (fails) over++;
      const label = when === 'first' && app.initLoads ? 'first load (init(): the module, nets and book)' : MOMENTS[when];
      console.log(`| ${name} | ${label} | ${kb(t.raw)} | ${kb(t.gzip)} | ${kb(t.brotli)} | ${budget === undefined ? '' : `${kb(budget)}${fails ? ' **over**' : ''}`} |`);
    }
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
if (check && over > 0) {
  console.error(`sizes: ${over} figure(s) over budget (scripts/size-budgets.json)`);
  process.exit(1);
}
