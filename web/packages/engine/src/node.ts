/**
 * The one place that knows whether the package runs in Node: there the wasm file and a net are
 * read from disk and the AI's worker is a worker thread; everywhere else (a page, a Web Worker)
 * they are fetched and the worker is a Web Worker.
 */

/**
 * Node's `process` when this runs in Node, else `null` (a bundler's `process` shim has no
 * `versions.node`). Read from `globalThis`, never as the free variable `process`, which Parcel
 * answers by asking for a polyfill (and fails to build without one when it may not install it).
 */
export function nodeProcess(): NodeJS.Process | null {
  const node = (globalThis as { process?: NodeJS.Process }).process;
  return node !== undefined && typeof node.versions?.node === 'string' ? node : null;
}
