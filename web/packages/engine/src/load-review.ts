/**
 * The review module (`dist/wasm-review/`): the review's code with its own copy of the search and
 * the evaluation, in a wasm module apart so that the engine's first load does not carry it
 * (about 45 KB gzipped less). It is loaded on the first review or reviewed PGN, never on import:
 * in Node and in workers by itself (as the engine's module is), in a page by
 * `await preload('review')`; a {@link WorkerAi} compiles it on the page and hands it to its worker.
 * It has its own memory: the package gives it the data files, the net loaded and each game (as
 * its PGN) it reviews or annotates.
 */
import * as glue from './wasm-review/chess_review.js';
import { wasmLoader, type WasmSource } from './wasm-loader.js';

const loader = wasmLoader(
  glue,
  () => new URL('./wasm-review/chess_review_bg.wasm', import.meta.url),
  'wasm-review',
  "`await preload('review')` (exported by the package) once before the first review or reviewed pgn()",
);

/** @internal The review module's bindings, loading it first where that can be synchronous. */
export const reviewBindings: () => typeof glue = loader.bindings;

/** @internal The review module's bindings, as far as the data and the net go (data.ts, net.ts). */
export type ReviewModule = typeof glue;

/** @internal Load the review module on this thread (`source`: where its file is, else the package's). */
export function initReview(source?: WasmSource): Promise<void> {
  return loader.init(source === undefined ? {} : { wasm: source });
}

/** @internal The review module compiled, not instantiated here: what a page hands its worker. */
export const compileReview: (source?: WasmSource) => Promise<WebAssembly.Module> = loader.compileOnly;

/** @internal Instantiate `module` (the review module, compiled by the page) in the worker. */
export const adoptReview: (module: WebAssembly.Module) => void = loader.adopt;
