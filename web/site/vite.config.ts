import { createReadStream, existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

// Cross-origin isolation, so that the page can stop a search through shared memory.
const isolation = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

/** The files worth compressing, with the type a server sends them as. */
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
  '.nnue': 'application/octet-stream',
  '.bin': 'application/octet-stream',
  '.tsv': 'text/tab-separated-values; charset=utf-8',
};

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

/**
 * Write `.br` (quality 11) and `.gz` (level 9) beside every text and wasm file of the build, so
 * a static host serves them compressed (nginx `gzip_static`/`brotli_static`, most CDNs); the
 * wasm is most of the page's weight (docs/web.md, "First load"), the stronger net (.nnue, loaded
 * on the first full-strength use) the rest.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const path of files(outDir)) {
        if (!(extname(path) in TYPES) || statSync(path).size < 1024) continue;
        const data = readFileSync(path);
        writeFileSync(`${path}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

/**
 * `vite preview` serves the precompressed files when the browser accepts them (its own on-the-fly
 * compression leaves the wasm out: its type is not text).
 */
function servePrecompressed(): Plugin {
  return {
    name: 'serve-precompressed',
    configurePreviewServer(server) {
      const root = resolve(server.config.root, server.config.build.outDir);
      server.middlewares.use((req, res, next) => {
        const path = decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/');
        const file = join(root, path.endsWith('/') ? `${path}index.html` : path);
        const type = TYPES[extname(file)];
        const accept = String(req.headers['accept-encoding'] ?? '');
        const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : null;
        const packed = encoding && `${file}.${encoding === 'br' ? 'br' : 'gz'}`;
        if (!type || !packed || !file.startsWith(root) || !existsSync(packed)) return next();
        res.setHeader('Content-Type', type);
        res.setHeader('Content-Encoding', encoding);
        res.setHeader('Content-Length', statSync(packed).size);
        res.setHeader('Vary', 'Accept-Encoding');
        // Hashed names never change content: the page's thread and the worker share one download.
        if (path.includes('/assets/')) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        for (const [name, value] of Object.entries(isolation)) res.setHeader(name, value);
        createReadStream(packed).pipe(res);
      });
    },
  };
}

export default defineConfig({
  base: './',
  server: { host: '127.0.0.1', headers: isolation },
  preview: { host: '127.0.0.1', headers: isolation },
  // The package finds its .wasm and its worker next to itself (import.meta.url): keep it whole.
  optimizeDeps: { exclude: ['chess-wasm'] },
  build: { target: 'es2022', chunkSizeWarningLimit: 2000 },
  worker: { format: 'es' },
  plugins: [precompress(), servePrecompressed()],
});
