// A page: a game, and the AI thinking in its worker. The result goes to <body data-result>.
import { ChessError, ChessGame, WorkerAi, init } from 'chess-wasm';
import { ChessGame as RulesGame, init as initRules } from 'chess-wasm/rules';

async function main() {
  // (What the recipe test checks: before init() a page's call is refused with code NOT_LOADED.)
  const early = (() => {
    try {
      return `no error: ${new ChessGame().fen()}`;
    } catch (e) {
      return e instanceof ChessError ? e.code : String(e);
    }
  })();
  if (early !== 'NOT_LOADED') throw new Error(`a ChessGame before init(): expected NOT_LOADED, got ${early}`);

  await init(); // once, before the first call: the page fetches and compiles the WebAssembly module
  const game = new ChessGame();
  game.move('e4');
  const ai = await WorkerAi.create({ level: 3 });
  const answer = await ai.think(game, { nodes: 20000 });
  ai.terminate();
  // The rules-only entry, on its own module: the same moves.
  await initRules();
  const rules = new RulesGame(game.fen());
  if (rules.moves().length !== game.moves().length) throw new Error('chess-wasm/rules disagrees with chess-wasm');
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
