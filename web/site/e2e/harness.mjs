// Starts the production build with `vite preview` on a free 127.0.0.1 port and opens Debian's
// Chromium through playwright-core; collects console errors; writes screenshots to web/artifacts/.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { after, afterEach, before, test as nodeTest } from 'node:test';
import { chromium } from 'playwright-core';

export const artifacts = new URL('../../artifacts/', import.meta.url).pathname;
mkdirSync(artifacts, { recursive: true });

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Serve the built site; returns { url, close }. */
export async function serve() {
  const port = await freePort();
  const vite = new URL('../node_modules/.bin/vite', import.meta.url).pathname;
  const bin = (await import('node:fs')).existsSync(vite) ? vite : new URL('../../node_modules/.bin/vite', import.meta.url).pathname;
  const child = spawn(bin, ['preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], {
    cwd: new URL('..', import.meta.url).pathname,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = `http://127.0.0.1:${port}/`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      child.kill();
      throw new Error('vite preview did not start: run `npm run build` first');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, close: () => child.kill() };
}

/** Launch Chromium. */
export async function browser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-dev-shm-usage'],
  });
}

/** Every page's console, kept for {@link describePage} (the last lines only). */
const consoles = new WeakMap();

/** A page on the site, ready (the engine loaded), with its console errors collected. */
export async function open(b, url, viewport = { width: 1200, height: 860 }) {
  const page = await b.newPage({ viewport });
  const errors = [];
  const log = [];
  consoles.set(page, log);
  const note = (line) => {
    log.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
    if (log.length > 40) log.shift();
  };
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
    note(`${m.type()}: ${m.text()}`);
  });
  page.on('worker', (w) => note(`worker started: ${w.url()}`));
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 20_000 });
  return { page, errors };
}

/**
 * What a failed test leaves to read in the log: the page's status, message and engine panels as a
 * person sees them, its last console lines, and a screenshot (`failure-N.png` in web/artifacts/).
 */
export async function describePage(page, n) {
  const shown = await page
    .evaluate(() => {
      const text = (id) => {
        const el = document.getElementById(id);
        if (!el) return '(none)';
        return `${el.closest('[hidden]') ? '(hidden) ' : ''}${el.textContent.trim().replace(/\s+/g, ' ')}`;
      };
      const ids = ['status', 'message', 'moves', 'fen', 'analysis-info', 'analysis-lines', 'review-progress', 'retry-text'];
      return [`isolated: ${globalThis.crossOriginIsolated}`, ...ids.map((id) => `#${id}: ${text(id).slice(0, 300)}`)];
    })
    .catch((e) => [`(the page did not answer: ${e.message})`]);
  await page.screenshot({ path: `${artifacts}failure-${n}.png` }).catch(() => undefined);
  return [`page ${n} (${page.url()}), screenshot failure-${n}.png`, ...shown, 'console:', ...(consoles.get(page) ?? [])]
    .map((line) => `  ${line}`)
    .join('\n');
}

/**
 * What every e2e file shares: one server of the built site and one Chromium for the file, each
 * test's pages closed with it (a page left open keeps its engine worker, which may still be
 * thinking and take a core from the tests after it), and `test`, which prints what its pages show
 * when it fails (a timeout says little alone). `suite.browser` and `suite.url` are set once the
 * file's `before` has run.
 */
export function pageSuite() {
  const suite = {
    server: null,
    browser: null,
    get url() {
      return suite.server.url;
    },
    test(name, fn) {
      nodeTest(name, async (t) => {
        try {
          await fn(t);
        } catch (error) {
          const pages = suite.browser?.contexts().flatMap((context) => context.pages()) ?? [];
          const described = await Promise.all(pages.map((page, i) => describePage(page, i + 1)));
          console.log(`# "${name}" failed; its pages:\n${described.join('\n')}`);
          throw error;
        }
      });
    },
  };
  before(async () => {
    suite.server = await serve();
    suite.browser = await browser();
  });
  afterEach(async () => {
    await Promise.all(suite.browser?.contexts().map((context) => context.close()) ?? []);
  });
  after(async () => {
    await suite.browser?.close();
    suite.server?.close();
  });
  return suite;
}
