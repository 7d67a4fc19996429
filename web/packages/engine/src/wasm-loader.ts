/**
 * A loader of a wasm module ({@link wasmLoader}: load.ts's for the engine's module, load-rules.ts's
 * for the rules-only one). Loads the module never on import (importing the package does no I/O and throws nothing,
 * on a server too), but on first use or by an awaited {@link init}.
 *
 * - Node, and a Web Worker (the package's own worker included): the first call that needs the
 *   module reads it synchronously (from disk in Node; a synchronous request in a worker, which may
 *   block) and instantiates it. `init()` there is optional.
 * - A page (a window's main thread): nothing can be compiled synchronously there, so the page
 *   awaits `init()` once before its first `ChessGame`; a call before that throws a
 *   {@link ChessError} with code `NOT_LOADED` that says so.
 *
 * The file's URL is written as `new URL('./wasm/…', import.meta.url)`, the pattern bundlers
 * (Vite, webpack 5, Rollup with a plugin, Parcel, esbuild with a loader, Next.js) recognise to ship
 * it; where one does not, `init({ wasm })` takes the file's URL, its bytes or a compiled module.
 */
import { ChessError, messageOf } from './errors.js';
import { nodeFs, nodeProcess } from './node.js';

/** @internal What a loader needs of wasm-bindgen's glue (`--target web`). */
export interface Glue {
  initSync(options: { module: WebAssembly.Module }): unknown;
  default(options: { module_or_path: WebAssembly.Module }): Promise<unknown>;
}

/**
 * What a `fetch` answers, as far as {@link init} reads it (a `Response` is one). Written out so
 * that the package's types need neither the DOM's nor WebAssembly's declarations (a Node app has
 * neither).
 */
export interface WasmResponse {
  readonly ok: boolean;
  readonly status: number;
  readonly url: string;
  readonly headers: { get(name: string): string | null };
  arrayBuffer(): Promise<ArrayBuffer>;
}

/**
 * Where the wasm file is: its URL, a `Response` for it, its bytes, or the module compiled (a
 * `WebAssembly.Module`, which the type admits as any object; anything else is refused when
 * `init` runs, with code `INVALID_ARGUMENT`).
 */
export type WasmSource = string | URL | WasmResponse | ArrayBuffer | ArrayBufferView | object;

/** What {@link init} may be told. */
export interface InitOptions {
  /**
   * The wasm file, where the bundler did not ship the package's own `dist/wasm/chess_wasm_bg.wasm`
   * beside the bundle (or where it is served from elsewhere, a CDN): a URL, a `Response`, the
   * bytes or a compiled `WebAssembly.Module`.
   */
  wasm?: WasmSource;
}

/** Why a file could not be had: `verb` it, at `where`, `detail` saying why. */
export type Unavailable = (verb: 'read' | 'load', where: string, detail: string) => ChessError;

/**
 * @internal The bytes at `url` when they can be had synchronously here: read from disk in Node
 * (a `file:` URL), by a synchronous request in a Web Worker; `null` elsewhere (a page's main
 * thread). A file that cannot be had throws `unavailable`'s error.
 */
export function bytesNowAt(url: URL, unavailable: Unavailable): Uint8Array<ArrayBuffer> | ArrayBuffer | null {
  if (url.protocol === 'file:') {
    const fs = nodeFs();
    if (!fs) throw new ChessError(`chess-wasm cannot read ${url.href} here: no file system`, 'LOAD_FAILED');
    try {
      return fs.readFileSync(url);
    } catch (e) {
      throw unavailable('read', url.pathname, `: ${messageOf(e)}`);
    }
  }
  const scope = globalThis as { WorkerGlobalScope?: unknown; XMLHttpRequest?: typeof XMLHttpRequest };
  if (scope.WorkerGlobalScope !== undefined && scope.XMLHttpRequest !== undefined) {
    const request = new scope.XMLHttpRequest();
    request.open('GET', url.href, false);
    request.responseType = 'arraybuffer';
    try {
      request.send();
    } catch (e) {
      throw unavailable('load', url.href, `: ${messageOf(e)}`);
    }
    // 0: a data: or file: URL (no HTTP status).
    if (request.status !== 0 && (request.status < 200 || request.status > 299)) {
      throw unavailable('load', url.href, ` (HTTP ${request.status})`);
    }
    return request.response as ArrayBuffer;
  }
  return null;
}

/** @internal A loader's functions: see load.ts. */
export interface Loader<G> {
  bindings(): G;
  compiledModule(): WebAssembly.Module | null;
  adopt(module: WebAssembly.Module): void;
  init(options?: InitOptions): Promise<void>;
  compileOnly(source?: WasmSource): Promise<WebAssembly.Module>;
}

/**
 * @internal The loader of the module whose glue is `glue` and whose file is at `defaultUrl()`
 * (written by the caller as `new URL('./…', import.meta.url)`, for bundlers to see; a function, so
 * that an unusual `import.meta.url`, a server bundle's, costs nothing on import); `dir` is the
 * file's folder in the package's `dist/`, for messages; `howToLoad`, what a page does before the
 * module's first use (the engine's and the rules' modules: `await init()`).
 */
export function wasmLoader<G extends Glue>(
  glue: G,
  defaultUrl: () => URL,
  dir: string,
  howToLoad = "`await init()` (exported by the package) once before the first ChessGame, Ai or other call",
): Loader<G> {
  /** The file's name (read when a message needs it, not on import). */
  const file = (): string => decodeURIComponent(defaultUrl().pathname.split('/').pop() ?? 'the .wasm file');
  /** The compiled module, once instantiated (handed to the AI's worker so that it need not load it again). */
  let compiled: WebAssembly.Module | null = null;
  /** The load that `init()` started and that has not failed. */
  let loading: Promise<void> | null = null;
  /** The compilation that `compileOnly()` started and that has not failed. */
  let compiling: Promise<WebAssembly.Module> | null = null;

  function instantiate(module: WebAssembly.Module): void {
    glue.initSync({ module });
    compiled = module;
  }

  /** The file's bytes when they can be had synchronously here (Node, a worker), else `null`. */
  const bytesNow = (): BufferSource | null => bytesNowAt(defaultUrl(), unavailable);

  /** How to mend a wasm file that cannot be had, in every message that says so. */
  const fix = (): string =>
    `The file dist/${dir}/${file()} of the package must be served beside your bundle (most bundlers copy it when they see ` +
    `new URL('./${dir}/${file()}', import.meta.url); see the README's recipe for yours), or given to init({ wasm: url })`;

  /** The file at `where` could not be read or loaded (`verb`), `detail` saying why; and the fix. */
  const unavailable: Unavailable = (verb, where, detail) =>
    new ChessError(`chess-wasm could not ${verb} its WebAssembly file ${where}${detail}. ${fix()}`, 'LOAD_FAILED');

  /**
   * @internal The wasm module's bindings, instantiated: at once when it is loaded; loaded synchronously
   * where that is possible (Node, a worker); otherwise a `NOT_LOADED` {@link ChessError}.
   */
  function bindings(): G {
    if (compiled !== null) return glue;
    const bytes = bytesNow();
    if (bytes === null) {
      throw new ChessError(
        `chess-wasm is not loaded yet: in a page, ${howToLoad} ` +
          "(WebAssembly cannot be compiled synchronously on a page's main thread)",
        'NOT_LOADED',
      );
    }
    let module: WebAssembly.Module;
    try {
      module = new WebAssembly.Module(bytes);
    } catch (e) {
      throw new ChessError(`chess-wasm: its WebAssembly file ${defaultUrl().href} is not a module this runtime can compile: ${messageOf(e)}`, 'LOAD_FAILED');
    }
    instantiate(module);
    return glue;
  }

  /** @internal The compiled module once loaded, else `null` (for the AI's worker). */
  function compiledModule(): WebAssembly.Module | null {
    return compiled;
  }

  /** @internal Instantiate `module` here (the AI's worker, given the page's module). */
  function adopt(module: WebAssembly.Module): void {
    if (compiled === null) instantiate(module);
  }

  /** `source` compiled: fetched when it is a URL, streamed when the server says `application/wasm`. */
  async function compile(source: WasmSource): Promise<WebAssembly.Module> {
    if (source instanceof WebAssembly.Module) return source;
    if (typeof source === 'string' || source instanceof URL) {
      const url = new URL(source, typeof location !== 'undefined' ? location.href : undefined);
      if (url.protocol === 'file:') {
        const fs = nodeFs();
        if (!fs) throw new ChessError(`chess-wasm cannot read ${url.href} here: no file system`, 'LOAD_FAILED');
        return compile(await fs.promises.readFile(url).catch((e: unknown) => {
          throw unavailable('read', url.pathname, `: ${messageOf(e)}`);
        }));
      }
      let response: Response;
      try {
        response = await fetch(url);
      } catch (e) {
        throw unavailable('load', url.href, `: ${messageOf(e)}`);
      }
      return compile(response);
    }
    if (typeof Response === 'function' && source instanceof Response) {
      if (!source.ok) {
        throw unavailable('load', source.url || file(), ` (HTTP ${source.status})`);
      }
      const streams = typeof WebAssembly.compileStreaming === 'function' && source.headers.get('Content-Type')?.startsWith('application/wasm');
      try {
        return streams ? await WebAssembly.compileStreaming(source) : await WebAssembly.compile(await source.arrayBuffer());
      } catch (e) {
        throw new ChessError(`chess-wasm: ${source.url || file()} is not its WebAssembly file (${messageOf(e)}). ${fix()}`, 'LOAD_FAILED');
      }
    }
    if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) {
      try {
        return await WebAssembly.compile(source as BufferSource);
      } catch (e) {
        throw new ChessError(`chess-wasm: the bytes given are not its WebAssembly file (${messageOf(e)})`, 'LOAD_FAILED');
      }
    }
    throw new ChessError('init({ wasm }) takes a URL, a Response, bytes or a WebAssembly.Module', 'INVALID_ARGUMENT');
  }

  /** The load, started once (load.ts's `init` documents it for callers). */
  function init(options: InitOptions = {}): Promise<void> {
    if (loading === null && compiled !== null) loading = Promise.resolve();
    if (loading === null) {
      const source = options.wasm;
      loading = (async () => {
        if (source === undefined && nodeProcess() !== null && defaultUrl().protocol === 'file:') {
          bindings();
          return;
        }
        const module = await (source === undefined && compiling !== null ? compiling : compile(source ?? defaultUrl()));
        // Asynchronous instantiation: a page's main thread refuses a synchronous one of this size.
        await glue.default({ module_or_path: module });
        compiled = module;
      })();
      loading.catch(() => {
        loading = null;
      });
    }
    return loading;
  }

  /**
   * The module compiled and not instantiated here (fetched once; a failure is forgotten): what a
   * page hands its worker, which instantiates it.
   */
  function compileOnly(source?: WasmSource): Promise<WebAssembly.Module> {
    if (compiled !== null) return Promise.resolve(compiled);
    if (compiling === null) {
      compiling = compile(source ?? defaultUrl());
      compiling.catch(() => {
        compiling = null;
      });
    }
    return compiling;
  }

  return { bindings, compiledModule, adopt, init, compileOnly };
}
