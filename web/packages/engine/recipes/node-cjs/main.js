// Node, CommonJS: require() gives the package at once (Node 20.19+ or 22.12+ load its ES modules).
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS app */
const assert = require('node:assert/strict');
const { Ai, ChessGame, WorkerAi } = require('chess-wasm');
const { Game } = require('chess-wasm/compat');

const game = new ChessGame();
game.move('e4');
const legal = game.moves().map((m) => m.uci);

const ai = new Ai({ level: 2 });
const answer = ai.bestMove(game, { nodes: 5000 });
ai.free();
assert.ok(legal.includes(answer.best.uci), `not a legal move: ${answer.best.uci}`);

const old = new Game();
old.move('E2', 'E4');
assert.equal(old.exportJson().turn, 'black');

WorkerAi.create({ level: 2 }).then(async (worker) => {
  const thought = await worker.think(game, { nodes: 5000 });
  worker.terminate();
  assert.ok(legal.includes(thought.best.uci), `not a legal move: ${thought.best.uci}`);
  console.log(`node-cjs: Ai ${answer.best.san}, WorkerAi ${thought.best.san}`);
});
