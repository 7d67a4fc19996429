// `Symbol.dispose` and `Symbol.asyncDispose` (explicit resource management) for apps whose `lib`
// predates them (ES2022 + DOM): TypeScript's own declarations, referenced (kept in the .d.ts), not
// a global augmentation of the package's.
/// <reference lib="esnext.disposable" preserve="true" />
/**
 * Lifetimes of the wasm objects the package wraps. Each wrapper ({@link Ai}, {@link ChessGame})
 * owns one wasm-bindgen object, whose memory lives in the wasm module's linear memory: released
 * by the wrapper's `free()`, or, when the wrapper is garbage-collected without one, by the
 * finaliser registered here. A finaliser runs only after a garbage collection and only once the
 * calling code returns to the event loop, so a synchronous loop must free (or reuse) what it
 * creates; the finaliser is the safety net, not the plan.
 */

/** A wasm-bindgen object (or anything else) whose memory `free()` releases. */
export interface Freeable {
  free(): void;
}

/**
 * `Symbol.dispose`, for `using`: the runtime's own symbol, else the one TypeScript's `using`
 * helper looks up (`Symbol.for('Symbol.dispose')`) on runtimes without it.
 */
export const disposeSymbol: typeof Symbol.dispose =
  (Symbol.dispose ?? Symbol.for('Symbol.dispose')) as typeof Symbol.dispose;

/** `Symbol.asyncDispose`, for `await using` (the same fallback as {@link disposeSymbol}). */
export const asyncDisposeSymbol: typeof Symbol.asyncDispose =
  (Symbol.asyncDispose ?? Symbol.for('Symbol.asyncDispose')) as typeof Symbol.asyncDispose;

/** Frees the wasm object of each wrapper that was collected without `free()`. */
const registry: FinalizationRegistry<Freeable> | null =
  typeof FinalizationRegistry === 'undefined'
    ? null
    : new FinalizationRegistry<Freeable>((raw) => {
        try {
          raw.free();
        } catch {
          // Already released some other way: nothing left to do, and a finaliser must not throw.
        }
      });

/**
 * Free `raw` when `owner` is garbage-collected (unless {@link freeNow} came first); returns
 * `raw`. `raw` is held by the registry until then, so it must not refer back to `owner` (a
 * wasm-bindgen object never does), or `owner` could never be collected.
 *
 * ```ts
 * this.raw = freeWhenCollected(this, new wasm.Position(fen));
 * ```
 */
export function freeWhenCollected<T extends Freeable>(owner: object, raw: T): T {
  registry?.register(owner, raw, owner);
  return raw;
}

/**
 * Free `raw` now (nothing when it is `null`: already freed) and take `owner` off the registry,
 * so that its finaliser never runs. For a wrapper's `free()`:
 *
 * ```ts
 * free(): void { const raw = this.raw; this.raw = null; freeNow(this, raw); }
 * ```
 */
export function freeNow(owner: object, raw: Freeable | null): void {
  registry?.unregister(owner);
  raw?.free();
}
