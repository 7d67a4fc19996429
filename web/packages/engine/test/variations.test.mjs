// Variations through the package: a PGN's variations come back in history() as a tree and in
// pgn() as read; addVariation, continueVariation and removeVariation edit the tree, on both
// entries (the full one and the rules-only one share ChessGameBase).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ChessError, ChessGame, IllegalMoveError } from '../dist/index.js';
import { ChessGame as RulesGame } from '../dist/rules.js';

const movetext = (game) => game.pgn().split('\n\n')[1].replace(/\n/g, ' ').trim();
const sans = (variation) => variation.moves.map((m) => m.san);

test('a PGN\'s variations are a tree in history() and written back by pgn()', () => {
  const text = '1. e4 e5 (1... c5 $5 {Sicilian} 2. Nf3 (2. c3 d5) 2... d6) ({French} 1... e6) 2. Nf3 *';
  const game = ChessGame.fromPgn(text);
  assert.equal(movetext(game), text);
  const history = game.history();
  assert.deepEqual(history[0].variations, []);
  const [sicilian, french] = history[1].variations;
  assert.equal(french.comment, 'French');
  assert.deepEqual(sans(french), ['e6']);
  assert.equal(sicilian.comment, null);
  const c5 = sicilian.moves[0];
  assert.deepEqual(
    { san: c5.san, uci: c5.uci, from: c5.from, ply: c5.ply, path: c5.path, comment: c5.comment, nags: c5.nags },
    { san: 'c5', uci: 'c7c5', from: 'c7', ply: 2, path: [2, 0, 0], comment: 'Sicilian', nags: [5] },
  );
  assert.equal(c5.fen, 'rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2');
  const c3 = sicilian.moves[1].variations[0].moves[0];
  assert.deepEqual([c3.san, c3.ply, c3.path, c3.variations], ['c3', 3, [2, 0, 1, 0, 0], []]);
  // The game's moves are the main line's.
  assert.deepEqual(history.map((h) => h.san), ['e4', 'e5', 'Nf3']);
  game.free();
});

test('addVariation merges with what is there, as lichess does', () => {
  const game = ChessGame.fromPgn('1. e4 e5 2. Nf3 Nc6 *');
  assert.deepEqual(game.addVariation(2, ['c7c5', 'Nf3', 'd6']), [2, 0, 2]);
  // The main line's own move is followed; the first move that leaves it is the variation.
  assert.deepEqual(game.addVariation([2], ['e5', 'Bc4']), [3, 0, 0]);
  // A variation's first move is followed, on to its end, or to where the new line leaves it.
  assert.deepEqual(game.addVariation(2, ['c5', 'Nf3', 'd6', 'd4']), [2, 0, 3]);
  assert.deepEqual(game.addVariation(2, ['c5', 'Nf3', 'Nc6']), [2, 0, 2, 0, 0]);
  assert.deepEqual(game.addVariation(2, ['c5']), [2, 0, 0]);
  // By a variation move's path.
  assert.deepEqual(game.addVariation([2, 0, 1], ['c3']), [2, 0, 1, 0, 0]);
  assert.equal(movetext(game), '1. e4 e5 (1... c5 2. Nf3 (2. c3) 2... d6 (2... Nc6) 3. d4) 2. Nf3 (2. Bc4) 2... Nc6 *');
  // Read back: the same tree.
  const back = ChessGame.fromPgn(game.pgn());
  assert.deepEqual(back.history(), game.history());
  back.free();
  game.free();
});

test('continueVariation plays on where an analysis board stands', () => {
  const game = ChessGame.fromPgn('1. e4 e5 2. Nf3 *');
  const c5 = game.addVariation(2, ['c5']);
  assert.deepEqual(game.continueVariation(c5, ['Nf3', 'd6']), [2, 0, 2]);
  // In the middle of a line: a variation of the move that follows, or that move itself.
  assert.deepEqual(game.continueVariation([2, 0, 0], ['Nf3']), [2, 0, 1]);
  assert.deepEqual(game.continueVariation([2, 0, 0], ['Nc3']), [2, 0, 1, 0, 0]);
  // From the start, and from a main-line move that is not the last.
  assert.deepEqual(game.continueVariation(0, ['d4']), [1, 0, 0]);
  assert.deepEqual(game.continueVariation(1, ['e6']), [2, 1, 0]);
  // After the game's last move: that is a move of the game.
  assert.throws(() => game.continueVariation(3, ['Nc6']), (e) => e instanceof ChessError && e.code === 'INVALID_ARGUMENT' && /the game ends at ply 3/.test(e.message));
  assert.equal(movetext(game), '1. e4 (1. d4) 1... e5 (1... c5 2. Nf3 (2. Nc3) 2... d6) (1... e6) 2. Nf3 *');
  game.free();
});

test('removeVariation removes one with everything in it; undo drops those of the move taken back', () => {
  const game = ChessGame.fromPgn('1. e4 e5 (1... c5 2. Nf3 (2. c3)) (1... e6) 2. Nf3 (2. Nc3) *');
  game.removeVariation(2, 0);
  assert.deepEqual(game.history()[1].variations.map(sans), [['e6']]);
  assert.throws(() => game.removeVariation(2, 1), (e) => e instanceof ChessError && e.code === 'INVALID_ARGUMENT'
    && e.message === 'no variation 1 at [2]: the move there has 1 variation');
  const taken = game.undo();
  assert.equal(taken.san, 'Nf3');
  assert.equal('variations' in taken, false, 'undo gives the move alone');
  assert.equal(movetext(game), '1. e4 e5 (1... e6) *');
  game.move('Nf3');
  assert.deepEqual(game.history()[2].variations, []);
  game.free();
});

test('bad variations are typed errors and change nothing', () => {
  const game = ChessGame.fromPgn('1. e4 e5 *');
  const code = (code, message) => (e) => e instanceof ChessError && e.code === code && (message === undefined || message.test(e.message));
  // An illegal or unreadable move anywhere in the line: an IllegalMoveError with its reason.
  assert.throws(() => game.addVariation(2, ['c5', 'Ke3']), (e) => e instanceof IllegalMoveError && e.code === 'ILLEGAL_MOVE'
    && e.reason === 'piece-cannot-move-there' && /^Ke3: /.test(e.message));
  assert.throws(() => game.addVariation(2, ['c5', 'hello']), (e) => e instanceof IllegalMoveError && e.code === 'INVALID_MOVE' && e.reason === 'unreadable');
  // Paths to no move, and paths and moves that are none.
  for (const at of [0, 3, [], [2, 0], [2, 0, 0], -1, 1.5, [1, -1, 0], 'e4', null, [Number.NaN]]) {
    assert.throws(() => game.addVariation(at, ['d4']), code('INVALID_ARGUMENT'), String(at));
  }
  assert.throws(() => game.addVariation(2, []), code('INVALID_ARGUMENT', /at least one move/));
  assert.throws(() => game.addVariation(2, 'c5'), code('INVALID_ARGUMENT', /array of strings/));
  assert.throws(() => game.addVariation(2, [42]), code('INVALID_ARGUMENT', /array of strings/));
  assert.throws(() => game.addVariation(2, ['e5', 'Nf3']), code('INVALID_ARGUMENT', /the game ends at ply 2/));
  assert.throws(() => game.removeVariation(2, 0), code('INVALID_ARGUMENT'));
  assert.throws(() => game.removeVariation(2, -1), code('INVALID_ARGUMENT'));
  assert.ok(game.history().every((h) => h.variations.length === 0));
  // Nested up to 64 deep (what the PGN reader reads back), no deeper.
  let path = [1];
  for (let depth = 1; depth <= 64; depth++) path = game.addVariation(path, [depth % 2 ? 'd4' : 'c4']);
  assert.equal(path.length, 129);
  assert.throws(() => game.addVariation(path, ['Nf3']), code('INVALID_ARGUMENT', /at most 64 deep/));
  const back = ChessGame.fromPgn(game.pgn());
  assert.equal(back.pgn(), game.pgn());
  back.free();
  game.free();
});

test('the rules-only entry has the same variations', () => {
  const game = RulesGame.fromPgn('1. d4 d5 (1... Nf6 2. c4) 2. c4 *');
  assert.deepEqual(sans(game.history()[1].variations[0]), ['Nf6', 'c4']);
  assert.deepEqual(game.addVariation([2, 0, 1], ['Nf3']), [2, 0, 1, 0, 0]);
  assert.deepEqual(game.continueVariation([2, 0, 1], ['e6']), [2, 0, 2]);
  assert.deepEqual(game.addVariation(3, ['Bf4']), [3, 0, 0]);
  assert.throws(() => game.addVariation(3, ['Ke3']), (e) => e instanceof IllegalMoveError && e.reason === 'piece-cannot-move-there');
  game.removeVariation(3, 0);
  assert.equal(movetext(game), '1. d4 d5 (1... Nf6 2. c4 (2. Nf3) 2... e6) 2. c4 *');
  game.free();
});

test('the README\'s example', () => {
  const game = ChessGame.fromPgn('1. e4 e5 (1... c5 2. Nf3) 2. Nf3 *');
  assert.deepEqual(game.history()[1].variations[0].moves.map((m) => m.san), ['c5', 'Nf3']);
  const at = game.addVariation(2, ['e6', 'd4']);
  assert.deepEqual(at, [2, 1, 1]);
  assert.deepEqual(game.continueVariation(at, ['d5']), [2, 1, 2]);
  assert.deepEqual(game.addVariation(2, ['c5', 'Nf3', 'd6']), [2, 0, 2]);
  game.removeVariation(2, 1);
  assert.ok(game.pgn().endsWith('1. e4 e5 (1... c5 2. Nf3 d6) 2. Nf3 *\n'), game.pgn());
  game.free();
});
