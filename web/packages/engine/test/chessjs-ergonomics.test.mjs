// chess.js's calls on ChessGame (issue 81): load, reset, the game-end predicates, and the codes of
// ChessError. On the built package (npm run build first).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Ai, ChessError, ChessGame, IllegalMoveError, WorkerAi, loadNet, review } from '../dist/index.js';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

/** Every predicate of `game`, by name, for one deepEqual. */
function ends(game) {
  return {
    inCheck: game.inCheck(),
    isCheckmate: game.isCheckmate(),
    isStalemate: game.isStalemate(),
    isDraw: game.isDraw(),
    isThreefoldRepetition: game.isThreefoldRepetition(),
    isDrawByFiftyMoves: game.isDrawByFiftyMoves(),
    isInsufficientMaterial: game.isInsufficientMaterial(),
    isGameOver: game.isGameOver(),
  };
}

const NONE = {
  inCheck: false,
  isCheckmate: false,
  isStalemate: false,
  isDraw: false,
  isThreefoldRepetition: false,
  isDrawByFiftyMoves: false,
  isInsufficientMaterial: false,
  isGameOver: false,
};

/** A predicate for assert.throws: a ChessError of `code` (and of `type`, when given). */
const withCode = (code, type = ChessError) => (e) => {
  assert.ok(e instanceof type, `${e?.name}: ${e?.message} is no ${type.name}`);
  assert.equal(e.code, code, e.message);
  return true;
};

test("Fool's mate: checkmate, check, game over; no draw", () => {
  const game = new ChessGame();
  assert.deepEqual(ends(game), NONE);
  for (const san of ['f3', 'e5', 'g4']) game.move(san);
  assert.deepEqual(ends(game), NONE);
  game.move('Qh4#');
  assert.deepEqual(ends(game), { ...NONE, inCheck: true, isCheckmate: true, isGameOver: true });
  game.undo();
  assert.deepEqual(ends(game), NONE, 'taken back: the game goes on');
});

test('a check that is no mate', () => {
  const game = new ChessGame('4k3/8/8/8/8/8/8/R3K3 w - - 0 1');
  game.move('Ra8+');
  assert.deepEqual(ends(game), { ...NONE, inCheck: true });
});

test('stalemate is a draw and ends the game', () => {
  const game = new ChessGame('7k/5Q2/6K1/8/8/8/8/8 b - - 0 1');
  assert.deepEqual(ends(game), { ...NONE, isStalemate: true, isDraw: true, isGameOver: true });
  // Stalemated with a lone bishop: the status names the stalemate, the material is insufficient too.
  const bare = new ChessGame('7k/5K2/6B1/8/8/8/8/8 b - - 0 1');
  assert.equal(bare.state().status, 'stalemate');
  assert.deepEqual(ends(bare), { ...NONE, isStalemate: true, isInsufficientMaterial: true, isDraw: true, isGameOver: true });
});

test('insufficient material: K+B v K, K+N v K, bare kings, bishops on one colour; not K+R v K', () => {
  const dead = {
    'K+B v K': '8/8/8/4k3/8/8/8/4KB2 w - - 0 1',
    'K+N v K': '8/8/8/4k3/8/8/8/4KN2 b - - 0 1',
    'K v K': '8/8/8/4k3/8/8/8/4K3 w - - 0 1',
    'K+B v K+B, one colour': '8/8/3b4/4k3/8/8/8/2B1K3 w - - 0 1',
  };
  for (const [name, fen] of Object.entries(dead)) {
    const game = new ChessGame(fen);
    assert.deepEqual(ends(game), { ...NONE, isInsufficientMaterial: true, isDraw: true, isGameOver: true }, name);
    assert.equal(game.state().status, 'insufficient-material', name);
  }
  const alive = {
    'K+R v K': '8/8/8/4k3/8/8/8/4KR2 w - - 0 1',
    'K+B v K+B, both colours': '8/8/4b3/4k3/8/8/8/2B1K3 w - - 0 1',
    'K+N+N v K': '8/8/8/4k3/8/8/8/3NKN2 w - - 0 1',
  };
  for (const [name, fen] of Object.entries(alive)) assert.deepEqual(ends(new ChessGame(fen)), NONE, name);
  // Moves are still accepted after the position is dead (as after a claimable draw).
  const game = new ChessGame(dead['K+B v K']);
  game.move('Bc4');
  assert.equal(game.isInsufficientMaterial(), true);
});

test('threefold repetition by Nf3 Nf6 Ng1 Ng8 twice; fivefold still is one', () => {
  const game = new ChessGame();
  const shuffle = ['Nf3', 'Nf6', 'Ng1', 'Ng8'];
  for (const san of [...shuffle, ...shuffle.slice(0, 3)]) {
    game.move(san);
    assert.equal(game.isThreefoldRepetition(), false, `after ${game.history().length} plies`);
  }
  game.move('Ng8');
  assert.equal(game.fen(), START.replace(' 0 1', ' 8 5'));
  assert.deepEqual(ends(game), { ...NONE, isThreefoldRepetition: true, isDraw: true, isGameOver: true });
  assert.equal(game.state().status, 'threefold-repetition');
  // A claimable draw: the players may play on (here into the position after 1. Nf3, a third time).
  game.move('Nf3');
  assert.deepEqual(ends(game), { ...NONE, isThreefoldRepetition: true, isDraw: true, isGameOver: true });
  for (const san of [...shuffle.slice(1), ...shuffle]) game.move(san);
  assert.equal(game.state().status, 'fivefold-repetition');
  assert.deepEqual(ends(game), { ...NONE, isThreefoldRepetition: true, isDraw: true, isGameOver: true });
});

test('the fifty-move rule at a half-move clock of 100, unless the last move mated', () => {
  const game = new ChessGame('7k/8/8/8/8/8/R7/K7 w - - 100 80');
  assert.deepEqual(ends(game), { ...NONE, isDrawByFiftyMoves: true, isDraw: true, isGameOver: true });
  assert.deepEqual(ends(new ChessGame('7k/8/8/8/8/8/R7/K7 w - - 99 80')), NONE);
  // 99 plies, then one more without a capture or pawn move.
  const played = new ChessGame('7k/8/8/8/8/8/R7/K7 w - - 99 80');
  played.move('Rb2');
  assert.equal(played.state().halfMove, 100);
  assert.equal(played.isDrawByFiftyMoves(), true);
  // Mated on the hundredth ply: the mate stands (FIDE 9.3), no draw.
  const mated = new ChessGame('R6k/6pp/8/8/8/8/8/K7 b - - 100 80');
  assert.deepEqual(ends(mated), { ...NONE, inCheck: true, isCheckmate: true, isGameOver: true });
});

test('decisions: an agreed draw and a drawn flag are draws; a resignation ends the game without one', () => {
  const agreed = new ChessGame();
  agreed.move('e4');
  agreed.agreeDraw();
  assert.deepEqual(ends(agreed), { ...NONE, isDraw: true, isGameOver: true });
  const resigned = new ChessGame();
  resigned.resign('white');
  assert.deepEqual(ends(resigned), { ...NONE, isGameOver: true });
  const flagged = new ChessGame('8/8/8/4k3/8/8/3P4/4K3 w - - 0 1');
  flagged.flag('white');
  assert.deepEqual(ends(flagged), { ...NONE, isDraw: true, isGameOver: true });
  const lost = new ChessGame();
  lost.flag('white');
  assert.deepEqual(ends(lost), { ...NONE, isGameOver: true });
});

test('load replaces the position, the moves and the tags; a bad FEN changes nothing', () => {
  const game = new ChessGame();
  game.setTags({ White: 'Ann' });
  game.move('e4');
  game.annotate(1, { comment: 'best by test' });
  const fen = '4k3/8/8/8/8/8/8/R3K3 w Q - 3 40';
  game.load(fen);
  assert.equal(game.fen(), fen);
  assert.equal(game.startFen(), fen);
  assert.deepEqual(game.history(), []);
  assert.deepEqual(game.tags(), {});
  assert.match(game.pgn(), /\[SetUp "1"\]\n\[FEN "4k3\/8\/8\/8\/8\/8\/8\/R3K3 w Q - 3 40"\]\n\n\*\n$/);
  assert.equal(game.move('O-O-O').san, 'O-O-O');

  const before = { fen: game.fen(), start: game.startFen(), history: game.history(), pgn: game.pgn() };
  for (const bad of ['', 'not a fen', '8/8/8/8/8/8/8/8 w - - 0 1', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1']) {
    assert.throws(() => game.load(bad), withCode('INVALID_FEN'), JSON.stringify(bad));
    assert.throws(() => game.load(bad), /^ChessError: invalid FEN: /, JSON.stringify(bad));
  }
  assert.throws(() => game.load(7), withCode('INVALID_FEN'));
  assert.throws(() => game.load(null), withCode('INVALID_FEN'));
  assert.deepEqual({ fen: game.fen(), start: game.startFen(), history: game.history(), pgn: game.pgn() }, before);
  assert.equal(game.move('Ke7').san, 'Ke7', 'the game plays on');
  // The clone made before a load keeps its own game.
  const copy = game.clone();
  game.load(START);
  assert.equal(copy.history().length, 2);
  copy.free();
});

test('reset goes back to the start position and clears the tags', () => {
  const game = ChessGame.fromPgn('[Event "Club"]\n[White "Ann"]\n\n1. f3 e5 2. g4 Qh4# 0-1');
  assert.equal(game.isCheckmate(), true);
  game.reset();
  assert.equal(game.fen(), START);
  assert.equal(game.startFen(), START);
  assert.deepEqual(game.history(), []);
  assert.deepEqual(game.tags(), {});
  assert.deepEqual(ends(game), NONE);
  assert.equal(game.state().result, '*');
  assert.match(game.pgn(), /^\[Event "\?"\]\n/);
  assert.equal(game.move('e4').san, 'e4');
});

test('load and reset are refused while a search reads the game, and after free()', () => {
  const game = new ChessGame();
  const ai = new Ai({ fullStrength: true, hashMb: 1 });
  const seen = [];
  ai.analyze(game, {
    depth: 2,
    onProgress: () => {
      for (const call of [() => game.load(START), () => game.reset()]) {
        try {
          call();
          seen.push('none');
        } catch (e) {
          seen.push(e.code);
        }
      }
    },
  });
  assert.ok(seen.length >= 2 && seen.every((c) => c === 'BUSY'), seen.join());
  assert.equal(game.fen(), START);
  ai.free();
  game.free();
  assert.throws(() => game.load(START), withCode('FREED'));
  assert.throws(() => game.reset(), withCode('FREED'));
  assert.throws(() => game.isDraw(), withCode('FREED'));
});

test('an illegal move is an IllegalMoveError with code ILLEGAL_MOVE; unreadable text INVALID_MOVE; after the end GAME_OVER', () => {
  const game = new ChessGame();
  assert.throws(() => game.move('Ke3'), withCode('ILLEGAL_MOVE', IllegalMoveError));
  assert.throws(() => game.move('e5'), withCode('ILLEGAL_MOVE', IllegalMoveError));
  assert.throws(() => game.move({ from: 'e2', to: 'e5' }), withCode('ILLEGAL_MOVE', IllegalMoveError));
  assert.throws(() => game.move('hello'), withCode('INVALID_MOVE', IllegalMoveError));
  assert.throws(() => game.move(''), withCode('INVALID_MOVE', IllegalMoveError));
  assert.throws(() => game.move(42), withCode('INVALID_MOVE'));
  assert.throws(() => game.move({ from: 5, to: 'e4' }), withCode('INVALID_SQUARE'));
  try {
    game.move('Ke3');
  } catch (e) {
    assert.equal(e.reason, 'piece-cannot-move-there');
    assert.equal(e.name, 'IllegalMoveError');
  }
  for (const san of ['f3', 'e5', 'g4', 'Qh4#']) game.move(san);
  assert.throws(() => game.move('a3'), withCode('GAME_OVER', IllegalMoveError));
  assert.throws(() => game.resign('white'), withCode('GAME_OVER'));
  assert.throws(() => game.agreeDraw(), withCode('GAME_OVER'));
  const ai = new Ai({ level: 1 });
  assert.throws(() => ai.bestMove(game), withCode('GAME_OVER'));
  ai.free();
});

test('every ChessError has a code: the wasm errors, the checks in TypeScript', async () => {
  const game = new ChessGame();
  const cases = {
    INVALID_FEN: [() => new ChessGame('x'), () => new ChessGame(7)],
    INVALID_PGN: [() => ChessGame.fromPgn('1. e4 e5 2. Ke3'), () => ChessGame.readPgn(null)],
    INVALID_SQUARE: [() => game.moves('z9'), () => game.moves(42)],
    INVALID_ARGUMENT: [() => game.resign('purple'), () => game.flag(3), () => new Ai({ level: 1 }).think('e4'), () => review('1. e4')],
    INVALID_OPTION: [
      () => game.setTags({ Result: '1-0' }),
      () => game.setTags({ 'bad name': 'x' }),
      () => game.setTags(null),
      () => game.annotate(99, { comment: 'x' }),
      () => game.annotate(-1, {}),
      () => game.pgn({}, null),
      () => new Ai({ level: 9 }),
      () => new Ai({ hashMb: NaN }),
      () => new Ai({ hashMb: 4096 }),
      () => new Ai('strong'),
      () => new Ai({ level: 1 }).think(game, { moveTimeMs: -5 }),
    ],
    INVALID_REVIEW: [() => game.pgn({}, { review: null }), () => game.pgn({}, { review: { schema: 'chess-review/1' } })],
    INVALID_MOVE: [() => game.explain(null)],
  };
  for (const [code, calls] of Object.entries(cases)) {
    for (const call of calls) assert.throws(call, withCode(code), `${code}: ${call}`);
  }
  await assert.rejects(loadNet(new Uint8Array(16)), withCode('INVALID_NET'));
  await assert.rejects(loadNet('/no/such/net.nnue'), withCode('NET_UNAVAILABLE'));
  await assert.rejects(loadNet(42), withCode('INVALID_ARGUMENT'));
  // A ChessError made without a code (by a caller of the package) has INTERNAL.
  assert.equal(new ChessError('x').code, 'INTERNAL');
  assert.equal(new IllegalMoveError('x', 'ambiguous').code, 'ILLEGAL_MOVE');
});

test('a WorkerAi rejects with the ChessError code the worker met', async () => {
  const ai = await WorkerAi.create({ level: 1 });
  try {
    const mated = ChessGame.fromPgn('1. f3 e5 2. g4 Qh4#');
    await assert.rejects(ai.think(mated), withCode('GAME_OVER'));
    await assert.rejects(ai.think({ fen: 'not a fen' }), withCode('INVALID_FEN'));
    await assert.rejects(ai.think({ fen: START, moves: ['e2e5'] }), withCode('ILLEGAL_MOVE'));
    await assert.rejects(ai.review(new ChessGame(), { nodes: -1 }), withCode('INVALID_OPTION'));
    await assert.rejects(ai.review('1. e4 e5 2. Ke3'), withCode('INVALID_PGN'));
  } finally {
    ai.terminate();
  }
  await assert.rejects(WorkerAi.create({ level: 9 }), withCode('INVALID_OPTION'));
});

test('returned squares are lower case; square arguments take either case', () => {
  const game = new ChessGame();
  const move = game.move({ from: 'E2', to: 'E4' });
  assert.deepEqual([move.from, move.to], ['e2', 'e4']);
  assert.deepEqual(game.moves('G8').map((m) => m.to), ['f6', 'h6']);
  assert.equal(game.state().enPassantTarget, 'e3');
});
