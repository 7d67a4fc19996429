// What every page recipe checks, in a browser, after its bundler: before init() a call is
// refused with code NOT_LOADED; after it a game, 1.e4, its opening's name once the names are
// preloaded (NOT_LOADED before), the AI's answer from its worker (which fetches its data), a review
// of the game in the worker and its PGN annotated on the page (the review module, a wasm file of
// its own); then the rules-only entry on its own module, which must list the same moves.
import { ChessError, ChessGame, WorkerAi, init, preload } from 'chess-wasm';
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
  // The opening names are fetched apart (as the nets and the book): refused until preloaded.
  const unloaded = (() => {
    try {
      return `no error: ${JSON.stringify(game.opening())}`;
    } catch (e) {
      return e instanceof ChessError ? e.code : String(e);
    }
  })();
  if (unloaded !== 'NOT_LOADED') throw new Error(`opening() before preload(): expected NOT_LOADED, got ${unloaded}`);
  await preload('openings');
  const opening = game.opening()?.name;
  if (opening !== "King's Pawn Game") throw new Error(`the opening after 1.e4: ${opening}`);
  const ai = await WorkerAi.create({ level: 3 });
  const answer = await ai.think(game, { nodes: 20000 });
  const review = await ai.review(game, { nodes: 2000 });
  ai.terminate();
  if (review.plies.length !== 1) throw new Error(`the review of 1.e4 judged ${review.plies.length} plies`);
  await preload('review');
  const annotated = game.pgn({}, { review });
  if (!annotated.includes('[%eval')) throw new Error(`the reviewed PGN has no evaluation: ${annotated}`);
  await initRules();
  const rules = new RulesGame(game.fen());
  if (rules.moves().length !== game.moves().length) throw new Error('chess-wasm/rules disagrees with chess-wasm');
  return { move: answer.best.uci, san: answer.best.san, opening, legal: game.moves().map((m) => m.uci) };
}
