/**
 * The engine's wasm module (`dist/wasm/`), loaded on first use or by {@link init}, never on
 * import (wasm-loader.ts says how).
 */
import * as glue from './wasm/chess_wasm.js';
import { wasmLoader, type InitOptions } from './wasm-loader.js';

export type { InitOptions, WasmResponse, WasmSource } from './wasm-loader.js';

const loader = wasmLoader(glue, () => new URL('./wasm/chess_wasm_bg.wasm', import.meta.url), 'wasm');

/** @internal The engine's bindings, loading the module first where that can be synchronous. */
export const bindings: () => typeof glue = loader.bindings;
/** @internal The compiled module once loaded, else `null` (for the AI's worker). */
export const compiledModule: () => WebAssembly.Module | null = loader.compiledModule;
/** @internal Instantiate `module` here (the AI's worker, given the page's module). */
export const adopt: (module: WebAssembly.Module) => void = loader.adopt;

/**
 * Load the wasm module. A page awaits it once before its first call; in Node and in workers the
 * first call loads the module by itself, and `init()` only moves that cost to a moment of your
 * choosing. Idempotent: later calls (and calls while it loads) return the same promise, and
 * `options` are read only by the first. A failure (a 404, a file that is not the module) rejects
 * with a {@link ChessError} of code `LOAD_FAILED` that names the file and the fix; a later call
 * tries again.
 *
 * ```ts
 * import { init, ChessGame } from 'chess-wasm';
 * await init();
 * const game = new ChessGame();
 * ```
 */
export function init(options: InitOptions = {}): Promise<void> {
  return loader.init(options);
}
