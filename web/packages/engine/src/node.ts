/**
 * The one place that knows whether the package runs in Node: there the wasm file and a net are
 * read from disk and the AI's worker is a worker thread; everywhere else (a page, a Web Worker)
 * they are fetched and the worker is a Web Worker.
 */

import { ChessError } from './errors.js';

/**
 * Node's `process` when this runs in Node, else `null` (a bundler's `process` shim has no
 * `versions.node`). Read from `globalThis`, never as the free variable `process`, which Parcel
 * answers by asking for a polyfill (and fails to build without one when it may not install it).
 */
export function nodeProcess(): NodeJS.Process | null {
  const node = (globalThis as { process?: NodeJS.Process }).process;
  return node !== undefined && typeof node.versions?.node === 'string' ? node : null;
}

/**
 * Node's `fs` when this runs in Node, else `null`; a {@link ChessError} (code `LOAD_FAILED`) on a
 * Node too old to hand a built-in module over synchronously (`process.getBuiltinModule`, 20.16).
 */
export function nodeFs(): typeof import('node:fs') | null {
  const node = nodeProcess();
  if (node === null) return null;
  if (typeof node.getBuiltinModule !== 'function') {
    throw new ChessError(`chess-wasm needs Node 20.16 or later (process.getBuiltinModule); this is Node ${node.versions.node}`, 'LOAD_FAILED');
  }
  return node.getBuiltinModule('node:fs') as typeof import('node:fs');
}
