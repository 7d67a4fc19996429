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
  // Each board of the history as exportJson() gave it then: the en-passant square after every
  // double push (js-chess-engine's), not only where a capture is legal.
  assert.deepEqual(game.getHistory().map((h) => h.enPassant), ['E3', 'E6']);
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

test("error messages name squares in upper case, as js-chess-engine's do", () => {
  const game = new Game();
  assert.throws(() => game.move('z9', 'e4'), { message: 'Invalid square notation: Z9' });
  assert.throws(() => game.move('e2', 'i1'), { message: 'Invalid square notation: I1' });
  assert.throws(() => game.moves('z9'), { message: 'Invalid square notation: Z9' });
  assert.throws(() => game.setPiece('z9', 'Q'), { message: 'Invalid square notation: Z9' });
  assert.throws(() => game.removePiece('i1'), { message: 'Invalid square notation: I1' });
  assert.throws(() => move('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 'e2', 'e5'), { message: 'Invalid move from E2 to E5' });
});

test('setPiece and removePiece: a king moved by remove + set, and the en-passant square kept', () => {
  const game = new Game();
  game.move('e2', 'e4');
  game.removePiece('e1');
  // A position without a white king is no position to play in, but a step of an edit.
  assert.equal(game.exportFEN(), 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQ1BNR b KQkq e3 0 1');
  assert.equal(game.exportJson().pieces.E1, undefined);
  assert.throws(() => game.moves(), /^Error: Invalid board: white has no king$/);
  assert.throws(() => game.move('e7', 'e5'), /^Error: Invalid board: white has no king$/);
  game.setPiece('d3', 'K');
  // Whole again: the king on d3 has lost its castling rights; the en-passant square stays.
  assert.equal(game.exportFEN(), 'rnbqkbnr/pppppppp/8/8/4P3/3K4/PPPP1PPP/RNBQ1BNR b kq e3 0 1');
  assert.equal(game.exportJson().enPassant, 'E3');
  game.move('e7', 'e5');
  assert.equal(game.exportJson().pieces.E5, 'p');
  // An edit away from the pawn keeps the en-passant square, as js-chess-engine does.
  const ep = new Game();
  ep.move('e2', 'e4');
  ep.setPiece('a5', 'Q');
  assert.equal(ep.exportFEN(), 'rnbqkbnr/pppppppp/8/Q7/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1');
  // A right is the corner rook's and the king's on e1: it never passes to another rook or to a
  // king set down elsewhere on the rank (as Chess960 would read it).
  const rook = new Game('4k3/8/8/8/8/8/8/R2RK3 w Q - 0 1');
  rook.removePiece('a1');
  assert.deepEqual(rook.exportJson().castling, { whiteShort: false, whiteLong: false, blackShort: false, blackLong: false });
  assert.deepEqual(rook.moves('e1'), { E1: ['F1', 'D2', 'E2', 'F2'] });
  const king = new Game('4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1');
  king.removePiece('e1');
  king.setPiece('b1', 'K');
  assert.equal(king.exportFEN(), '4k3/8/8/8/8/8/8/RK5R w - - 0 1');
  assert.deepEqual(king.moves('b1'), { B1: ['C1', 'A2', 'B2', 'C2'] });
  // Two kings of a side are a step too.
  const two = new Game();
  two.setPiece('d4', 'K');
  assert.throws(() => two.moves(), /^Error: Invalid board: white has more than one king$/);
  two.removePiece('e1');
  assert.deepEqual(two.moves('d4'), { D4: ['C3', 'D3', 'E3', 'C4', 'E4', 'C5', 'D5', 'E5'] });
});
