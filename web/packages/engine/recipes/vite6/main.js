// A page: a game, and the AI thinking in its worker. The result goes to <body data-result>.
import { ChessGame, WorkerAi } from 'chess-wasm';

async function main() {
  const game = new ChessGame();
  game.move('e4');
  const ai = await WorkerAi.create({ level: 3 });
  const answer = await ai.think(game, { nodes: 20000 });
  ai.terminate();
  return { move: answer.best.uci, san: answer.best.san, legal: game.moves().map((m) => m.uci) };
}

main().then(
  (result) => {
    document.getElementById('out').textContent = `The AI answers ${result.san}`;
    document.body.dataset.result = JSON.stringify(result);
  },
  (e) => {
    document.body.dataset.result = JSON.stringify({ error: String(e?.stack ?? e) });
  },
);
