// Vitest with its defaults (the Node environment): the package as a test imports it.
import { expect, test } from 'vitest';
import { Ai, ChessGame, WorkerAi } from 'chess-wasm';

test('a game, a move of the Ai and of the WorkerAi', async () => {
  const game = new ChessGame();
  game.move('e4');
  const legal = game.moves().map((m) => m.uci);
  const ai = new Ai({ level: 2 });
  expect(legal).toContain(ai.bestMove(game, { nodes: 5000 }).best.uci);
  ai.free();
  const worker = await WorkerAi.create({ level: 2 });
  const answer = await worker.think(game, { nodes: 5000 });
  worker.terminate();
  expect(legal).toContain(answer.best.uci);
  console.log(`vitest: WorkerAi ${answer.best.san}`);
});
