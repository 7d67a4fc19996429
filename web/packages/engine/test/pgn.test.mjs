// PGN whole through the package: tags, comments, NAGs and the result survive import and export,
// several games give several ChessGames, and a bad game is named by number and line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ChessError, ChessGame } from '../dist/index.js';

const text = `[Event "Club [rapid]"]
[Site "?"]
[Date "2026.11.25"]
[Round "1"]
[White "Smith [GM]"]
[Black "O\\"Neil"]
[Result "1/2-1/2"]
[Annotator "me"]

{Start} 1. e4 $1 {best by test} 1... e5 2. Nf3 $2 $14 1/2-1/2
`;

test('fromPgn(pgn).pgn() gives the same text: tags, comments, NAGs, result', () => {
  const game = ChessGame.fromPgn(text);
  assert.equal(game.pgn(), text);
  assert.deepEqual(Object.keys(game.tags()), ['Event', 'Site', 'Date', 'Round', 'White', 'Black', 'Annotator']);
  assert.equal(game.tags().White, 'Smith [GM]');
  assert.equal(game.tags().Black, 'O"Neil');
  const state = game.state();
  assert.equal(state.status, 'draw-agreed');
  assert.equal(state.result, '1/2-1/2');
  const [first, , third] = game.history();
  assert.equal(first.comment, 'best by test');
  assert.deepEqual(first.nags, [1]);
  assert.deepEqual(third.nags, [2, 14]);
  assert.equal(game.undo().san, 'Nf3');
  game.free();
});

test('our own export of tags with brackets and quotes reads back', () => {
  const game = new ChessGame();
  game.move('e4');
  const pgn = game.pgn({ White: 'Smith [GM]', Black: 'a "quoted" name' });
  const back = ChessGame.fromPgn(pgn);
  assert.equal(back.tags().White, 'Smith [GM]');
  assert.equal(back.tags().Black, 'a "quoted" name');
  assert.equal(back.history()[0].san, 'e4');
});

test('tags and annotations can be set, and the export shows them', () => {
  const game = new ChessGame();
  game.move('e4');
  game.move('c5');
  game.setTags({ White: 'Ann', ECO: 'B20' });
  game.annotate(2, { comment: 'the Sicilian', nags: [5] });
  game.annotate(0, { comment: 'A club game' });
  const pgn = game.pgn();
  assert.match(pgn, /\[White "Ann"\]/);
  assert.match(pgn, /\[ECO "B20"\]/);
  assert.ok(pgn.endsWith('{A club game} 1. e4 c5 $5 {the Sicilian} *\n'), pgn);
  assert.throws(() => game.setTags({ Result: '1-0' }), ChessError);
  assert.throws(() => game.setTags({ 'Bad name': 'x' }), ChessError);
  assert.throws(() => game.annotate(7, { comment: 'x' }), /ply 7 does not exist/);
  assert.throws(() => game.annotate(-1, {}), ChessError);
  // NAGs are whole numbers from 0 to 255, checked before they reach the wasm module (which takes
  // them as bytes: 256 would wrap to 0 there); nothing is set when one is not.
  for (const nags of [[256], [1.5], [-1], ['1'], [null], 'x', [Number.NaN]]) {
    assert.throws(() => game.annotate(2, { comment: 'x', nags }), (e) => e instanceof ChessError && e.code === 'INVALID_OPTION' && /NAGs are numbers from 0 to 255/.test(e.message), String(nags));
  }
  assert.ok(game.pgn().endsWith('1. e4 c5 $5 {the Sicilian} *\n'));
  // A path's numbers past what a Uint32Array holds are refused, not wrapped to another move.
  for (const at of [2 ** 32 + 1, [2 ** 32 + 2], [1, 2 ** 32]]) {
    assert.throws(() => game.addVariation(at, ['d4']), (e) => e instanceof ChessError && e.code === 'INVALID_ARGUMENT', String(at));
  }
  // Tag values of any text survive the crossing as they are.
  game.setTags({ Annotator: 'a "b" \\ {c} \u00e9\u265e' });
  assert.equal(game.tags().Annotator, 'a "b" \\ {c} \u00e9\u265e');
});

test('a text of several games gives each; a bad one is named by number and line', () => {
  const games = ChessGame.readPgn(`${text}\n[Event "two"]\n\n1. d4 d5 0-1\n`);
  assert.equal(games.length, 2);
  assert.equal(games[1].tags().Event, 'two');
  assert.equal(games[1].state().status, 'resignation');
  assert.equal(games[1].state().winner, 'black');
  assert.throws(() => ChessGame.readPgn('1. e4 *\n\n1. e4 e5\n2. Ke3 *'), {
    name: 'ChessError',
    message: 'invalid PGN: game 2, line 4: move 2. Ke3: illegal move "Ke3"',
  });
  // python-chess style: castling with zeros, a byte-order mark, standalone symbols.
  const odd = ChessGame.fromPgn('\ufeff1. e4 e5 2. Nf3 Nf6 3. Bc4 Bc5 4. 0-0 !? 0-0 *');
  assert.equal(odd.history()[6].san, 'O-O');
  assert.deepEqual(odd.history()[6].nags, [5]);
});

test('a ChessGame frees itself at the end of a using block (Symbol.dispose)', () => {
  const game = new ChessGame();
  const dispose = Symbol.dispose ?? Symbol.for('Symbol.dispose');
  game[dispose]();
  assert.throws(() => game.fen(), /freed/);
  game.free();
});

test('bad values get messages in the caller\'s words', async () => {
  const { Ai } = await import('../dist/index.js');
  assert.throws(() => new Ai({ moveTimeMs: -5 }), { message: 'invalid options: moveTimeMs must be a whole number of 0 or more, got -5' });
  const ai = new Ai({ level: 1 });
  assert.throws(() => ai.bestMove('8/8/8/8/8/8/8/K6k w - - 0 1'), /thinks about a ChessGame, got a string/);
  ai.free();
});
