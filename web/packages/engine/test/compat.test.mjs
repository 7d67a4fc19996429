// The js-chess-engine v2 API (the full contract is scripts/contract.sh against its own tests).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Game, LEVELS, ai, aiMove, getFen, move, moves, status } from '../dist/index.js';

test('Game: moves, move, exportJson, exportFEN, history', () => {
  const game = new Game();
  assert.deepEqual(game.moves('E2'), { E2: ['E3', 'E4'] });
  assert.equal(Object.keys(game.moves()).length, 10);
  const board = game.move('e2', 'e4');
  assert.equal(board.pieces.E4, 'P');
  assert.equal(board.pieces.E2, undefined);
  assert.equal(board.turn, 'black');
  assert.equal(board.enPassant, 'E3');
  assert.equal(game.exportFEN(), 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1');
  assert.throws(() => game.move('E7', 'E4'), /Invalid move from E7 to E4/);
  assert.throws(() => game.move('Z9', 'E4'), /Invalid square notation/);
  game.move('E7', 'E5');
  assert.deepEqual(game.getHistory().map((h) => h.move), [{ E2: 'E4' }, { E7: 'E5' }]);
});

test('promotion to any piece, a queen by default', () => {
  const fen = '8/P5k1/8/8/8/8/8/4K3 w - - 0 1';
  assert.equal(new Game(fen).move('A7', 'A8').pieces.A8, 'Q');
  assert.equal(new Game(fen).move('A7', 'A8', 'n').pieces.A8, 'N');
});

test('status, getFen, moves and move on FEN strings and BoardConfig objects', () => {
  const config = status('rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3');
  assert.deepEqual([config.checkMate, config.check, config.isFinished], [true, true, true]);
  assert.equal(getFen(config), 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3');
  assert.deepEqual(moves(config), {});
  const after = move('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 'G1', 'F3');
  assert.equal(after.pieces.F3, 'N');
  const bare = status({ pieces: { E1: 'K', E8: 'k' }, turn: 'white', castling: {}, enPassant: null, halfMove: 0, fullMove: 1 });
  assert.equal(bare.isFinished, true, 'two bare kings: insufficient material ends the game here');
});

test('ai and aiMove: the level, validation and the finished game', () => {
  const game = new Game();
  const result = game.ai({ level: 2 });
  assert.equal(Object.keys(result.move).length, 1);
  assert.equal(result.board.turn, 'black');
  const mateIn1 = '6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1';
  assert.deepEqual(aiMove(mateIn1, 3), { A1: 'A8' });
  const analysed = ai(mateIn1, { level: 2, play: false, analysis: true });
  assert.equal(analysed.board.turn, 'white');
  assert.deepEqual(analysed.analysis[0].move, { A1: 'A8' });
  assert.ok(analysed.analysis[0].score > 90_000);
  // An analysis searches the level's own budget, as the engine's level table gives it.
  assert.equal(LEVELS[0].depth, 1);
  assert.equal(ai(mateIn1, { level: 1, play: false, analysis: true }).depth, LEVELS[0].depth);
  const level3 = ai('r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3', { level: 3, play: false, analysis: true });
  assert.ok(level3.nodesSearched <= LEVELS[2].nodes * 1.1, `${level3.nodesSearched} nodes at level 3`);
  assert.throws(() => game.ai({ level: 0 }), /AI level must be between 1 and 5/);
  assert.throws(() => game.ai({ randomness: -1 }), /randomness must be a non-negative number/);
  assert.throws(() => game.ai({ depth: { base: 1.5 } }), /depth.base must be an integer > 0/);
  const mated = new Game('rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3');
  assert.throws(() => mated.ai({ level: 1 }), /Game is already finished/);
});

test('ttSizeMB larger than WebAssembly holds is an error naming the limit, never a trap', () => {
  const mateIn1 = '6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1';
  for (const ttSizeMB of [1025, 3000, 5000]) {
    assert.throws(() => ai(mateIn1, { ttSizeMB }), /ttSizeMB must be between 0 and 1024 in WebAssembly/, `${ttSizeMB}`);
    assert.throws(() => new Game().ai({ ttSizeMB }), /ttSizeMB must be between 0 and 1024 in WebAssembly/);
  }
  // The module is still sound afterwards.
  assert.deepEqual(ai(mateIn1, { level: 3, ttSizeMB: 4 }).move, { A1: 'A8' });
  assert.equal(new Game('').exportFEN(), 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', "js-chess-engine's new Game('') is the start");
});
