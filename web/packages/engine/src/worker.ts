/**
 * The worker script: an {@link Ai} that thinks off the page's thread. Runs as a module Web Worker
 * in browsers and as a `worker_threads` worker in Node; {@link WorkerAi} is its only client.
 * It has no top-level await (it instantiates the module its client sends, or load.js loads the
 * file synchronously), so that a bundler may emit it in any worker format (Vite's default is an
 * iife).
 */
import { Ai, review } from './ai.js';
import { provideAll } from './data.js';
import { codeOf, messageOf } from './errors.js';
import { ChessGame } from './game.js';
import { adopt } from './load.js';
import { adoptReview } from './load-review.js';
import { nodeProcess } from './node.js';
import { currentNet, loadNetBytes, unloadNet } from './net.js';
import type { GameRecord, Request, Response } from './protocol.js';

interface Port {
  post(message: Response): void;
  listen(handler: (message: Request) => void): void;
}

/** The channel to the page (a Web Worker's scope) or to the Node thread that started this one. */
function port(): Port {
  const scope = globalThis as unknown as {
    postMessage?: (m: unknown) => void;
    addEventListener?: (type: string, f: (e: MessageEvent) => void) => void;
    WorkerGlobalScope?: unknown;
  };
  if (scope.WorkerGlobalScope !== undefined && scope.postMessage && scope.addEventListener) {
    const post = scope.postMessage.bind(globalThis);
    const add = scope.addEventListener.bind(globalThis);
    return {
      post: (m) => post(m),
      listen: (h) => add('message', (e: MessageEvent) => h(e.data as Request)),
    };
  }
  // Node: no import of node:worker_threads (static or dynamic), which a bundler would try to
  // resolve for a browser, and no top-level await (Vite's default worker format cannot have one).
  const threads = nodeProcess()?.getBuiltinModule?.('node:worker_threads');
  const parentPort = threads?.parentPort;
  if (!parentPort) throw new Error('chess-wasm worker: not started as a worker');
  return { post: (m) => parentPort.postMessage(m), listen: (h) => parentPort.on('message', h) };
}

/** The game of a request: its start position and moves (so repetitions count). */
function rebuild(record: GameRecord): ChessGame {
  const game = new ChessGame(record.fen);
  for (const move of record.moves) game.move(move);
  return game;
}

/** Go back to the module's own net; what it is. */
function unloadToBuiltIn() {
  unloadNet();
  return currentNet();
}

const channel = port();
/** The engine, made by the `init` request (none before it). */
let ai: Ai | null = null;
let stop: Int32Array | null = null;

channel.listen((request) => {
  if (request.type === 'init') {
    stop = request.stop ? new Int32Array(request.stop) : null;
    try {
      if (request.module) adopt(request.module);
      provideAll(request.data);
      if (request.net) loadNetBytes(request.net);
      ai = new Ai(request.options);
      channel.post({ type: 'ready' });
    } catch (e) {
      channel.post({ type: 'error', id: -1, message: messageOf(e), code: codeOf(e) });
    }
    return;
  }
  const { id } = request;
  try {
    if (!ai) throw new Error('the worker has no engine yet: init first');
    if (request.type === 'options') {
      ai.setOptions(request.options);
      channel.post({ type: 'ok', id });
    } else if (request.type === 'newGame') {
      ai.newGame();
      channel.post({ type: 'ok', id });
    } else if (request.type === 'net') {
      channel.post({ type: 'net', id, net: request.bytes ? loadNetBytes(request.bytes) : unloadToBuiltIn() });
    } else if (request.type === 'review') {
      adoptReview(request.module);
      provideAll(request.data);
      const game = rebuild(request.game);
      const onProgress = ({ done, total }: { done: number; total: number }) =>
        channel.post({ type: 'reviewProgress', id, done, total });
      const result = review(game, { ...request.options, onProgress }, stop ?? undefined);
      game.free();
      channel.post({ type: 'reviewed', id, review: result });
    } else {
      const game = rebuild(request.game);
      // The page clears the stop flag before it sends a think request; never here, or a stop()
      // sent right after think() (before this search starts) would be lost.
      // Without shared memory nothing sets a flag here: the page stops the search by ending this
      // worker. The search still gets a flag of its own, so that an infinite search is allowed.
      const analysis = ai.think(
        game,
        { ...request.limits, onProgress: (progress) => channel.post({ type: 'progress', id, progress }) },
        stop ?? new Int32Array(1),
      );
      game.free();
      channel.post({ type: 'done', id, analysis });
    }
  } catch (e) {
    channel.post({ type: 'error', id, message: messageOf(e), code: codeOf(e) });
  }
});
channel.post({ type: 'loaded' });
