// Game review in JavaScript: review() (blocking), Ai.review, WorkerAi.review (progress, stop).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Ai, ChessError, ChessGame, MOVE_CLASSES, WorkerAi, review } from '../dist/index.js';

const FOOLS_MATE = '[White "Ann"]\n[Black "Bob"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n';
const CLASSES = ['book', 'only-move', 'best', 'excellent', 'good', 'inaccuracy', 'mistake', 'blunder', 'missed-win'];

test('review() judges each move: classes, Win%, the better move and why, per side figures', () => {
  const game = ChessGame.fromPgn(FOOLS_MATE);
  const progress = [];
  const r = review(game, { nodes: 5_000, bookPlies: 0, onProgress: (p) => progress.push(p) });
  assert.equal(r.schema, 'chess-review/2');
  assert.deepEqual(r.plies.map((p) => p.san), ['f3', 'e5', 'g4', 'Qh4#']);
  const g4 = r.plies[2];
  assert.equal(g4.class, 'blunder');
  assert.equal(g4.symbol, '??');
  assert.equal(g4.color, 'white');
  assert.equal(g4.uci, 'g2g4');
  assert.deepEqual(g4.scoreAfter, { kind: 'mate', moves: -1 }, 'Black mates in one, from White\'s view');
  assert.match(g4.why, /^allows mate in 1: Qh4#/);
  assert.ok(g4.best && g4.best.san !== 'g4' && g4.best.pvSan.length > 0);
  assert.ok(g4.winBefore > 40 && g4.winAfter === 0, `${g4.winBefore} -> ${g4.winAfter}`);
  assert.equal(r.plies[3].class, 'best');
  assert.deepEqual(Object.keys(r.white.counts), CLASSES);
  assert.equal(r.white.counts.blunder, 1);
  assert.ok(r.black.accuracy > r.white.accuracy);
  assert.deepEqual(r.keyMoments.slice(0, 1), [3]);
  assert.deepEqual(progress.at(-1), { done: 5, total: 5 });
  // The same review, byte for byte, from an Ai (whatever its level) and again (a node budget).
  const ai = new Ai({ level: 1 });
  assert.deepEqual(ai.review(game, { nodes: 5_000, bookPlies: 0 }), r);
  ai.free();
  assert.throws(() => ai.review(game), /freed/);
  game.free();
});

test('review options are checked in the user\'s words', () => {
  const game = ChessGame.fromPgn(FOOLS_MATE);
  assert.throws(() => review(game, { moveTimeMs: 100 }), (e) => e instanceof ChessError && /unknown option 'moveTimeMs'/.test(e.message));
  assert.throws(() => review(game, { nodes: 0 }), /nodes must be from 1 to 1000000000 a position, got 0/);
  assert.throws(() => review(game, { nodes: 2e9 }), /nodes must be from 1 to 1000000000 a position, got 2000000000/);
  assert.throws(() => review(game, { depth: 1000 }), /the depth must be from 1 to \d+ a position, got 1000/);
  assert.throws(() => review(FOOLS_MATE), /review takes a ChessGame/);
  game.free();
});

test('WorkerAi.review takes a PGN, reports progress and equals the blocking review; stop keeps the part done', async () => {
  const ai = await WorkerAi.create({ level: 2 });
  try {
    const progress = [];
    const r = await ai.review(FOOLS_MATE, { nodes: 5_000, bookPlies: 0, onProgress: (p) => progress.push(p) });
    const game = ChessGame.fromPgn(FOOLS_MATE);
    assert.deepEqual(r, review(game, { nodes: 5_000, bookPlies: 0 }));
    game.free();
    assert.equal(progress.length, 5);
    await assert.rejects(ai.review('1. e4 e5 2. Ke3'), /illegal/);
    // A long game at a big budget, stopped early: the moves judged so far (shared stop flag in Node).
    const long = new ChessGame();
    for (const m of ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5', 'a6', 'Ba4', 'Nf6', 'O-O', 'Be7', 'Re1', 'b5', 'Bb3', 'd6']) long.move(m);
    let first = null;
    const stopped = ai.review(long, { nodes: 2_000_000, onProgress: (p) => { if (!first) { first = p; ai.stop(); } } });
    const part = await stopped;
    assert.ok(first, 'progress came');
    assert.ok(part.plies.length < 14, `${part.plies.length} plies judged before the stop`);
    // The worker still works afterwards.
    const again = await ai.think(new ChessGame(), { depth: 2 });
    assert.ok(again.best.uci.length >= 4);
    long.free();
  } finally {
    ai.terminate();
  }
});

test('pgn({ review }): the game annotated with its review, as lichess exports one; a review of another game refused', () => {
  const game = ChessGame.fromPgn(FOOLS_MATE);
  const r = review(game, { nodes: 5_000, bookPlies: 0 });
  const text = game.pgn({ Event: 'Club' }, { review: r });
  const flat = text.replace(/\n/g, ' ');
  assert.match(text, /\[Event "Club"\]/);
  assert.match(text, /\[White "Ann"\]/, 'the game\'s own tags stay');
  assert.match(text, /\[Annotator "chess review"\]/);
  assert.match(flat, /2\. g4 \$4 \{\[%eval #-1\] Blunder: allows mate in 1: Qh4#;/);
  assert.match(flat, new RegExp(`\\(2\\. ${r.plies[2].best.san.replace(/[+#]/g, '\\$&')} `), 'the better line as a variation');
  assert.match(flat.trimEnd(), /2\.\.\. Qh4# 0-1$/);
  // A review kept as JSON (a saved game) annotates the same way.
  assert.equal(game.pgn({ Event: 'Club' }, { review: JSON.parse(JSON.stringify(r)) }), text);
  // Read back, the annotated PGN is the same game.
  const back = ChessGame.fromPgn(text);
  assert.deepEqual(back.history().map((m) => m.san), ['f3', 'e5', 'g4', 'Qh4#']);
  // Without a review, the plain PGN.
  assert.doesNotMatch(game.pgn(), /%eval/);
  const other = ChessGame.fromPgn('1. e4 e5 *');
  assert.throws(
    () => other.pgn({}, { review: r }),
    (e) => e instanceof ChessError && e.message === 'the review is not of this game: ply 1 is f3 in the review, e4 in the game',
  );
  assert.throws(() => game.pgn({}, { review: { schema: 'x' } }), (e) => e instanceof ChessError && /^not a review of schema chess-review\/2: /.test(e.message));
  assert.throws(() => game.pgn({}, { review: 'text' }), (e) => e instanceof ChessError && /must be a review object/.test(e.message));
  game.free(); back.free(); other.free();
});

test('MOVE_CLASSES names every class a review gives, with its title and symbol, in order', () => {
  assert.deepEqual(
    MOVE_CLASSES.map((c) => [c.class, c.title, c.symbol]),
    [
      ['book', 'Book move', null],
      ['only-move', 'Only move', '!'],
      ['best', 'Best move', null],
      ['excellent', 'Excellent', null],
      ['good', 'Good', null],
      ['inaccuracy', 'Inaccuracy', '?!'],
      ['mistake', 'Mistake', '?'],
      ['blunder', 'Blunder', '??'],
      ['missed-win', 'Missed win', '??'],
    ],
  );
});

test('a game that goes on past a threefold repetition is reviewed to its last move', () => {
  // The start position three times (a draw either player could claim), then the players play on.
  const pgn = '1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. e4 e5 6. Qh5 Nc6 7. Bc4 Nf6 8. Qxf7# 1-0\n';
  const game = ChessGame.fromPgn(pgn);
  const r = review(game, { nodes: 5_000, bookPlies: 0 });
  assert.equal(r.plies.length, 15, 'every move judged');
  assert.equal(r.plies[13].san, 'Nf6');
  assert.equal(r.plies[13].class, 'blunder');
  assert.equal(r.plies[14].san, 'Qxf7#');
  game.free();
});

test('a hint and a draw offer are chess-ai\'s: its hint time, and its answer to an offer by move and score', async () => {
  const { DRAW_OFFER_MOVE_TIME_MS, HINT_MOVE_TIME_MS, answerDrawOffer } = await import('../dist/index.js');
  assert.equal(HINT_MOVE_TIME_MS, 1000);
  assert.equal(DRAW_OFFER_MOVE_TIME_MS, 800);
  assert.deepEqual(answerDrawOffer(12, null), { answer: 'too-early', fromMove: 30 });
  assert.deepEqual(answerDrawOffer(12, { kind: 'cp', cp: 0 }), { answer: 'too-early', fromMove: 30 });
  assert.deepEqual(answerDrawOffer(30, null), { answer: 'declines' });
  assert.deepEqual(answerDrawOffer(30, { kind: 'cp', cp: -30 }), { answer: 'accepts' });
  assert.deepEqual(answerDrawOffer(30, { kind: 'cp', cp: 31 }), { answer: 'declines' });
  assert.deepEqual(answerDrawOffer(64, { kind: 'mate', moves: 3 }), { answer: 'declines' });
  assert.deepEqual(answerDrawOffer(64, { kind: 'cp', cp: 1e9 }), { answer: 'declines' }, 'a huge number is no mate and no draw');
  assert.deepEqual(answerDrawOffer(64, { kind: 'cp', cp: -1e12 }), { answer: 'declines' }, 'never wrapped into a small number');
  assert.deepEqual(answerDrawOffer(64, { kind: 'cp', cp: 12.4 }), { answer: 'accepts' });
  // What no search gives is refused: a NaN must not read as 0, an even position a draw is taken in.
  for (const bad of [{ kind: 'cp', cp: NaN }, { kind: 'cp', cp: Infinity }, { kind: 'cp', cp: '10' }, { kind: 'mate', moves: 1.5 }, { kind: 'pawns' }, {}, 'cp 10', 10]) {
    assert.throws(() => answerDrawOffer(64, bad), (e) => e instanceof ChessError && e.code === 'INVALID_ARGUMENT' && /^score must be/.test(e.message), JSON.stringify(bad) ?? String(bad));
  }
  for (const bad of [0, -1, 1.5, NaN, 70000]) {
    assert.throws(() => answerDrawOffer(bad, null), (e) => e instanceof ChessError && e.code === 'INVALID_ARGUMENT', String(bad));
  }
});
