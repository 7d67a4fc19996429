// Misuse of the modern API from JavaScript: each is a ChessError saying what is wrong, never a
// hang, a silently ignored value or wasm-bindgen's own words.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Ai, ChessError, ChessGame, IllegalMoveError, WorkerAi, review } from '../dist/index.js';

const isChessError = (pattern) => (e) => e instanceof ChessError && pattern.test(e.message);

test('an infinite search on the calling thread needs a way to stop it', () => {
  const ai = new Ai({ fullStrength: true, book: false });
  const game = new ChessGame();
  const endless = isChessError(/^invalid options: an infinite search with no other limit never returns on the calling thread without a stop flag/);
  const started = performance.now();
  assert.throws(() => ai.think(game, { infinite: true }), endless);
  assert.throws(() => ai.analyze(game, { infinite: true }), endless);
  assert.throws(() => ai.bestMove(game, { infinite: true }), endless);
  assert.ok(performance.now() - started < 1_000, 'refused at once');
  // With another limit it ends by that limit.
  assert.equal(ai.analyze(game, { infinite: true, depth: 3 }).depth, 3);
  // With a stop flag, whatever sets it (here onProgress, at depth 4) ends it.
  const stop = new Int32Array(1);
  const answer = ai.think(game, { mode: 'analyze', infinite: true, onProgress: (p) => { if (p.depth >= 4) stop[0] = 1; } }, stop);
  assert.ok(answer.depth >= 4 && answer.depth <= 5, `stopped at depth ${answer.depth}`);
  assert.throws(() => ai.think(game, {}, [0]), isChessError(/^the stop flag must be an Int32Array/));
  ai.free();
});

test('numbers that are not finite are refused, naming the option', async () => {
  for (const [options, name] of [
    [{ hashMb: NaN }, 'hashMb'],
    [{ hashMb: Infinity }, 'hashMb'],
    [{ moveTimeMs: -Infinity }, 'moveTimeMs'],
    [{ level: NaN }, 'level'],
    [{ seed: NaN }, 'seed'],
    [{ depthOptions: { base: NaN } }, 'depthOptions.base'],
  ]) {
    const message = new RegExp(`^invalid options: ${name.replace('.', '\\.')} must be a finite number, got (NaN|-?Infinity)$`);
    assert.throws(() => new Ai(options), isChessError(message), JSON.stringify(name));
    assert.throws(() => new Ai().setOptions(options), isChessError(message));
    await assert.rejects(WorkerAi.create(options), isChessError(message));
  }
  const ai = new Ai({ level: 1 });
  const game = new ChessGame();
  for (const [limits, name] of [[{ depth: NaN }, 'depth'], [{ nodes: Infinity }, 'nodes'], [{ clock: { timeMs: NaN } }, 'clock.timeMs']]) {
    assert.throws(() => ai.think(game, limits), isChessError(new RegExp(`^invalid options: ${name.replace('.', '\\.')} must be a finite number, got`)), name);
  }
  assert.throws(() => review(game, { nodes: NaN }), isChessError(/^invalid options: nodes must be a finite number, got NaN$/));
  ai.free();
});

test('a level that is not one of 1 to 5 says so', () => {
  const levels = /^invalid options: level must be a whole number from 1 to 5, got /;
  assert.throws(() => new Ai({ level: '3' }), isChessError(new RegExp(`${levels.source}the string "3"$`)));
  assert.throws(() => new Ai({ level: 2.5 }), isChessError(new RegExp(`${levels.source}2\\.5$`)));
  assert.throws(() => new Ai({ level: -1 }), isChessError(new RegExp(`${levels.source}-1$`)));
  assert.throws(() => new Ai({ level: 300 }), isChessError(new RegExp(`${levels.source}300$`)));
  assert.throws(() => new Ai({ level: 7 }), isChessError(/^invalid options: level 7 does not exist: levels go from 1 to 5$/));
});

test('the game and the Ai cannot be changed from onProgress while they are searched', () => {
  const game = new ChessGame();
  game.move('e4');
  const fen = game.fen();
  const ai = new Ai({ fullStrength: true, book: false });
  const seen = [];
  const attempt = (what, f) => {
    try {
      f();
      seen.push(`${what}: allowed`);
    } catch (e) {
      seen.push(`${what}: ${e instanceof ChessError && !(e instanceof IllegalMoveError) ? 'ChessError' : e.constructor.name}: ${e.message}`);
    }
  };
  let once = false;
  const answer = ai.analyze(game, {
    depth: 4,
    onProgress: () => {
      if (once) return;
      once = true;
      attempt('state', () => game.state());
      attempt('move', () => game.move('e5'));
      attempt('undo', () => game.undo());
      attempt('free', () => game.free());
      attempt('think', () => ai.think(game, { depth: 1 }));
      attempt('newGame', () => ai.newGame());
      attempt('setOptions', () => ai.setOptions({ level: 1 }));
      attempt('free ai', () => ai.free());
      attempt('review', () => review(game, { nodes: 100 }));
    },
  });
  const busyGame = 'this ChessGame is being searched: it cannot change until the search returns (clone() it to play on)';
  const busyAi = 'this Ai is searching: it cannot be used until the search returns';
  assert.deepEqual(seen, [
    'state: allowed',
    `move: ChessError: ${busyGame}`,
    `undo: ChessError: ${busyGame}`,
    `free: ChessError: ${busyGame}`,
    `think: ChessError: ${busyAi}`,
    `newGame: ChessError: ${busyAi}`,
    `setOptions: ChessError: ${busyAi}`,
    `free ai: ChessError: ${busyAi}`,
    'review: ChessError: a search is running on this thread: one search at a time (start the next when it returns)',
  ]);
  assert.equal(answer.depth, 4, 'the search went on');
  // Both are whole afterwards.
  assert.equal(game.fen(), fen);
  game.move('e5');
  assert.equal(ai.bestMove(game, { depth: 2 }).depth, 2);
  // The same during a review.
  const reviewed = new ChessGame();
  for (const san of ['e4', 'e5']) reviewed.move(san);
  let during = null;
  review(reviewed, { nodes: 500, onProgress: () => { if (during === null) { try { reviewed.move('Nf3'); during = 'allowed'; } catch (e) { during = e.message; } } } });
  assert.equal(during, busyGame);
  assert.equal(reviewed.history().length, 2);
  ai.free();
});

test("API.md says what stop() before the first result rejects with, and WorkerAi does it", async () => {
  const api = readFileSync(new URL('../API.md', import.meta.url), 'utf8');
  const promised = /rejects with ChessError\('([^']+)'\) when there was none/.exec(api);
  assert.ok(promised, 'API.md names the error');
  const shared = globalThis.SharedArrayBuffer;
  let ai;
  delete globalThis.SharedArrayBuffer;
  try {
    ai = await WorkerAi.create({ fullStrength: true, book: false });
  } finally {
    globalThis.SharedArrayBuffer = shared;
  }
  try {
    const early = ai.think(new ChessGame(), { infinite: true });
    ai.stop();
    await assert.rejects(early, (e) => e instanceof ChessError && e.message === promised[1]);
  } finally {
    ai.terminate();
  }
});
