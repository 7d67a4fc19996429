/**
 * The full-strength net. The wasm module compiles in `s6-128-hm-1000` (201 KB), so that a page's
 * first download stays small; the native engine's stronger net, `s7-hm4-1726-k200` (790 KB, about
 * 50 Elo stronger at 10+0.1), ships beside the package as a file ({@link NET_URL}) and is loaded
 * when wanted: {@link loadNet} on this thread, `WorkerAi.loadNet` in a worker. Full strength,
 * analysis and the review search with the net loaded; the levels 1-5 keep their own.
 */
import { wasm } from './load.js';
import { ChessError, messageOf, rethrow } from './errors.js';
import { nodeProcess } from './node.js';

/** A net as the engine describes it. */
export interface NetInfo {
  /** The name inside the net file, such as `s7-hm4-1726-k200`. */
  name: string;
  /** The hash of its weights: 16 hexadecimal digits (`chess eval` and the native docs print it). */
  hash: string;
  /** Its shape in words. */
  shape: string;
  /** Whether it is the net compiled into the module (none was loaded, or it was unloaded). */
  compiledIn: boolean;
}

/** Where a net's bytes come from: a URL (or its text; in Node also a file path) or the bytes. */
export type NetSource = URL | string | ArrayBuffer | Uint8Array;

/**
 * The stronger net's file, shipped with the package: written as `new URL('./nets/…',
 * import.meta.url)` so that bundlers (Vite, webpack 5, Rollup) ship it as an asset. It is
 * downloaded only when loaded.
 */
export const NET_URL: URL = new URL('./nets/s7-hm4-1726-k200.nnue', import.meta.url);

/** The largest net file read: the engine's own limit (256 MiB). */
const MAX_NET_BYTES = 256 << 20;

/** The bytes of `source` (read from disk in Node for a `file:` URL or a path, fetched otherwise). */
export async function netBytes(source: NetSource = NET_URL): Promise<Uint8Array> {
  if (source instanceof Uint8Array) return source;
  if (source instanceof ArrayBuffer) return new Uint8Array(source);
  if (!(source instanceof URL) && typeof source !== 'string') {
    throw new ChessError(`a net is given as a URL, a path or its bytes (ArrayBuffer, Uint8Array), got ${source === null ? 'null' : typeof source}`);
  }
  const text = String(source);
  const node = nodeProcess();
  const absolute = absoluteUrl(text);
  if (node && (absolute === null || absolute.protocol === 'file:')) {
    const fs = node.getBuiltinModule('node:fs') as typeof import('node:fs');
    try {
      return new Uint8Array(await fs.promises.readFile(absolute ?? text));
    } catch (e) {
      throw new ChessError(`could not read the net ${text}: ${messageOf(e)}`);
    }
  }
  let response: Response;
  try {
    response = await fetch(text);
  } catch (e) {
    throw new ChessError(`could not load the net ${text}: ${messageOf(e)}`);
  }
  if (!response.ok) throw new ChessError(`could not load the net ${text}: HTTP ${response.status}`);
  // Refused before the download when the server announces a size beyond any net (a compressed
  // response announces its compressed size, so the bytes are measured again once read).
  const announced = Number(response.headers.get('content-length') ?? 0);
  if (announced > MAX_NET_BYTES) throw tooLarge(text, announced);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes.length > MAX_NET_BYTES) throw tooLarge(text, bytes.length);
  return bytes;
}

function tooLarge(text: string, length: number): ChessError {
  return new ChessError(`the net ${text} is ${length} bytes: more than a net file can be`);
}

/** `text` as an absolute URL, or `null` for a relative one (or a path). */
function absoluteUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/** Make `bytes` (a net file) the full-strength net of this thread's module. */
export function loadNetBytes(bytes: Uint8Array): NetInfo {
  return JSON.parse(rethrow(() => wasm.loadNet(bytes))) as NetInfo;
}

/**
 * Load a net on this thread (for {@link Ai} and {@link review}; a {@link WorkerAi} loads its own
 * with `WorkerAi.loadNet`): by default the package's stronger net, {@link NET_URL}. Rejects with
 * a {@link ChessError} when the file cannot be had or is not a net, leaving the net in use.
 *
 * ```ts
 * const net = await loadNet();  // { name: 's7-hm4-1726-k200', hash: '0dcd9c03e201d233', … }
 * new Ai({ fullStrength: true }).bestMove(game);  // on it
 * ```
 */
export async function loadNet(source: NetSource = NET_URL): Promise<NetInfo> {
  return loadNetBytes(await netBytes(source));
}

/** Go back to the net compiled into the module (`s6-128-hm-1000`) on this thread. */
export function unloadNet(): void {
  wasm.unloadNet();
}

/** The net full strength searches with on this thread now. */
export function currentNet(): NetInfo {
  return JSON.parse(wasm.currentNet()) as NetInfo;
}
