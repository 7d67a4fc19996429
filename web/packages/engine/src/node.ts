/**
 * The one place that knows whether the package runs in Node: there the wasm file and a net are
 * read from disk and the AI's worker is a worker thread; everywhere else (a page, a Web Worker)
 * they are fetched and the worker is a Web Worker.
 */

/** Node's `process` when this runs in Node, else `null` (a bundler's `process` shim has no `versions.node`). */
export function nodeProcess(): NodeJS.Process | null {
  return typeof process !== 'undefined' && typeof process.versions?.node === 'string' ? process : null;
}
