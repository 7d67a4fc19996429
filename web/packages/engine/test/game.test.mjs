// The modern API: ChessGame and Ai, on the built package (npm run build first).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Ai, ChessError, ChessGame, IllegalMoveError, LEVELS, MAX_HASH_MB, WorkerAi, bench } from '../dist/index.js';

const fixture = (name) => JSON.parse(readFileSync(new URL(`../../../../crates/chess-wasm/tests/data/${name}`, import.meta.url)));

test('moves in SAN, UCI and squares, with the promotion piece', () => {
  const game = new ChessGame();
  assert.equal(game.moves().length, 20);
  assert.equal(game.move('e4').uci, 'e2e4');
  assert.equal(game.move('e7e5').san, 'e5');
  assert.equal(game.move({ from: 'g1', to: 'f3' }).san, 'Nf3');
  assert.deepEqual(game.moves('b8').map((m) => m.san), ['Na6', 'Nc6']);
  const promo = new ChessGame('8/P5k1/8/8/8/8/8/4K3 w - - 0 1');
  const knight = promo.clone().move({ from: 'a7', to: 'a8', promotion: 'n' });
  assert.equal(knight.san, 'a8=N');
  assert.equal(promo.clone().move('a8=R').promotion, 'r');
  assert.equal(promo.clone().move('a7a8b').san, 'a8=B');
  assert.equal(promo.move({ from: 'a7', to: 'a8' }).promotion, 'q');
});

test('the opening is named, by position (a transposition too), and null without one', () => {
  const game = new ChessGame();
  assert.equal(game.opening(), null);
  for (const san of ['e4', 'c5', 'Nf3', 'd6', 'd4', 'cxd4', 'Nxd4', 'Nf6', 'Nc3', 'a6', 'Be3']) game.move(san);
  assert.deepEqual(game.opening(), { eco: 'B90', name: 'Sicilian Defense: Najdorf Variation, English Attack', ply: 11 });
  game.move('h6');
  assert.equal(game.opening().ply, 11, 'a move past the named lines keeps the last name');
  const transposed = new ChessGame();
  for (const san of ['Nf3', 'd5', 'd4']) transposed.move(san);
  const direct = new ChessGame();
  for (const san of ['d4', 'd5', 'Nf3']) direct.move(san);
  assert.deepEqual(transposed.opening(), direct.opening());
  assert.equal(new ChessGame('8/8/8/8/8/8/k7/2K5 w - - 0 1').opening(), null);
});

test('a flag loses on time, or draws when the other side cannot mate', () => {
  const lost = new ChessGame('8/4p3/8/4k3/8/8/8/4K3 w - - 0 1');
  lost.flag('white');
  assert.deepEqual([lost.state().status, lost.state().winner, lost.state().result], ['time-forfeit', 'black', '0-1']);
  const drawn = new ChessGame('8/4p3/8/4k3/8/8/8/4K3 b - - 0 1');
  drawn.flag('black');
  assert.deepEqual([drawn.state().status, drawn.state().winner, drawn.state().result], ['time-forfeit', null, '1/2-1/2']);
  assert.match(drawn.pgn(), /\[Termination "Black's time ran out; White cannot mate: draw"\]/);
  assert.throws(() => drawn.flag('white'), /over/);
  const agreed = new ChessGame();
  agreed.move('e4');
  agreed.agreeDraw();
  assert.deepEqual([agreed.state().status, agreed.state().result], ['draw-agreed', '1/2-1/2']);
  assert.throws(() => agreed.agreeDraw(), /over/);
  // No move after the end: the game stays as it ended.
  assert.throws(() => agreed.move('e5'), /the game is over \(draw-agreed\)/);
  const flagged = new ChessGame();
  flagged.move('e4');
  flagged.flag('black');
  assert.throws(() => flagged.move('e5'), /the game is over \(time-forfeit\)/);
  assert.match(flagged.pgn(), /1\. e4 1-0\s*$/);
});

test('castling, en passant, check and mate are described', () => {
  const game = new ChessGame('r3k2r/8/8/8/3pP3/8/8/R3K2R b KQkq e3 0 1');
  const ep = game.move('dxe3');
  assert.equal(ep.enPassant, true);
  assert.equal(ep.captured, 'P');
  const castle = game.move('O-O-O');
  assert.deepEqual([castle.castle, castle.from, castle.to, castle.uci], [true, 'e1', 'c1', 'e1c1']);
  const fool = new ChessGame();
  for (const m of ['f3', 'e5', 'g4']) fool.move(m);
  const mate = fool.move('Qh4#');
  assert.equal(mate.mate, true);
  assert.deepEqual([fool.state().status, fool.state().winner, fool.state().result], ['checkmate', 'black', '0-1']);
});

test('undo, history and PGN / FEN round trips', () => {
  const game = new ChessGame();
  for (const m of ['d4', 'Nf6', 'c4', 'e6', 'Nc3', 'Bb4']) game.move(m);
  assert.equal(game.history().length, 6);
  assert.equal(game.history()[5].san, 'Bb4');
  assert.equal(game.undo().san, 'Bb4');
  assert.equal(game.history().length, 5);
  const pgn = game.pgn({ White: 'Ann', Black: 'Bob' });
  assert.match(pgn, /\[White "Ann"\]/);
  assert.match(pgn, /1\. d4 Nf6 2\. c4 e6 3\. Nc3 \*/);
  const back = ChessGame.fromPgn(pgn);
  assert.equal(back.fen(), game.fen());
  const fen = 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3';
  assert.equal(new ChessGame(fen).fen(), fen);
  assert.equal(new ChessGame().undo(), null);
});

test('every way a game ends, with its reason', () => {
  const repeat = new ChessGame();
  for (const m of ['Nf3', 'Nf6', 'Ng1', 'Ng8', 'Nf3', 'Nf6', 'Ng1', 'Ng8']) repeat.move(m);
  assert.deepEqual([repeat.state().status, repeat.state().result, repeat.state().isFinished],
    ['threefold-repetition', '1/2-1/2', true]);
  const fifty = new ChessGame('8/8/8/4k3/8/8/4K3/4R3 w - - 99 80');
  fifty.move('Ra1');
  assert.equal(fifty.state().status, 'fifty-move-rule');
  assert.equal(new ChessGame('7k/5Q2/6K1/8/8/8/8/8 b - - 0 1').state().status, 'stalemate');
  assert.equal(new ChessGame('8/8/4k3/8/8/3NK3/8/8 w - - 0 1').state().status, 'insufficient-material');
  const resigned = new ChessGame();
  resigned.move('e4');
  resigned.resign('white');
  assert.deepEqual([resigned.state().status, resigned.state().winner, resigned.state().result],
    ['resignation', 'black', '0-1']);
  assert.match(resigned.pgn(), /\[Result "0-1"\][\s\S]*\[Termination "White resigns"\][\s\S]*1\. e4 0-1/);
  assert.throws(() => resigned.move('e5'), /game is over/);
});

test('illegal moves and bad input are errors with a message, never a crash', () => {
  const game = new ChessGame();
  assert.throws(
    () => game.move('Ke2'),
    (e) => e instanceof IllegalMoveError && e.message === 'Ke2: your own pawn is on e2' && e.reason === 'own-piece-there',
  );
  assert.throws(() => game.move({ from: 'e7', to: 'e5' }), (e) => e.reason === 'not-your-piece');
  const pinned = new ChessGame('4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1');
  assert.deepEqual(pinned.explain('Nc3'), {
    legal: false,
    reason: 'piece-pinned',
    message: 'it would leave your king in check: the rook on e8 pins your knight',
  });
  assert.throws(() => game.move('hello'), IllegalMoveError);
  // The en-passant mark of printed games is read, and checked.
  const ep = new ChessGame('4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1');
  assert.deepEqual(ep.explain('d3 e.p.'), { legal: false, reason: 'not-en-passant', message: 'd3 is not an en-passant capture' });
  assert.equal(ep.move('dxe3 e.p.').san, 'dxe3');
  // A typed move never plays another one: 'bb4' is the bishop's move in lower case, not b2-b4.
  assert.throws(() => game.move('bb4'), (e) => e instanceof IllegalMoveError && e.message === 'bb4: no bishop of yours can go to b4');
  assert.equal(game.history().length, 0);
  assert.equal(game.explain('Nf3').legal, true);
  const why = game.explain('e5');
  assert.equal(why.legal, false);
  assert.ok(why.message.length > 0);
  for (const bad of [null, undefined, 42, {}, [], { from: 'e2' }, { from: 'z9', to: 'e4' }, '', '\u0000']) {
    assert.throws(() => game.move(bad), ChessError, `move(${JSON.stringify(bad)})`);
  }
  for (const fen of ['', 'garbage', '8/8/8/8/8/8/8/8 w - - 0 1', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1']) {
    assert.throws(() => new ChessGame(fen), (e) => e instanceof ChessError && /invalid FEN/.test(e.message), fen);
  }
  assert.throws(() => new ChessGame(7), ChessError);
  assert.throws(() => ChessGame.fromPgn('1. e4 e5 2. Ke3'), ChessError);
  assert.throws(() => game.resign('purple'), ChessError);
  assert.equal(game.history().length, 0, 'nothing was played by the failed calls');
});

test('options are validated', () => {
  assert.throws(() => new Ai({ level: 9 }), /level 9/);
  assert.throws(() => new Ai({ lvl: 2 }), /unknown option 'lvl' \(the options are level, elo, fullStrength/);
  assert.throws(() => new Ai({ level: 2, elo: 1500 }), ChessError);
  assert.throws(() => new Ai({ randomness: -1 }), ChessError);
  assert.throws(() => new Ai('strong'), ChessError);
  assert.deepEqual(LEVELS.map((l) => l.elo), [800, 1200, 1600, 2000, 2300]);
  for (const l of LEVELS) assert.ok(l.depth > 0 || l.nodes > 0, `level ${l.level} has a search budget`);
  assert.ok(LEVELS[4].nodes > LEVELS[3].nodes);
  assert.deepEqual(LEVELS.map((l) => l.hashMb), [1, 1, 2, 8, 16], 'each level sizes its own table');
});

test('the AI mates in one, and reports progress', () => {
  const ai = new Ai({ fullStrength: true, book: false });
  const game = new ChessGame('6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1');
  const reports = [];
  const answer = ai.bestMove(game, { depth: 5, onProgress: (p) => reports.push(p) });
  assert.equal(answer.best.san, 'Ra8#');
  assert.deepEqual(answer.best.score, { kind: 'mate', moves: 1 });
  assert.ok(reports.length >= 1);
  assert.equal(reports.at(-1).pvSan[0], 'Ra8#');
  assert.throws(() => ai.bestMove(new ChessGame('7k/5Q2/6K1/8/8/8/8/8 b - - 0 1')), /stalemate/);
});

test('a move-time limit ends a search (the host clock works in wasm)', () => {
  const ai = new Ai({ fullStrength: true, book: false });
  const start = performance.now();
  const answer = ai.bestMove(new ChessGame(), { moveTimeMs: 150 });
  const took = performance.now() - start;
  assert.ok(answer.depth >= 2, `depth ${answer.depth}`);
  assert.ok(took < 5_000, `a 150 ms search took ${took} ms`);
});

test('the same move as the native build for the same options, position and seed', () => {
  for (const c of fixture('same_move.json')) {
    const ai = new Ai(c.options);
    const answer = ai.bestMove(new ChessGame(c.fen), c.limits);
    assert.equal(answer.best.uci, c.expected, JSON.stringify(c));
  }
});

test('the wasm build searches exactly the native bench nodes', () => {
  const expected = fixture('bench.json');
  assert.equal(bench(expected.depth).nodes, expected.nodes);
});

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const isChessError = (pattern) => (e) => e instanceof ChessError && pattern.test(e.message);

test('an empty FEN is an invalid FEN; no FEN at all is the start position', () => {
  assert.equal(new ChessGame().fen(), START);
  assert.equal(new ChessGame(undefined).fen(), START);
  for (const empty of ['', '  ']) {
    assert.throws(() => new ChessGame(empty), isChessError(/^invalid FEN: /), JSON.stringify(empty));
  }
});

test('a position set up by hand with more material than a game reaches is played, as js-chess-engine does', () => {
  const threeRooks = 'rnb1kbnr/pppppppp/8/3r4/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
  const game = new ChessGame(threeRooks);
  assert.equal(game.moves().length, 20);
  const ai = new Ai({ level: 3 });
  game.move(ai.bestMove(game).best.san);
  assert.equal(ChessGame.fromPgn(game.pgn()).fen(), game.fen(), 'its PGN (a FEN tag) reads back');
  ai.free();
  assert.throws(
    () => new ChessGame('QQQQQQQQ/QQ6/8/8/8/8/8/K6k w - - 0 1'),
    isChessError(/^invalid FEN: illegal position: white has more pieces than a position can hold moves for$/),
  );
});

test('FEN errors say "invalid FEN" once', () => {
  for (const fen of ['', 'garbage', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1', '8/8/8/8/8/8/8/8 w - - 0 1']) {
    assert.throws(
      () => new ChessGame(fen),
      (e) => e instanceof ChessError && e.message.startsWith('invalid FEN: ') && e.message.split('invalid FEN').length === 2,
      fen,
    );
  }
});

test('moves(square) throws a ChessError naming a bad square', () => {
  const game = new ChessGame();
  assert.deepEqual(game.moves('E2').map((m) => m.san), ['e3', 'e4']);
  assert.deepEqual(game.moves('e4'), [], 'an empty square has no moves');
  for (const bad of ['z9', 'e44', '']) {
    assert.throws(() => game.moves(bad), isChessError(new RegExp(`^invalid square '${bad}'`)), bad);
  }
  assert.throws(() => game.moves(42), ChessError);
});

test('a ChessGame or Ai used after free() throws a clear ChessError', () => {
  const game = new ChessGame();
  game.move('e4');
  const copy = game.clone();
  game.free();
  game.free(); // a second free does nothing
  for (const call of [
    () => game.fen(), () => game.moves(), () => game.moves('e2'), () => game.move('e5'), () => game.state(),
    () => game.history(), () => game.undo(), () => game.pgn(), () => game.clone(), () => game.explain('e5'),
  ]) {
    assert.throws(call, isChessError(/^this ChessGame was freed/), String(call));
  }
  assert.equal(copy.move('e5').san, 'e5', 'a clone lives on');
  const ai = new Ai({ fullStrength: true, book: false });
  assert.throws(() => ai.bestMove(game, { depth: 1 }), isChessError(/^this ChessGame was freed/));
  ai.free();
  ai.free();
  assert.throws(() => ai.bestMove(copy, { depth: 1 }), isChessError(/^this Ai was freed/));
  assert.throws(() => ai.setOptions({ level: 2 }), isChessError(/^this Ai was freed/));
  assert.throws(() => ai.newGame(), isChessError(/^this Ai was freed/));
});

test('a transposition table larger than wasm32 holds is a ChessError naming the limit, never a trap', async () => {
  assert.equal(MAX_HASH_MB, 1024);
  const tooLarge = isChessError(/hashMb must be between 0 and 1024 in WebAssembly/);
  for (const hashMb of [1025, 3000, 5000, 2 ** 40]) {
    assert.throws(() => new Ai({ hashMb }), tooLarge, `hashMb ${hashMb}`);
  }
  const ai = new Ai({ fullStrength: true, book: false, hashMb: 1 });
  assert.throws(() => ai.setOptions({ hashMb: 3000 }), tooLarge);
  // The module is still sound, and the largest table allowed is really there.
  assert.equal(ai.bestMove(new ChessGame('6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1'), { depth: 3 }).best.san, 'Ra8#');
  ai.setOptions({ fullStrength: true, book: false, hashMb: MAX_HASH_MB });
  assert.equal(ai.bestMove(new ChessGame('6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1'), { depth: 3 }).best.san, 'Ra8#');
  ai.free();
  await assert.rejects(WorkerAi.create({ hashMb: 5000 }), tooLarge);
});

test('an onProgress that throws does not stop the blocking Ai; the first error is reported once', (t) => {
  const errors = t.mock.method(console, 'error', () => {});
  const ai = new Ai({ fullStrength: true, book: false });
  let calls = 0;
  const boom = () => {
    calls++;
    throw new Error('boom');
  };
  const answer = ai.analyze(new ChessGame(), { depth: 6, onProgress: boom });
  assert.equal(answer.depth, 6, 'the search went to its depth');
  assert.ok(calls > 1, `${calls} reports`);
  assert.equal(errors.mock.callCount(), 1, 'reported once per search');
  assert.match(String(errors.mock.calls[0].arguments[0]), /onProgress/);
  assert.equal(errors.mock.calls[0].arguments[1].message, 'boom');
  ai.bestMove(new ChessGame(), { depth: 3, onProgress: boom });
  assert.equal(errors.mock.callCount(), 2, 'and again for the next search');
  ai.free();
});

test('fivefold repetition and the 75-move rule end the game; threefold and fifty moves do not', () => {
  const shuffle = ['Nf3', 'Nf6', 'Ng1', 'Ng8'];
  const game = new ChessGame();
  for (let i = 0; i < 12; i++) game.move(shuffle[i % 4]);
  assert.equal(game.state().status, 'threefold-repetition', 'four times: claimable, play goes on');
  for (let i = 0; i < 4; i++) game.move(shuffle[i % 4]);
  const s = game.state();
  assert.deepEqual([s.status, s.isFinished, s.winner, s.result], ['fivefold-repetition', true, null, '1/2-1/2']);
  assert.throws(() => game.move('e4'), (e) => e instanceof IllegalMoveError && e.reason === 'game-over' && e.message === 'the game is over (fivefold-repetition)');
  assert.deepEqual(game.explain('e4'), { legal: false, reason: 'game-over', message: 'the game is over (fivefold-repetition)' });
  assert.throws(() => game.resign('white'), /the game is over \(fivefold-repetition\)/);
  assert.throws(() => new Ai({ level: 1 }).bestMove(game), (e) => e instanceof ChessError && /the game is over \(fivefold-repetition\)/.test(e.message));
  assert.match(game.pgn(), /1\/2-1\/2\s*$/);
  game.undo();
  assert.equal(game.state().status, 'threefold-repetition');

  const quiet = new ChessGame('7k/8/8/8/8/8/R7/K7 w - - 148 120');
  assert.equal(quiet.state().status, 'fifty-move-rule');
  quiet.move('Rb2');
  quiet.move('Kg8');
  assert.deepEqual([quiet.state().status, quiet.state().isFinished, quiet.state().halfMove], ['seventy-five-move-rule', true, 150]);
  assert.throws(() => quiet.move('Rb8+'), /the game is over \(seventy-five-move-rule\)/);
  const mate = new ChessGame('7k/8/6K1/8/8/8/8/R7 w - - 149 120');
  mate.move('Ra8#');
  assert.deepEqual([mate.state().status, mate.state().result], ['checkmate', '1-0'], 'a mate on the 150th ply stands');
});

test('ChessGame.chess960(n): the 960 start positions, castling by their rules, the Variant tag; random without n', async () => {
  const { ChessGame: RulesGame } = await import('../dist/rules.js');
  for (const Game of [ChessGame, RulesGame]) {
    assert.equal(Game.chess960(518).fen(), 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
    const game = Game.chess960(3);
    assert.equal(game.fen(), 'bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRKRB w KQkq - 0 1');
    // Kf1 and Rg1 swap at once: by the king onto its rook, as a board's drag gives it.
    const castle = game.move({ from: 'f1', to: 'g1' });
    assert.deepEqual([castle.san, castle.castle, castle.uci], ['O-O', true, 'f1g1']);
    game.move('e5');
    const pgn = game.pgn();
    assert.match(pgn, /\[Variant "Chess960"\]\n\[SetUp "1"\]\n\[FEN "bqnnrkrb\/pppppppp\/8\/8\/8\/8\/PPPPPPPP\/BQNNRKRB w KQkq - 0 1"\]/);
    assert.equal(Game.fromPgn(pgn).fen(), game.fen());
    const random = Game.chess960();
    assert.match(random.fen(), /^[rnbqk]{8}\/pppppppp\/8\/8\/8\/8\/PPPPPPPP\/[RNBQK]{8} w KQkq - 0 1$/);
    for (const bad of [-1, 960, 1.5, NaN, '3']) {
      assert.throws(() => Game.chess960(bad), (e) => e instanceof ChessError && e.code === 'INVALID_ARGUMENT', String(bad));
    }
    for (const g of [game, random]) g.free();
  }
});
