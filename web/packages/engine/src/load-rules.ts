/**
 * The rules-only wasm module (`dist/wasm-rules/`: chess-core's rules, FEN and PGN, no engine),
 * loaded on first use or by {@link init}, never on import (wasm-loader.ts says how).
 */
import * as glue from './wasm-rules/chess_rules.js';
import { wasmLoader, type InitOptions } from './wasm-loader.js';

const loader = wasmLoader(glue, () => new URL('./wasm-rules/chess_rules_bg.wasm', import.meta.url), 'wasm-rules');

/** @internal The rules' bindings, loading the module first where that can be synchronous. */
export const bindings: () => typeof glue = loader.bindings;

/**
 * Load the rules' wasm module: a page awaits it once before its first call; Node and workers
 * load it on first use. Idempotent; a file that cannot be had rejects with code `LOAD_FAILED`
 * (see chess-wasm's `init`, which this is for `chess-wasm/rules`).
 *
 * ```ts
 * import { init, ChessGame } from 'chess-wasm/rules';
 * await init();
 * const game = new ChessGame();
 * ```
 */
export function init(options: InitOptions = {}): Promise<void> {
  return loader.init(options);
}
