// What every page recipe checks, in a browser, after its bundler: before init() a call is
// refused with code NOT_LOADED; after it a game, 1.e4, and the AI's answer from its worker; then
// the rules-only entry on its own module, which must list the same moves.
import { ChessError, ChessGame, WorkerAi, init } from 'chess-wasm';
import { ChessGame as RulesGame, init as initRules } from 'chess-wasm/rules';

export async function check() {
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
  await initRules();
  const rules = new RulesGame(game.fen());
  if (rules.moves().length !== game.moves().length) throw new Error('chess-wasm/rules disagrees with chess-wasm');
  return { move: answer.best.uci, san: answer.best.san, legal: game.moves().map((m) => m.uci) };
}
