/**
 * Loads the wasm module, without a top-level await, so that every module of the package (and
 * `require('chess-wasm')` in Node) stays synchronous:
 *
 * - Node (and anything with `process.getBuiltinModule` and a `file:` URL here): the bytes are
 *   read from disk next to this file and instantiated synchronously, on import.
 * - A Web Worker (the package's own worker included): a synchronous request for the bytes and a
 *   synchronous instantiation, on import; a worker may block, and its bundle (an iife in Vite's
 *   default worker format) needs no top-level await.
 * - A page (a window's main thread): nothing can be synchronous there; the instantiation is
 *   started and {@link ready} settles when it is done. The page entry (`index.browser.js`, the
 *   package's default export condition) awaits it before it loads the rest of the package.
 *
 * The URL of the .wasm file is written as `new URL('./wasm/…', import.meta.url)` so that bundlers
 * (Vite, webpack 5, Rollup) see it and ship the file.
 */
import init, * as wasm from './wasm/chess_wasm.js';
import { initSync } from './wasm/chess_wasm.js';
import { nodeProcess } from './node.js';

const url = new URL('./wasm/chess_wasm_bg.wasm', import.meta.url);

/** The file's bytes when they can be had synchronously here, else `null`. */
function bytesNow(): BufferSource | null {
  const node = nodeProcess();
  if (url.protocol === 'file:') {
    const getBuiltinModule = node?.getBuiltinModule;
    if (typeof getBuiltinModule !== 'function') {
      throw new Error(`chess-wasm needs Node 20.16 or later (process.getBuiltinModule); this is Node ${node?.versions.node ?? '?'}`);
    }
    const fs = getBuiltinModule.call(node, 'node:fs') as typeof import('node:fs');
    return fs.readFileSync(url);
  }
  const scope = globalThis as { WorkerGlobalScope?: unknown; XMLHttpRequest?: typeof XMLHttpRequest };
  if (scope.WorkerGlobalScope !== undefined && scope.XMLHttpRequest !== undefined) {
    const request = new scope.XMLHttpRequest();
    request.open('GET', url.href, false);
    request.responseType = 'arraybuffer';
    request.send();
    // 0: a data: or file: URL (no HTTP status).
    if (request.status !== 0 && (request.status < 200 || request.status > 299)) {
      throw new Error(`chess-wasm: could not load ${url.href}: HTTP ${request.status}`);
    }
    return request.response as ArrayBuffer;
  }
  return null;
}

const bytes = bytesNow();
if (bytes !== null) initSync({ module: bytes });

/**
 * Settles when the wasm module is ready: at once in Node and in workers; in a page, once it is
 * fetched and instantiated (rejected if that fails, for example on a 404).
 */
export const ready: Promise<void> =
  bytes !== null ? Promise.resolve() : init({ module_or_path: url }).then(() => undefined);

export { wasm };
