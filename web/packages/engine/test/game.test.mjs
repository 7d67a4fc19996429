// The modern API: ChessGame and Ai, on the built package (npm run build first).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Ai, ChessError, ChessGame, IllegalMoveError, LEVELS, bench } from '../dist/index.js';

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
  assert.equal(game.explain('Nf3').legal, true);
  const why = game.explain('e5');
  assert.equal(why.legal, false);
  assert.ok(why.message.length > 0);
  for (const bad of [null, undefined, 42, {}, [], { from: 'e2' }, { from: 'z9', to: 'e4' }, '', '\u0000']) {
    assert.throws(() => game.move(bad), ChessError, `move(${JSON.stringify(bad)})`);
  }
  for (const fen of ['', 'garbage', '8/8/8/8/8/8/8/8 w - - 0 1', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1']) {
    if (fen === '') continue;
    assert.throws(() => new ChessGame(fen), (e) => e instanceof ChessError && /invalid FEN/.test(e.message), fen);
  }
  assert.throws(() => new ChessGame(7), ChessError);
  assert.throws(() => ChessGame.fromPgn('1. e4 e5 2. Ke3'), ChessError);
  assert.throws(() => game.resign('purple'), ChessError);
  assert.equal(game.history().length, 0, 'nothing was played by the failed calls');
});

test('options are validated', () => {
  assert.throws(() => new Ai({ level: 9 }), /level 9/);
  assert.throws(() => new Ai({ lvl: 2 }), /unknown AI option 'lvl'/);
  assert.throws(() => new Ai({ level: 2, elo: 1500 }), ChessError);
  assert.throws(() => new Ai({ randomness: -1 }), ChessError);
  assert.throws(() => new Ai('strong'), ChessError);
  assert.deepEqual(LEVELS.map((l) => l.elo), [800, 1200, 1600, 2000, 2400]);
  for (const l of LEVELS) assert.ok(l.depth > 0 || l.nodes > 0, `level ${l.level} has a search budget`);
  assert.ok(LEVELS[4].nodes > LEVELS[3].nodes);
});

test('the AI mates in one, and reports progress', () => {
  const ai = new Ai({ fullStrength: true, book: false });
  const game = new ChessGame('6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1');
  const reports = [];
  const answer = ai.bestMove(game, { depth: 5, onProgress: (p) => reports.push(p) });
  assert.equal(answer.best.san, 'Ra8#');
  assert.deepEqual(answer.best.score, { mate: 1 });
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
    const { full, ...rest } = c.options;
    const ai = new Ai({ ...rest, ...(full ? { fullStrength: true } : {}) });
    const answer = ai.bestMove(new ChessGame(c.fen), c.limits);
    assert.equal(answer.best.uci, c.expected, JSON.stringify(c));
  }
});

test('the wasm build searches exactly the native bench nodes', () => {
  const expected = fixture('bench.json');
  assert.equal(bench(expected.depth).nodes, expected.nodes);
});
