// WorkerAi in Node (worker_threads): progress, stop, limits.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ChessError, ChessGame, WorkerAi } from '../dist/index.js';

test('WorkerAi thinks off the main thread, reports, stops and thinks again', async () => {
  const ai = await WorkerAi.create({ fullStrength: true, book: false });
  try {
    const game = new ChessGame();
    game.move('e4');
    const reports = [];
    const thinking = ai.think(game, { infinite: true, onProgress: (p) => reports.push(p) });
    assert.equal(ai.busy, true);
    // The main thread is free while the worker searches.
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    await new Promise((resolve) => setTimeout(resolve, 400));
    clearInterval(timer);
    assert.ok(ticks >= 10, `the event loop ran ${ticks} times in 400 ms`);
    await assert.rejects(ai.think(game, { depth: 2 }), /already thinking/);
    ai.stop();
    const answer = await thinking;
    assert.equal(ai.busy, false);
    assert.ok(reports.length > 0);
    assert.ok(game.moves().some((m) => m.uci === answer.best.uci), `${answer.best.uci} is legal`);

    const timed = await ai.think(game, { moveTimeMs: 100 });
    assert.ok(timed.timeMs < 2_000, `${timed.timeMs} ms`);
    const fixed = await ai.think({ fen: '6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1' }, { depth: 4 });
    assert.equal(fixed.best.san, 'Ra8#');
    await ai.setOptions({ level: 1, seed: 3 });
    const weak = await ai.think(new ChessGame());
    assert.ok(weak.best.uci.length >= 4);
    await assert.rejects(ai.think({ fen: 'not a fen' }), /invalid FEN/);
  } finally {
    ai.terminate();
  }
});

/** `promise`, or a failure after `ms` (a search that never ends must fail the test, not hang it). */
async function within(ms, promise, what) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not settled within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

test('stop() right after think() stops that search (shared stop flag), and the next think works', async () => {
  const ai = await WorkerAi.create({ fullStrength: true, book: false });
  try {
    const game = new ChessGame();
    for (let round = 0; round < 3; round++) {
      const thinking = ai.think(game, { infinite: true });
      ai.stop();
      const answer = await within(5_000, thinking, `round ${round}: think({ infinite: true }) then stop()`);
      assert.ok(game.moves().some((m) => m.uci === answer.best.uci), `${answer.best.uci} is legal`);
      assert.equal(ai.busy, false);
      const next = await within(10_000, ai.think(game, { nodes: 1000 }), 'the next think');
      assert.ok(game.moves().some((m) => m.uci === next.best.uci));
    }
    // A stop() with nothing to stop does not cut the next search short.
    ai.stop();
    const deep = await within(20_000, ai.think(game, { depth: 5 }), 'think after an idle stop()');
    assert.equal(deep.depth, 5);
  } finally {
    ai.terminate();
  }
});

test('without SharedArrayBuffer (a page that is not cross-origin isolated) stop() still settles think()', async () => {
  const shared = globalThis.SharedArrayBuffer;
  let ai;
  delete globalThis.SharedArrayBuffer;
  try {
    ai = await WorkerAi.create({ fullStrength: true, book: false });
  } finally {
    globalThis.SharedArrayBuffer = shared;
  }
  try {
    const game = new ChessGame();
    // Stopped before any result: the promise settles with a ChessError.
    const early = ai.think(game, { infinite: true });
    ai.stop();
    await within(5_000, assert.rejects(early, (e) => e instanceof ChessError && /stopped before the first result/.test(e.message)), 'early stop');
    assert.equal(ai.busy, false);
    const next = await within(20_000, ai.think(game, { nodes: 1000 }), 'the next think (a new worker)');
    assert.ok(game.moves().some((m) => m.uci === next.best.uci));
    // Stopped after a report: the best line so far.
    let reported;
    const first = new Promise((resolve) => (reported = resolve));
    const late = ai.think(game, { infinite: true, onProgress: reported });
    await within(20_000, first, 'a first report');
    ai.stop();
    const answer = await within(5_000, late, 'late stop');
    assert.ok(game.moves().some((m) => m.uci === answer.best.uci), `${answer.best.uci} is legal`);
    // A review stopped while it waits for its data (the first one fetches the opening names):
    // stopped before it starts, never run to its end as if stop() had not been called.
    const pgn = '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 *';
    const stoppedReview = ai.review(pgn);
    ai.stop();
    await within(5_000, assert.rejects(stoppedReview, (e) => e instanceof ChessError && e.code === 'STOPPED'), 'a review stopped at once');
    assert.equal(ai.busy, false);
    const reviewed = await within(60_000, ai.review(pgn, { nodes: 2000 }), 'the next review');
    assert.equal(reviewed.plies.length, 10);
  } finally {
    ai.terminate();
  }
});

test('an onProgress that throws kills neither Node nor the search; the first error is reported once', async (t) => {
  const errors = t.mock.method(console, 'error', () => {});
  const ai = await WorkerAi.create({ fullStrength: true, book: false });
  try {
    let calls = 0;
    const boom = () => {
      calls++;
      throw new Error('boom');
    };
    const answer = await within(20_000, ai.think(new ChessGame(), { depth: 6, onProgress: boom }), 'think');
    assert.equal(answer.depth, 6, 'the search went to its depth');
    assert.ok(calls > 1, `${calls} reports`);
    assert.equal(errors.mock.callCount(), 1, 'reported once per search');
    assert.match(String(errors.mock.calls[0].arguments[0]), /onProgress/);
    assert.equal(errors.mock.calls[0].arguments[1].message, 'boom');
    await within(20_000, ai.think(new ChessGame(), { depth: 3, onProgress: boom }), 'the next think');
    assert.equal(errors.mock.callCount(), 2, 'and again for the next search');
  } finally {
    ai.terminate();
  }
});
