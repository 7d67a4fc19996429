/**
 * Loads the wasm module once, when the package is imported (a top-level await), so that every
 * call of the package is synchronous afterwards. Node reads the module from disk next to this
 * file; browsers and workers fetch it (bundlers such as Vite see the `new URL(…, import.meta.url)`
 * and ship the file).
 */
import init, * as wasm from './wasm/chess_wasm.js';

const url = new URL('./wasm/chess_wasm_bg.wasm', import.meta.url);

if (url.protocol === 'file:') {
  // Node: no fetch of file URLs. The specifier is a variable so that bundlers leave it alone.
  const fsModule = 'node:fs/promises';
  const { readFile } = (await import(/* @vite-ignore */ fsModule)) as typeof import('node:fs/promises');
  await init({ module_or_path: await readFile(url) });
} else {
  await init({ module_or_path: url });
}

export { wasm };
