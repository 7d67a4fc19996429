/**
 * The engine's data files: the two nets it searches with, the opening book and the opening names
 * (about 390 KB gzipped). They are not inside the wasm module, so that a page's first download
 * stays small (a game, its rules and PGN need none of them): each is fetched when first needed
 * and then kept (the browser's HTTP cache keeps the files across visits).
 *
 * - Node, and a Web Worker: the first call that needs a file reads it by itself (from disk; a
 *   synchronous request in a worker), as the wasm module is read.
 * - A page's main thread: nothing can be fetched synchronously there, so a page awaits
 *   {@link preload} once before its first `Ai`, `review`, `opening()` or reviewed `pgn()`; a call
 *   before that throws a {@link ChessError} with code `NOT_LOADED` that says so. A
 *   {@link WorkerAi} needs no preload: it fetches what its worker needs.
 *
 * The files are shipped in `dist/data/` and written as `new URL('./data/…', import.meta.url)`, the
 * pattern bundlers recognise; where one does not copy them, serve the folder and pass its URL:
 * `preload({ from: '/assets/chess-wasm-data/' })`.
 */
import { ChessError, messageOf, rethrow } from './errors.js';
import { bindings, init } from './load.js';
import { initReview, reviewBindings } from './load-review.js';
import { nodeFs } from './node.js';
import { bytesNowAt, type Unavailable, type WasmSource } from './wasm-loader.js';

/** What a call needs: `engine` (a search: the nets and the book), `review` (also the opening names), `openings` (the names alone). */
export type DataSet = 'engine' | 'review' | 'openings';

/** The data files, by name. */
export type DataFile = 's6-128-hm-1000.nnue' | 'cn128-v2.nnue' | 'lichess_openings_cc0.bin' | 'openings.tsv';

/**
 * Each file's URL in the package, written out literally so that bundlers ship the file (a
 * function: an unusual `import.meta.url`, a server bundle's, costs nothing on import).
 */
const PACKAGED: Record<DataFile, () => URL> = {
  's6-128-hm-1000.nnue': () => new URL('./data/s6-128-hm-1000.nnue', import.meta.url),
  'cn128-v2.nnue': () => new URL('./data/cn128-v2.nnue', import.meta.url),
  'lichess_openings_cc0.bin': () => new URL('./data/lichess_openings_cc0.bin', import.meta.url),
  'openings.tsv': () => new URL('./data/openings.tsv', import.meta.url),
};

/** The files of each set. */
const SETS: Record<DataSet, readonly DataFile[]> = {
  engine: ['s6-128-hm-1000.nnue', 'cn128-v2.nnue', 'lichess_openings_cc0.bin'],
  openings: ['openings.tsv'],
  review: ['s6-128-hm-1000.nnue', 'cn128-v2.nnue', 'lichess_openings_cc0.bin', 'openings.tsv'],
};

/** What {@link preload} may be told. */
export interface PreloadOptions {
  /**
   * The folder the data files are served from (the package's `dist/data/`, copied where your
   * server serves it), where the bundler did not ship them beside the bundle.
   */
  from?: string | URL;
  /**
   * The review module's file (`dist/wasm-review/chess_review_bg.wasm`), where the bundler did not
   * ship it beside the bundle: a URL, a `Response`, its bytes or the compiled module. Read when
   * `'review'` is preloaded.
   */
  reviewWasm?: WasmSource;
}

/**
 * @internal A wasm module that takes the data files: the engine's, or the review module (each
 * instance has its own memory, so each is given the files it needs).
 */
export interface DataModule {
  missingData(): string;
  provideData(file: string, bytes: Uint8Array): void;
}

/** The folder given to {@link preload}, else `null` (the package's own files). */
let folder: URL | null = null;
/** Each file's bytes, fetched once (a failed fetch is forgotten, so that a later call tries again). */
const fetched = new Map<DataFile, Promise<Uint8Array>>();
/** The bytes given to a module on this thread, each file's once: the other module is given them too. */
const given = new Map<DataFile, Uint8Array>();

/** Where `file` is: in the folder given, else in the package. */
function urlOf(file: DataFile): URL {
  return folder ? new URL(file, folder) : PACKAGED[file]();
}

/** The files of `sets`, each once. */
function filesOf(sets: DataSet | readonly DataSet[]): DataFile[] {
  const list = typeof sets === 'string' ? [sets] : sets;
  if (!Array.isArray(list) || list.some((s) => !Object.hasOwn(SETS, s))) {
    throw new ChessError(`the data to preload is 'engine', 'review' or 'openings' (or a list of them), got ${String(sets)}`, 'INVALID_ARGUMENT');
  }
  return [...new Set(list.flatMap((s: DataSet) => SETS[s]))];
}

/** The files of `files` the module `to` (by default the engine's on this thread) does not have yet. */
function missing(files: readonly DataFile[], to: DataModule = bindings()): DataFile[] {
  const absent = JSON.parse(to.missingData()) as string[];
  return files.filter((f) => absent.includes(f));
}

/** How to mend a data file that cannot be had, in every message that says so. */
const fix = (file: DataFile): string =>
  `The package's dist/data/${file} must be served beside your bundle (most bundlers copy it when they see ` +
  `new URL('./data/${file}', import.meta.url); see the README's recipe for yours), or its folder given to preload({ from: url })`;

/** The error of `file`, which could not be had. */
const unavailable =
  (file: DataFile): Unavailable =>
  (verb, where, detail) =>
    new ChessError(`chess-wasm could not ${verb} its data file ${where}${detail}. ${fix(file)}`, 'LOAD_FAILED');

/** `file`'s bytes, fetched (or read from disk in Node) once. */
function bytesOf(file: DataFile): Promise<Uint8Array> {
  let bytes = fetched.get(file);
  if (bytes === undefined) {
    bytes = download(file);
    fetched.set(file, bytes);
    bytes.catch(() => fetched.delete(file));
  }
  return bytes;
}

async function download(file: DataFile): Promise<Uint8Array> {
  const url = urlOf(file);
  const fail = unavailable(file);
  if (url.protocol === 'file:') {
    const fs = nodeFs();
    if (!fs) throw new ChessError(`chess-wasm cannot read ${url.href} here: no file system`, 'LOAD_FAILED');
    try {
      return await fs.promises.readFile(url);
    } catch (e) {
      throw fail('read', url.pathname, `: ${messageOf(e)}`);
    }
  }
  let response: Response;
  try {
    response = await fetch(url);
  } catch (e) {
    throw fail('load', url.href, `: ${messageOf(e)}`);
  }
  if (!response.ok) throw fail('load', url.href, ` (HTTP ${response.status})`);
  return new Uint8Array(await response.arrayBuffer());
}

/** Give `bytes` as `file` to the module `to` (by default the engine's on this thread). */
function provide(file: DataFile, bytes: Uint8Array, to: DataModule = bindings()): void {
  rethrow(() => to.provideData(file, bytes));
  given.set(file, bytes);
}

/**
 * Fetch the data files a set of calls needs and give them to the engine on this thread: by
 * default all of them (`'review'`, which also loads the review module, a wasm module of its own
 * fetched only for reviews). A page awaits it once before its first `Ai` (`'engine'`), `review`
 * or reviewed `pgn()` (`'review'`), or `opening()` (`'openings'`); it also loads the engine's
 * wasm module, as {@link init} does. In Node and in workers it is optional. Idempotent; a
 * failure (a 404, a file that is not the one expected) rejects with a {@link ChessError} that
 * names the file and the fix, and a later call tries again.
 *
 * ```ts
 * import { preload, Ai, ChessGame } from 'chess-wasm';
 * await preload('engine');            // the nets and the book: an Ai may be made
 * new Ai({ level: 3 }).bestMove(new ChessGame());
 * ```
 */
export async function preload(sets: DataSet | readonly DataSet[] = 'review', options: PreloadOptions = {}): Promise<void> {
  const files = filesOf(sets);
  if (options === null || typeof options !== 'object') throw new ChessError('the preload options must be an object', 'INVALID_ARGUMENT');
  if (options.from !== undefined) {
    folder = new URL(String(options.from), typeof location !== 'undefined' ? location.href : undefined);
    if (!folder.pathname.endsWith('/')) folder = new URL(`${folder.href}/`);
  }
  const reviews = (typeof sets === 'string' ? [sets] : sets).includes('review');
  await Promise.all([init(), reviews ? initReview(options.reviewWasm) : null]);
  const modules: DataModule[] = reviews ? [bindings(), reviewBindings()] : [bindings()];
  const wanted = [...new Set(modules.flatMap((m) => missing(files, m)))];
  const loaded = await Promise.all(wanted.map(async (file) => ({ file, bytes: await bytesOf(file) })));
  for (const { file, bytes } of loaded) {
    for (const m of modules) if (missing([file], m).length > 0) provide(file, bytes, m);
  }
}

/**
 * @internal The bytes of the files of `set`, fetched on this thread without the wasm module: what
 * a {@link WorkerAi} sends its worker.
 */
export async function dataBytes(set: DataSet): Promise<Array<[DataFile, Uint8Array]>> {
  const files = filesOf(set);
  return Promise.all(files.map(async (file): Promise<[DataFile, Uint8Array]> => [file, await bytesOf(file)]));
}

/** @internal Give this thread's engine module the files a worker was sent. */
export function provideAll(files: ReadonlyArray<[DataFile, Uint8Array]>): void {
  for (const [file, bytes] of files) {
    if (missing([file]).length > 0) provide(file, bytes);
  }
}

/**
 * @internal Make sure the module `to` (by default this thread's engine module) has the files of
 * `set` before a call that needs them: the bytes already given to the other module, else read
 * synchronously where that is possible (Node, a worker), else a {@link ChessError} with code
 * `NOT_LOADED` that says to await {@link preload}.
 */
export function ensureData(set: DataSet, to: DataModule = bindings()): void {
  const wanted = missing(filesOf(set), to);
  if (wanted.length === 0) return;
  for (const file of wanted) {
    const bytes = given.get(file) ?? bytesNowAt(urlOf(file), unavailable(file));
    if (bytes === null) {
      throw new ChessError(
        `chess-wasm's data (${wanted.join(', ')}) is not loaded yet: in a page, \`await preload()\` (exported by the package) ` +
          `once before the first Ai, review, opening() or reviewed pgn() (a page cannot fetch files synchronously; a WorkerAi needs no preload)`,
        'NOT_LOADED',
      );
    }
    provide(file, bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes), to);
  }
}
