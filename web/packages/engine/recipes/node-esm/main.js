// Node, ES modules: import, a move, the AI on this thread and in a worker thread.
import assert from 'node:assert/strict';
import { Ai, ChessGame, WorkerAi } from 'chess-wasm';

const game = new ChessGame();
game.move('e4');
const legal = game.moves().map((m) => m.uci);

const ai = new Ai({ level: 2 });
const answer = ai.bestMove(game, { nodes: 5000 });
ai.free();
assert.ok(legal.includes(answer.best.uci), `not a legal move: ${answer.best.uci}`);

const worker = await WorkerAi.create({ level: 2 });
const thought = await worker.think(game, { nodes: 5000 });
worker.terminate();
assert.ok(legal.includes(thought.best.uci), `not a legal move: ${thought.best.uci}`);

console.log(`node-esm: Ai ${answer.best.san}, WorkerAi ${thought.best.san}`);
