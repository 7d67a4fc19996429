// The install recipes of the package's README, each run as a new user would: `npm pack` the
// package (dist/ must be built: `npm run build`), copy a recipe folder to a fresh temporary
// directory, install the tarball (and the recipe's pinned bundler) from npm, build, then run it:
// in Node (`npm start`), or in headless Chromium for a page (dist/ served on 127.0.0.1; the page
// writes its result to <body data-result>, and any console error, page error or failed request
// fails the recipe).
//
//   node recipes/run.mjs [name…] [--keep]     (all recipes when no name is given)
//
// The closing line is `N passed, M failed`; the exit status is 1 when a recipe failed.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packInto, pkgDir, run } from '../scripts/tarball.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));

/**
 * Each recipe: its folder here; how it runs once built ('node': `npm start`; 'page': dist/ in
 * Chromium, or `start`, the recipe's own server, `{port}` filled in); and the dev servers it is
 * also opened on, if any (their commands).
 */
const VITE_DEV = ['vite', '--host', '127.0.0.1', '--port', '{port}', '--strictPort'];
const RECIPES = {
  'node-esm': { run: 'node' },
  'node-cjs': { run: 'node' },
  vitest: { run: 'node' },
  vite: { run: 'page', dev: [VITE_DEV] },
  vite7: { run: 'page', dev: [VITE_DEV] },
  vite6: { run: 'page', dev: [VITE_DEV] },
  esbuild: { run: 'page' },
  webpack: { run: 'page' },
  'webpack-esm': { run: 'page' },
  rollup: { run: 'page' },
  parcel: { run: 'page', dev: [['parcel', 'serve', 'index.html', '--host', '127.0.0.1', '--port', '{port}', '--no-hmr']] },
  next: {
    run: 'page',
    start: ['next', 'start', '--hostname', '127.0.0.1', '--port', '{port}'],
    dev: [
      ['next', 'dev', '--hostname', '127.0.0.1', '--port', '{port}'],
      ['next', 'dev', '--turbopack', '--hostname', '127.0.0.1', '--port', '{port}'],
    ],
  },
  cdn: { run: 'page' },
};

const args = process.argv.slice(2);
const keep = args.includes('--keep');
const chosen = args.filter((a) => !a.startsWith('--'));
for (const name of chosen) {
  if (!(name in RECIPES)) {
    console.error(`unknown recipe '${name}' (recipes: ${Object.keys(RECIPES).join(', ')})`);
    process.exit(2);
  }
}
const names = chosen.length > 0 ? chosen : Object.keys(RECIPES);

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.wasm': 'application/wasm',
};

/** A static file server for `root` on 127.0.0.1 (a free port). */
function serve(root) {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    let file = join(root, path);
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!file.startsWith(root) || !existsSync(file)) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'Content-Type': MIME[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${server.address().port}/`, close: () => server.close() }));
  });
}

let chromium = null;
/** One headless Chromium for every page recipe (as web/site/e2e launches it). */
function browser() {
  chromium ??= import('playwright-core').then(({ chromium: c }) =>
    c.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-dev-shm-usage'] }));
  return chromium;
}

/** Open a recipe's page at `url`; its result, or an error naming what went wrong. */
async function checkPage(url) {
  const page = await (await browser()).newPage();
  const errors = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') errors.push(`console.${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`page error: ${e}`));
  page.on('requestfailed', (r) => errors.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
  page.on('response', (r) => {
    if (r.status() >= 400) errors.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  try {
    // A page error (a module that fails to load) ends the wait: no result will come.
    const failed = new Promise((resolve) => page.once('pageerror', () => setTimeout(resolve, 500)));
    await page.goto(url);
    const handle = await Promise.race([page.waitForSelector('body[data-result]', { timeout: 90_000 }).catch(() => null), failed]);
    const result = handle ? JSON.parse(await page.evaluate(() => document.body.dataset.result)) : null;
    if (!result) throw new Error(`the page gave no result${errors.length ? `\n${errors.join('\n')}` : ' in 90 s'}`);
    if (result.error) throw new Error(`the page failed: ${result.error}${errors.length ? `\n${errors.join('\n')}` : ''}`);
    if (!result.legal.includes(result.move)) throw new Error(`not a legal move: ${result.move}`);
    if (errors.length > 0) throw new Error(errors.join('\n'));
    return `WorkerAi played ${result.san}`;
  } finally {
    await page.close();
  }
}

/** The built page (dist/) on a static server. */
async function checkBuilt(dir) {
  const server = await serve(join(dir, 'dist'));
  try {
    return await checkPage(server.url);
  } finally {
    server.close();
  }
}

/** A server's command as a note names it: up to its host and port. */
function label(command) {
  return command.slice(0, command.findIndex((a) => a === '--host' || a === '--hostname')).join(' ');
}

/** The page on a server the recipe starts (`command`: a dev server, or its own production server). */
async function checkServer(dir, command) {
  const port = await new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: p } = probe.address();
      probe.close(() => resolve(p));
    });
  });
  const [bin, ...argv] = command;
  const child = spawn(join(dir, 'node_modules', '.bin', bin), argv.map((a) => a.replace('{port}', String(port))), {
    cwd: dir,
    stdio: 'ignore',
    detached: true, // its own process group, ended whole (Parcel's workers with it)
  });
  try {
    const url = `http://127.0.0.1:${port}/`;
    for (const deadline = Date.now() + 120_000; ; ) {
      if (await fetch(url).then((r) => r.ok, () => false)) break;
      if (Date.now() > deadline) throw new Error(`${label(command)} did not answer in 120 s`);
      await new Promise((r) => setTimeout(r, 200));
    }
    return await checkPage(url);
  } finally {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      child.kill();
    }
  }
}

async function recipe(name, tarball, root) {
  const dir = join(root, name);
  cpSync(join(here, name), dir, { recursive: true });
  // The page every bundler recipe builds (recipes/page/), where the recipe has none of its own;
  // Next.js takes its check.js into app/.
  if (RECIPES[name].run === 'page' && name !== 'cdn') {
    const into = name === 'next' ? join(dir, 'app') : dir;
    for (const file of name === 'next' ? ['check.js'] : ['index.html', 'main.js', 'check.js']) {
      if (!existsSync(join(into, file))) cpSync(join(here, 'page', file), join(into, file));
    }
  }
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  manifest.dependencies['chess-wasm'] = `file:${tarball}`;
  writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
  await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], dir);
  if (manifest.scripts?.build) await run('npm', ['run', 'build'], dir);
  if (RECIPES[name].run === 'node') {
    // A warning (an experimental feature, a deprecation) fails the recipe too.
    const { stdout, stderr } = await run('npm', ['start', '--silent'], dir, 120_000);
    if (stderr.trim()) throw new Error(`output on stderr:\n${stderr.trim()}`);
    return stdout.trim().split('\n').pop();
  }
  const { start, dev = [] } = RECIPES[name];
  const notes = [start ? `${label(start)}: ${await checkServer(dir, start)}` : await checkBuilt(dir)];
  for (const command of dev) notes.push(`${label(command)}: ${await checkServer(dir, command)}`);
  return notes.join('; ');
}

const started = Date.now();
const root = mkdtempSync(join(tmpdir(), 'chess-wasm-recipes-'));
let passed = 0;
let failed = 0;
try {
  if (!existsSync(join(pkgDir, 'dist', 'index.js'))) throw new Error('the package is not built: run `npm run build` first');
  const tarball = await packInto(root);
  console.log(`packed ${tarball}`);
  // Two at a time (installs wait on the network and the disk, builds on the CPU).
  const queue = [...names];
  const worker = async () => {
    for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
      const t = Date.now();
      try {
        const note = await recipe(name, tarball, root);
        passed++;
        console.log(`ok   ${name} (${((Date.now() - t) / 1000).toFixed(1)} s): ${note}`);
      } catch (e) {
        failed++;
        console.log(`FAIL ${name} (${((Date.now() - t) / 1000).toFixed(1)} s): ${e instanceof Error ? e.message : e}`);
      }
    }
  };
  await Promise.all([worker(), worker()]);
} catch (e) {
  failed++;
  console.log(`FAIL setup: ${e instanceof Error ? e.message : e}`);
} finally {
  if (chromium) await (await chromium).close();
  if (keep) console.log(`kept ${root}`);
  else rmSync(root, { recursive: true, force: true });
}
console.log(`recipes: ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
