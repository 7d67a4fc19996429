/**
 * The full-strength net. The wasm module compiles in `s6-128-hm-1000` (201 KB), so that a page's
 * first download stays small; the native engine's stronger net, `s7-hm4-1726-k200` (790 KB, about
 * 50 Elo stronger at 10+0.1), ships beside the package as a file ({@link NET_URL}) and is loaded
 * when wanted: {@link loadNet} on this thread, `WorkerAi.loadNet` in a worker. Full strength,
 * analysis and the review search with the net loaded; the levels 1-5 keep their own.
 */
import { ensureData } from './data.js';
import { bindings } from './load.js';
import { MAX_NET_BYTES as MAX_BYTES } from './tables.js';
import { ChessError, messageOf, rethrow } from './errors.js';
import { nodeFs } from './node.js';
import type { ReviewModule } from './load-review.js';

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

/** The largest net file read, in bytes: the engine's own limit (256 MiB). */
export const MAX_NET_BYTES: number = MAX_BYTES;

/**
 * The bytes of `source` (read from disk in Node for a `file:` URL or a path, fetched otherwise),
 * refused with a {@link ChessError} when there are more than {@link MAX_NET_BYTES}: bytes given
 * are measured, a file's size is read before the file, a download is counted as it arrives.
 * Only a regular file is read (never a device such as `/dev/zero`, a FIFO or a directory).
 */
export async function netBytes(source: NetSource = NET_URL): Promise<Uint8Array> {
  if (source instanceof Uint8Array || source instanceof ArrayBuffer) {
    const bytes = source instanceof Uint8Array ? source : new Uint8Array(source);
    if (bytes.byteLength > MAX_NET_BYTES) throw tooLarge('(bytes)', bytes.byteLength);
    return bytes;
  }
  if (!(source instanceof URL) && typeof source !== 'string') {
    const got = source === null ? 'null' : typeof source;
    throw new ChessError(`a net is given as a URL, a path or its bytes (ArrayBuffer, Uint8Array), got ${got}`, 'INVALID_ARGUMENT');
  }
  const text = String(source);
  const fs = nodeFs();
  const absolute = absoluteUrl(text);
  if (fs && (absolute === null || absolute.protocol === 'file:')) return readFile(fs, absolute ?? text, text);
  let response: Response;
  try {
    response = await fetch(text);
  } catch (e) {
    throw new ChessError(`could not load the net ${text}: ${messageOf(e)}`, 'NET_UNAVAILABLE');
  }
  if (!response.ok) throw new ChessError(`could not load the net ${text}: HTTP ${response.status}`, 'NET_UNAVAILABLE');
  // Refused before the download when the server announces a size beyond any net (a compressed
  // response announces its compressed size, so the bytes are counted too as they arrive).
  const announced = Number(response.headers.get('content-length') ?? 0);
  if (announced > MAX_NET_BYTES) throw tooLarge(text, announced);
  return readBody(response, text);
}

/**
 * A regular file's bytes. It is opened without blocking (a FIFO with no writer would block the
 * open itself) and judged by its handle: not a regular file, or larger than a net, and it is
 * closed unread.
 */
async function readFile(fs: typeof import('node:fs'), path: URL | string, text: string): Promise<Uint8Array> {
  const fail = (why: string) => new ChessError(`could not read the net ${text}: ${why}`, 'NET_UNAVAILABLE');
  let handle: import('node:fs/promises').FileHandle;
  try {
    handle = await fs.promises.open(path, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
  } catch (e) {
    throw fail(messageOf(e));
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw fail('not a regular file (a net is read from a file, never from a device, a FIFO or a directory)');
    if (stat.size > MAX_NET_BYTES) throw tooLarge(text, stat.size);
    // At most one byte more than the size read: a file that grows meanwhile is refused too.
    const bytes = new Uint8Array(stat.size + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(bytes, length, bytes.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length === bytes.length) throw fail('it grew while it was read');
    }
    return bytes.subarray(0, length);
  } catch (e) {
    if (e instanceof ChessError) throw e;
    throw fail(messageOf(e));
  } finally {
    await handle.close();
  }
}

/** A response's body, counted as it arrives: refused once it passes {@link MAX_NET_BYTES}. */
async function readBody(response: Response, text: string): Promise<Uint8Array> {
  const reader = response.body?.getReader();
  if (!reader) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length > MAX_NET_BYTES) {
      await reader.cancel();
      throw tooLarge(text, length, 'more than');
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

function tooLarge(text: string, length: number, prefix = ''): ChessError {
  const size = prefix ? `${prefix} ${length}` : String(length);
  return new ChessError(`the net ${text} is ${size} bytes: more than a net file can be (256 MiB)`, 'INVALID_NET');
}

/** `text` as an absolute URL, or `null` for a relative one (or a path). */
function absoluteUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/**
 * Make `bytes` (a net file) the full-strength net of this thread's module; more than
 * {@link MAX_NET_BYTES} is refused before the bytes are copied into the module's memory.
 */
export function loadNetBytes(bytes: Uint8Array): NetInfo {
  if (bytes.byteLength > MAX_NET_BYTES) throw tooLarge('(bytes)', bytes.byteLength);
  const info = JSON.parse(rethrow(() => bindings().loadNet(bytes))) as NetInfo;
  loaded = bytes.slice();
  return info;
}

/** The net file loaded on this thread (`null`: the compiled-in net), which the review module is given too. */
let loaded: Uint8Array | null = null;
/** The net file the review module on this thread was given (`null`: its compiled-in net). */
let reviewed: Uint8Array | null = null;

/** @internal Give the review module the net this thread's engine searches with, before a review. */
export function sameNetIn(module: ReviewModule): void {
  if (reviewed === loaded) return;
  if (loaded === null) module.unloadNet();
  else {
    const bytes = loaded;
    rethrow(() => module.loadNet(bytes));
  }
  reviewed = loaded;
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
  bindings().unloadNet();
  loaded = null;
}

/** The net full strength searches with on this thread now. */
export function currentNet(): NetInfo {
  ensureData('engine');
  return JSON.parse(rethrow(() => bindings().currentNet())) as NetInfo;
}
