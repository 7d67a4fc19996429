// WorkerAi in Node (worker_threads): progress, stop, limits.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ChessGame, WorkerAi } from '../dist/index.js';

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
