// Memory that cannot run away (docs/web.md, "Memory"): the wasm module's memory stays bounded
// through 10,000 stateless compat ai() calls and 100,000 compat Games nobody frees, forgotten
// Ai and WorkerAi objects are finalised, and free()/Symbol.dispose release at once.
// `npm test` runs node with --expose-gc, which the finaliser tests need (they skip without it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setImmediate as turn } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import ts from 'typescript';
import { Ai, ChessError, ChessGame, Game, WorkerAi, ai, init } from '../dist/index.js';
import glue from '../dist/wasm/chess_wasm.js';

// Once the package has loaded the module, the glue's own init() answers the instance's exports,
// the same instance, whose memory every wasm object of the package lives in.
await init();
const { memory } = await glue();
assert.ok(memory instanceof WebAssembly.Memory);

const MB = 2 ** 20;
/** The bound the wasm memory must stay under, whatever the test did. */
const BOUND_MB = 256;
const gc = typeof globalThis.gc === 'function' ? globalThis.gc : null;
const mb = (bytes) => (bytes / MB).toFixed(1);

/** Collect garbage and return to the event loop, so that the finalisers can run. */
async function collect(rounds = 2) {
  for (let i = 0; i < rounds; i++) {
    gc?.();
    await turn();
  }
}

const FENS = [
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3',
  'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
  '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
  '6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1',
];

/**
 * `count` stateless ai() calls cycling through `levels` with `depth: { base: 1 }` (the level's own
 * path, the cheapest search): the wasm memory before, after one call at each level (every
 * engine made), and after all of them.
 */
function soak(count, levels) {
  const before = memory.buffer.byteLength;
  let warm = 0;
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const result = ai(FENS[i % FENS.length], { level: levels[i % levels.length], depth: { base: 1 } });
    assert.equal(Object.keys(result.move).length, 1);
    if (i === levels.length - 1) warm = memory.buffer.byteLength;
    // Checked as it goes, so that a leak fails here (a call used to reserve up to 17 MB: 4 GiB
    // and a wasm trap by call 238) rather than as the trap.
    if (i % 100 === 0) assert.ok(memory.buffer.byteLength < BOUND_MB * MB, `call ${i}: ${mb(memory.buffer.byteLength)} MB`);
  }
  const after = memory.buffer.byteLength;
  const msPerCall = (performance.now() - started) / count;
  return { before, warm, after, msPerCall };
}

// First, on a fresh module: calls that differ by anything but the level and the table size share
// one engine (a 16 MiB table at level 5) rather than making one each.
test('ai() calls at one level share one engine whatever their depth and randomness', (t) => {
  ai(FENS[1], { level: 5, depth: { base: 1 } });
  const warm = memory.buffer.byteLength;
  const variants = [
    { depth: { base: 2 } },
    { depth: { base: 1, extended: 0, quiescence: 0 } },
    { depth: { base: 2 }, randomness: 0 },
    { depth: { base: 1 }, randomness: 10 },
    { depth: { base: 1 }, analysis: true },
    { depth: { base: 2, check: true } },
  ];
  for (const variant of variants) {
    const result = ai(FENS[1], { level: 5, ...variant });
    assert.equal(Object.keys(result.move).length, 1);
  }
  const grown = memory.buffer.byteLength - warm;
  t.diagnostic(`${variants.length} option sets at level 5: wasm memory grew ${mb(grown)} MB`);
  // One engine each would be 6 x 16 MiB more.
  assert.ok(grown <= 8 * MB, `grew ${mb(grown)} MB`);
});

// 10,000 calls cycling all five levels take some 40 s on the 2-core test machine (level 5's
// 16 MiB table is cleared before each of its calls), so: 10,000 at levels 1-2, 1,000 at 1-5.
for (const [count, levels] of [[10_000, [1, 2]], [1_000, [1, 2, 3, 4, 5]]]) {
  const name = `levels ${levels[0]}-${levels[levels.length - 1]}`;
  test(`${count.toLocaleString('en')} stateless ai() calls at ${name} keep the wasm memory flat`, (t) => {
    const { before, warm, after, msPerCall } = soak(count, levels);
    t.diagnostic(
      `ai() x ${count} at ${name}: wasm memory ${before} bytes before, ${warm} after the first ${levels.length} calls, ` +
        `${after} after (${mb(after)} MB); ${msPerCall.toFixed(2)} ms a call`,
    );
    assert.ok(after < BOUND_MB * MB, `${mb(after)} MB`);
    // Once an engine of each level is made, nothing more: the calls reuse them.
    assert.ok(after - warm <= 8 * MB, `grew ${mb(after - warm)} MB after the first ${levels.length} calls`);
  });
}

test('stateless ai() calls stay independent: a repeated call answers the same after others', () => {
  const options = { level: 4, depth: { base: 3 }, randomness: 0, analysis: true };
  const first = ai(FENS[2], options);
  for (const fen of FENS) ai(fen, { level: 4, depth: { base: 3 }, randomness: 0 });
  const again = ai(FENS[2], options);
  // Node counts differ as soon as a search sees an earlier one's transposition table or history.
  assert.deepEqual(
    [again.move, again.depth, again.nodesSearched, again.bestScore, again.analysis],
    [first.move, first.depth, first.nodesSearched, first.bestScore, first.analysis],
  );
  // And as a new Ai of the same options searches.
  const fresh = new Ai({ level: 4, depthOptions: { base: 3 }, randomness: 0, book: false });
  try {
    const game = new ChessGame(FENS[2]);
    try {
      assert.equal(fresh.analyze(game, { depth: 3 }).nodes, first.nodesSearched);
    } finally {
      game.free();
    }
  } finally {
    fresh.free();
  }
});

test('100,000 compat Games that nobody frees are finalised', async (t) => {
  await collect();
  const before = memory.buffer.byteLength;
  for (let i = 0; i < 100_000; i++) {
    const game = new Game();
    game.move('E2', 'E4');
    if (i % 1_000 === 999) await collect(1);
  }
  await collect();
  const after = memory.buffer.byteLength;
  t.diagnostic(`Game x 100,000 (no free): wasm memory ${before} bytes before, ${after} after (${mb(after)} MB); gc ${gc ? 'exposed' : 'not exposed'}`);
  assert.ok(after < BOUND_MB * MB, `${mb(after)} MB`);
  // Never collected, they would hold about 50 MB (some 500 bytes each); collected, a few MB.
  if (gc) assert.ok(after - before <= 16 * MB, `grew ${mb(after - before)} MB`);
});

test('Ai objects that nobody frees are finalised', { skip: !gc && 'needs node --expose-gc' }, async (t) => {
  await collect();
  const before = memory.buffer.byteLength;
  // 100 level-5 AIs, each with a 16 MiB table: 1.7 GB if none were freed.
  for (let i = 0; i < 100; i++) {
    new Ai({ level: 5 }).bestMove(new ChessGame(), { depth: 1 });
    await collect(1);
  }
  await collect();
  const after = memory.buffer.byteLength;
  t.diagnostic(`Ai({ level: 5 }) x 100 (no free): wasm memory ${before} bytes before, ${after} after (${mb(after)} MB)`);
  assert.ok(after - before <= 128 * MB, `grew ${mb(after - before)} MB`);
});

test('free() and Symbol.dispose release at once, idempotently', () => {
  const dispose = Symbol.dispose ?? Symbol.for('Symbol.dispose');
  const bot = new Ai({ level: 1 });
  bot[dispose]();
  bot.free();
  bot[dispose]();
  assert.throws(() => bot.newGame(), (e) => e instanceof ChessError && /^this Ai was freed/.test(e.message));

  const game = new Game();
  game[dispose]();
  game.free();
  assert.throws(() => game.exportFEN(), /freed/);

  // A loop that frees each Ai it makes stays flat, with no help from the collector.
  const before = memory.buffer.byteLength;
  for (let i = 0; i < 50; i++) new Ai({ level: 5 })[dispose]();
  assert.ok(memory.buffer.byteLength - before <= 20 * MB);
});

test("TypeScript's `using` frees an Ai and a Game at the end of the block", async () => {
  const index = new URL('../dist/index.js', import.meta.url).href;
  const source = `
    import { Ai, Game } from '${index}';
    export function run() {
      let ai, game;
      {
        using a = new Ai({ level: 1 });
        using g = new Game();
        ai = a;
        game = g;
        a.newGame();
        g.move('E2', 'E4');
      }
      return { ai, game };
    }`;
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ES2022 },
  });
  const { run } = await import(`data:text/javascript,${encodeURIComponent(outputText)}`);
  const { ai: freedAi, game: freedGame } = run();
  assert.throws(() => freedAi.newGame(), /this Ai was freed/);
  assert.throws(() => freedGame.exportFEN(), /freed/);
});

test('a WorkerAi ends its worker when disposed, and when collected', { skip: !gc && 'needs node --expose-gc' }, async () => {
  const terminate = Worker.prototype.terminate;
  let ended = 0;
  Worker.prototype.terminate = function (...args) {
    ended++;
    return terminate.apply(this, args);
  };
  try {
    const disposed = await WorkerAi.create({ level: 1 });
    await disposed[Symbol.asyncDispose ?? Symbol.for('Symbol.asyncDispose')]();
    assert.equal(ended, 1, 'asyncDispose terminates the worker');

    // Made, used and dropped in a function of its own, so that no variable here holds it.
    const forget = async () => {
      const bot = await WorkerAi.create({ level: 1 });
      const answer = await bot.think({ fen: FENS[0], moves: [] }, { depth: 2 });
      assert.ok(answer.best.uci);
    };
    await forget();
    for (let i = 0; i < 50 && ended < 2; i++) await collect(1);
    assert.equal(ended, 2, 'the forgotten WorkerAi was finalised and its worker ended');

    // Forgotten while a call waits for it: kept until it answers, then finalised.
    const pending = (await WorkerAi.create({ fullStrength: true, book: false })).think({ fen: FENS[2] }, { moveTimeMs: 1_500 });
    let answered = false;
    void pending.then(() => (answered = true));
    await collect(3);
    assert.equal(answered, false, 'the search is still running');
    assert.equal(ended, 2, 'not ended while a call waits');
    assert.ok((await pending).best.uci);
    for (let i = 0; i < 50 && ended < 3; i++) await collect(1);
    assert.equal(ended, 3, 'finalised once answered');
  } finally {
    Worker.prototype.terminate = terminate;
  }
});
