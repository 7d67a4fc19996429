// A differential test of the js-chess-engine v2 API: random sequences of calls (moves, illegal
// moves, move lists, setPiece/removePiece, exports, the stateless functions, bad squares, AI
// moves) made on our compat `Game` and on the real js-chess-engine from npm (a devDependency,
// never copied here), compared call by call.
//
// A difference is either one of INTENDED below (each counted, and the run says how often it met
// each), or a failure that prints the sequence (its start and every call) to reproduce it. The AI
// is not deterministic at a level and the levels are not the same players: our AI's move is only
// checked to be legal for js-chess-engine, which then plays it too.
//
// DIFF_SEED and DIFF_SEQUENCES (environment) change the seed and the number of sequences.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import jce from 'js-chess-engine';
import { Game, getFen, move, moves, status } from '../dist/index.js';
import { random } from '../scripts/random.mjs';

/**
 * The differences on purpose (docs/web.md, "js-chess-engine v2 compatibility", lists the same).
 * `diverges`: the two boards differ afterwards, so js-chess-engine is set up again from our FEN
 * (or the sequence ends where it cannot be).
 */
export const INTENDED = {
  'move-result-status': {
    diverges: false,
    text: "the board move() returns (Game's and the stateless one's) says checkMate, staleMate and isFinished after the move; js-chess-engine 2.4.6's has them false there (its exportJson() has them right)",
  },
  'draw-rules': {
    diverges: false,
    text: 'threefold repetition, the fifty-move rule and insufficient material set isFinished (js-chess-engine knows only mate and stalemate)',
  },
  'game-over-without-claim': {
    diverges: true,
    text: "after fivefold repetition or the 75-move rule (FIDE's draws without a claim) move() throws `Invalid move from A to B` and ai() `Game is already finished`; js-chess-engine plays on",
  },
  'edit-draft': {
    diverges: true,
    text: 'while an edit leaves no position (no king, two kings, a pawn on a back rank, the side not to move in check), moves/move/ai/getHistory throw `Invalid board: <reason>` and the export reports no check, mate or end; js-chess-engine plays on such a board',
  },
  'edit-castling': {
    diverges: true,
    text: 'an edit that takes a king or rook off its square drops that castling right for good; js-chess-engine keeps the flag (and writes it in the FEN)',
  },
  'edit-en-passant': {
    diverges: true,
    text: 'an edit keeps the en-passant square only while a pawn can just have skipped it; js-chess-engine keeps it whatever the edit',
  },
  'under-promotion': {
    diverges: true,
    text: "move(from, to, 'n') under-promotes, and so may the AI (its board shows the piece; the move entry { G2: 'G1' } cannot); js-chess-engine ignores move's third argument and makes a queen",
  },
  'history-after-edit-or-fen': {
    diverges: false,
    text: 'getHistory() lists the moves since the start FEN or the last edit; js-chess-engine replays its moves from the standard start position (nothing for a FEN game) and keeps them across edits',
  },
  'piece-symbol': {
    diverges: true,
    text: 'setPiece with a symbol that is not a piece throws `Invalid piece symbol: x`; js-chess-engine corrupts its board silently',
  },
};

/**
 * Not counted as differences, by the comparison itself: the order of the squares in a moves()
 * list and of the keys of its map (ours a1..h8; js-chess-engine's in its generation order), and
 * the promotion square listed once (js-chess-engine lists it once per promotion piece).
 */
const normMoves = (map) =>
  Object.fromEntries(
    Object.entries(map)
      .map(([from, to]) => [from, [...new Set(to)].sort()])
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );

const normConfig = (c) => ({
  ...c,
  pieces: Object.fromEntries(Object.entries(c.pieces).sort(([a], [b]) => (a < b ? -1 : 1))),
  castling: { whiteShort: c.castling.whiteShort, whiteLong: c.castling.whiteLong, blackShort: c.castling.blackShort, blackLong: c.castling.blackLong },
});

/** The call's value or its error's message. */
function outcome(f) {
  try {
    return { value: f() };
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
}


const START_FENS = [
  undefined, // the start position, new Game()
  undefined,
  undefined,
  'r3k2r/pppq1ppp/2npbn2/4p3/4P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 4 8', // both sides can castle either way
  'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3', // en passant possible
  '8/P1k5/8/8/8/8/5Kp1/8 w - - 0 1', // promotions on both sides
  '6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1', // mate in one
  '7k/8/8/8/8/8/R7/K7 w - - 140 120', // the 75-move rule in reach
  '8/8/4k3/8/8/3NK3/8/8 w - - 0 1', // insufficient material
  '4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1', // rook endgame with castling
  'r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4', // Qxf7#
];
const PIECES = ['Q', 'R', 'B', 'N', 'P', 'q', 'r', 'b', 'n', 'p'];
const FILES = 'ABCDEFGH';
const BAD_SQUARES = ['z9', 'i1', 'a0', 'e10', 'E9', 'h0', 'ee'];

function squareAt(r) {
  return `${FILES[Math.floor(r() * 8)]}${1 + Math.floor(r() * 8)}`;
}

/**
 * One sequence. Returns { ops, differences: Map<key, count> }; throws an AssertionError with the
 * sequence's log on a difference that is not intended.
 */
function runSequence(seed, length) {
  const r = random(seed);
  const pick = (list) => list[Math.floor(r() * list.length)];
  const fen = pick(START_FENS);
  const log = [`new Game(${fen === undefined ? '' : JSON.stringify(fen)})`];
  const ours = fen === undefined ? new Game() : new Game(fen);
  let theirs = fen === undefined ? new jce.Game() : new jce.Game(fen);
  const differences = new Map();
  let ops = 0;
  let draft = false; // our board is no position (an edit in progress)
  let draftOps = 0;
  let historyComparable = fen === undefined;
  let gameOver = false; // a draw without a claim has ended our game
  let ended = false;

  const fail = (what, a, b) => {
    assert.fail(`unintended difference at call ${ops} (${what}), seed ${seed}:\n  ours:   ${JSON.stringify(a)}\n  theirs: ${JSON.stringify(b)}\n${log.map((l) => `  ${l}`).join('\n')}`);
  };
  const intended = (key) => {
    differences.set(key, (differences.get(key) ?? 0) + 1);
    if (INTENDED[key].diverges) resync();
  };
  /** Set js-chess-engine up again from our board, or end the sequence where it cannot be. */
  const resync = () => {
    if (draft || gameOver) {
      ended = true;
      return;
    }
    theirs = new jce.Game(ours.exportFEN());
    historyComparable = false;
  };
  const isDrawByRule = (c) => c.isFinished && !c.checkMate && !c.staleMate;
  /** Whether a draw without a claim ended our game (five repetitions or 150 plies). */
  const overWithoutClaim = () => {
    const c = ours.exportJson();
    if (!isDrawByRule(c)) return false;
    return outcome(() => ours.ai({ level: 1, play: false })).error === 'Game is already finished';
  };

  /** Compare two board configurations, classifying a difference. */
  const compareConfigs = (what, a, b, { afterEdit = false, moveResult = false } = {}) => {
    const x = normConfig(a);
    let y = normConfig(b);
    if (JSON.stringify(x) === JSON.stringify(y)) return;
    if (moveResult && !y.checkMate && !y.staleMate && !y.isFinished && (x.checkMate || x.staleMate)) {
      // Ours reports the mate or stalemate the move gave; compare the rest.
      differences.set('move-result-status', (differences.get('move-result-status') ?? 0) + 1);
      y = { ...y, isFinished: x.isFinished, checkMate: x.checkMate, staleMate: x.staleMate };
      if (JSON.stringify(x) === JSON.stringify(y)) return;
    }
    if (draft) {
      const strip = (c) => ({ ...c, isFinished: false, check: false, checkMate: false, staleMate: false });
      if (JSON.stringify(strip(x)) === JSON.stringify(strip(y))) {
        differences.set('edit-draft', (differences.get('edit-draft') ?? 0) + 1);
        return;
      }
      fail(what, x, y);
    }
    if (isDrawByRule(x) && !y.isFinished && JSON.stringify({ ...x, isFinished: false }) === JSON.stringify(y)) {
      intended('draw-rules');
      return;
    }
    if (afterEdit) {
      const rest = (c) => ({ ...c, castling: null, enPassant: null });
      const lost = Object.entries(x.castling).every(([side, has]) => !has || y.castling[side]);
      const castlingDiffers = JSON.stringify(x.castling) !== JSON.stringify(y.castling);
      const epDiffers = x.enPassant !== y.enPassant;
      const sameRest = JSON.stringify(rest(x)) === JSON.stringify(rest(y)) || (isDrawByRule(x) && JSON.stringify(rest({ ...x, isFinished: false })) === JSON.stringify(rest(y)));
      if (sameRest && (!castlingDiffers || lost) && (!epDiffers || x.enPassant === null)) {
        if (castlingDiffers) differences.set('edit-castling', (differences.get('edit-castling') ?? 0) + 1);
        if (epDiffers) differences.set('edit-en-passant', (differences.get('edit-en-passant') ?? 0) + 1);
        resync();
        return;
      }
    }
    fail(what, x, y);
  };

  /** Compare the outcomes of one call made on both. */
  const compareOutcomes = (what, a, b, norm = (v) => v) => {
    if (a.error !== undefined || b.error !== undefined) {
      if (a.error === b.error) return;
      if (draft && a.error?.startsWith('Invalid board: ')) {
        intended('edit-draft');
        return;
      }
      fail(what, a, b);
    }
    if (JSON.stringify(norm(a.value)) !== JSON.stringify(norm(b.value))) fail(what, norm(a.value), norm(b.value));
  };

  const ourMoves = () => outcome(() => ours.moves()).value ?? {};
  const legalPairs = () => Object.entries(ourMoves()).flatMap(([from, to]) => [...new Set(to)].map((t) => [from, t]));

  while (ops < length && !ended) {
    ops++;
    const roll = r();
    if (draft) draftOps++;
    if (draft && draftOps > 4) break; // an edit that will not heal: enough
    if (draft ? roll < 0.6 : roll < 0.3) {
      // A legal move (from our list: js-chess-engine's must have it too), now and then as an
      // under-promotion; while our board is a draft, an edit that may make it a position again.
      if (draft) {
        const config = ours.exportJson();
        const kings = (symbol) => Object.entries(config.pieces).filter(([, p]) => p === symbol).map(([s]) => s);
        const [white, black] = [kings('K'), kings('k')];
        const [square, piece] =
          white.length === 0 ? [squareAt(r), 'K'] : black.length === 0 ? [squareAt(r), 'k'] : [squareAt(r), null];
        const edit = piece ? () => ours.setPiece(square, piece) : () => ours.removePiece(square);
        const editTheirs = piece ? () => theirs.setPiece(square, piece) : () => theirs.removePiece(square);
        log.push(piece ? `setPiece(${square}, ${piece})` : `removePiece(${square})`);
        compareOutcomes('edit', outcome(edit), outcome(editTheirs));
        draft = outcome(() => ours.moves()).error?.startsWith('Invalid board: ') === true;
        historyComparable = false;
        compareConfigs('exportJson after edit', ours.exportJson(), theirs.exportJson(), { afterEdit: true });
        continue;
      }
      const pairs = legalPairs();
      if (pairs.length === 0) continue;
      const [from, to] = pick(pairs);
      const promotes = /[18]$/.test(to) && /^[Pp]$/.test(ours.exportJson().pieces[from] ?? '');
      const under = promotes && r() < 0.3;
      const wasOver = gameOver || overWithoutClaim();
      log.push(`move(${from}, ${to}${under ? ", 'n'" : ''})`);
      const a = outcome(() => (under ? ours.move(from, to, 'n') : ours.move(from, to)));
      const b = outcome(() => (under ? theirs.move(from, to, 'n') : theirs.move(from, to)));
      if (wasOver && a.error === `Invalid move from ${from} to ${to}` && b.error === undefined) {
        gameOver = true;
        intended('game-over-without-claim');
        continue;
      }
      if (under && a.error === undefined && b.error === undefined && a.value.pieces[to] !== b.value.pieces[to]) {
        intended('under-promotion');
        continue;
      }
      if (a.error !== undefined || b.error !== undefined) compareOutcomes('move', a, b);
      else compareConfigs('move', a.value, b.value, { moveResult: true });
    } else if (roll < 0.38) {
      // Any two squares: mostly illegal, both must say so alike.
      const [from, to] = [squareAt(r), squareAt(r)];
      const lower = r() < 0.5;
      const [f, t] = lower ? [from.toLowerCase(), to.toLowerCase()] : [from, to];
      log.push(`move(${f}, ${t})`);
      compareOutcomesMaybeDiverging('move', outcome(() => ours.move(f, t)), outcome(() => theirs.move(f, t)));
    } else if (roll < 0.46) {
      log.push('moves()');
      compareOutcomes('moves()', outcome(() => ours.moves()), outcome(() => theirs.moves()), normMoves);
    } else if (roll < 0.54) {
      const square = r() < 0.5 ? squareAt(r) : pick(legalPairs().map(([f]) => f).concat(['E2']));
      log.push(`moves(${square})`);
      compareOutcomes(`moves(${square})`, outcome(() => ours.moves(square)), outcome(() => theirs.moves(square)), normMoves);
    } else if (roll < 0.64) {
      // setPiece: a piece (a king now and then, a pawn on a back rank rarely) on any square.
      let square = squareAt(r);
      let piece = r() < 0.08 ? pick(['K', 'k']) : pick(PIECES);
      if (/^[Pp]$/.test(piece) && /[18]$/.test(square) && r() < 0.8) square = `${square[0]}4`;
      if (r() < 0.02) piece = 'x';
      log.push(`setPiece(${square}, ${piece})`);
      const a = outcome(() => ours.setPiece(square, piece));
      const b = outcome(() => theirs.setPiece(square, piece));
      if (piece === 'x') {
        assert.equal(a.error, 'Invalid piece symbol: x');
        intended('piece-symbol');
        break;
      }
      compareOutcomes('setPiece', a, b);
      draft = outcome(() => ours.moves()).error?.startsWith('Invalid board: ') === true;
      draftOps = 0;
      historyComparable = false;
      gameOver = false;
      compareConfigs('exportJson after setPiece', ours.exportJson(), theirs.exportJson(), { afterEdit: true });
    } else if (roll < 0.72) {
      // removePiece: mostly an occupied square (a king now and then: moved by remove + set).
      const occupied = Object.keys(ours.exportJson().pieces);
      const square = r() < 0.8 && occupied.length > 0 ? pick(occupied) : squareAt(r);
      log.push(`removePiece(${square})`);
      compareOutcomes('removePiece', outcome(() => ours.removePiece(square)), outcome(() => theirs.removePiece(square)));
      draft = outcome(() => ours.moves()).error?.startsWith('Invalid board: ') === true;
      draftOps = 0;
      historyComparable = false;
      gameOver = false;
      compareConfigs('exportJson after removePiece', ours.exportJson(), theirs.exportJson(), { afterEdit: true });
    } else if (roll < 0.76) {
      log.push('exportFEN()');
      const a = ours.exportFEN();
      const b = theirs.exportFEN();
      if (a !== b) fail('exportFEN', a, b);
    } else if (roll < 0.8) {
      log.push('exportJson()');
      compareConfigs('exportJson', ours.exportJson(), theirs.exportJson());
    } else if (roll < 0.83) {
      log.push('getHistory()');
      const a = outcome(() => ours.getHistory());
      const b = outcome(() => theirs.getHistory());
      if (!historyComparable) {
        if (JSON.stringify(a) !== JSON.stringify(b)) intended(draft && a.error ? 'edit-draft' : 'history-after-edit-or-fen');
        continue;
      }
      if (a.error !== undefined || b.error !== undefined) {
        compareOutcomes('getHistory', a, b);
        continue;
      }
      if (a.value.length !== b.value.length) fail('getHistory length', a.value.length, b.value.length);
      a.value.forEach((entry, i) => {
        assert.deepEqual(entry.move, b.value[i].move, `history ${i} (seed ${seed})`);
        compareConfigs(`getHistory[${i}]`, { ...entry, move: undefined }, { ...b.value[i], move: undefined });
      });
    } else if (roll < 0.9) {
      // The stateless functions on the current FEN.
      if (draft) continue;
      const fenNow = theirs.exportFEN();
      const which = pick(['status', 'getFen', 'moves', 'move']);
      log.push(`${which}(${JSON.stringify(fenNow)})`);
      if (which === 'status') compareConfigsOrDraw('status', outcome(() => status(fenNow)), outcome(() => jce.status(fenNow)));
      else if (which === 'getFen') compareOutcomes('getFen', outcome(() => getFen(fenNow)), outcome(() => jce.getFen(fenNow)));
      else if (which === 'moves') compareOutcomes('moves(fen)', outcome(() => moves(fenNow)), outcome(() => jce.moves(fenNow)), normMoves);
      else {
        const pairs = legalPairs();
        const [from, to] = pairs.length > 0 && r() < 0.8 ? pick(pairs) : [squareAt(r), squareAt(r)];
        log.push(`  move(fen, ${from}, ${to})`);
        compareConfigsOrDraw('move(fen)', outcome(() => move(fenNow, from, to)), outcome(() => jce.move(fenNow, from, to)), true, fenNow);
      }
    } else if (roll < 0.94) {
      // A bad square, in each call that takes one.
      const bad = pick(BAD_SQUARES);
      const call = pick(['move-from', 'move-to', 'moves', 'setPiece', 'removePiece']);
      log.push(`${call} with ${bad}`);
      const run = (g) =>
        outcome(() =>
          call === 'move-from' ? g.move(bad, 'e4') : call === 'move-to' ? g.move('e2', bad) : call === 'moves' ? g.moves(bad) : call === 'setPiece' ? g.setPiece(bad, 'Q') : g.removePiece(bad),
        );
      compareOutcomes(`${call}(${bad})`, run(ours), run(theirs));
    } else {
      // Our AI at level 1: its move must be legal for js-chess-engine, which then plays it.
      if (draft) continue;
      const legal = normMoves(theirs.moves());
      log.push('ai({ level: 1 })');
      const a = outcome(() => ours.ai({ level: 1 }));
      if (a.error !== undefined) {
        const jceOver = theirs.exportJson().isFinished;
        if (a.error === 'Game is already finished' && (jceOver || gameOver || overWithoutClaim())) {
          if (!jceOver) {
            gameOver = true;
            intended('game-over-without-claim');
          }
          continue;
        }
        fail('ai', a, { legal });
      }
      const [[from, to]] = Object.entries(a.value.move);
      if (!legal[from]?.includes(to)) fail('ai move is legal', a.value.move, legal);
      log.push(`  played ${from}${to}`);
      const theirBoard = theirs.move(from, to);
      if (/^[RBNrbn]$/.test(a.value.board.pieces[to]) && /^[Qq]$/.test(theirBoard.pieces[to] ?? '')) {
        intended('under-promotion');
        continue;
      }
      compareConfigs('ai then move', a.value.board, theirBoard, { moveResult: true });
    }
  }
  ours.free();
  return { ops, differences };

  /** A call that may play on either side while ours is a draft or over: the sequence ends if it did. */
  function compareOutcomesMaybeDiverging(what, a, b) {
    if (a.error === b.error && a.error !== undefined) return;
    if (draft && a.error?.startsWith('Invalid board: ')) {
      intended('edit-draft');
      return;
    }
    if (a.error?.startsWith('Invalid move from ') && b.error === undefined && (gameOver || overWithoutClaim())) {
      gameOver = true;
      intended('game-over-without-claim');
      return;
    }
    if (a.error === undefined && b.error === undefined) {
      compareConfigs(what, a.value, b.value, { moveResult: true });
      return;
    }
    fail(what, a, b);
  }

  /** The stateless functions' boards: equal, or apart only by a draw by rule. */
  function compareConfigsOrDraw(what, a, b, moveResult = false, fenNow = '') {
    if (a.error !== undefined || b.error !== undefined) {
      // A FEN whose halfmove clock is 150 or more is a game the 75-move rule has ended.
      if (a.error?.startsWith('Invalid move from ') && b.error === undefined && Number(fenNow.split(' ')[4]) >= 150) {
        differences.set('game-over-without-claim', (differences.get('game-over-without-claim') ?? 0) + 1);
        return;
      }
      compareOutcomes(what, a, b);
      return;
    }
    const x = normConfig(a.value);
    let y = normConfig(b.value);
    if (moveResult && !y.checkMate && !y.staleMate && !y.isFinished && (x.checkMate || x.staleMate)) {
      differences.set('move-result-status', (differences.get('move-result-status') ?? 0) + 1);
      y = { ...y, isFinished: x.isFinished, checkMate: x.checkMate, staleMate: x.staleMate };
    }
    if (JSON.stringify(x) === JSON.stringify(y)) return;
    if (isDrawByRule(x) && !y.isFinished && JSON.stringify({ ...x, isFinished: false }) === JSON.stringify(y)) {
      differences.set('draw-rules', (differences.get('draw-rules') ?? 0) + 1);
      return;
    }
    fail(what, x, y);
  }
}

test('compat against js-chess-engine 2.4.6: random call sequences agree, but for the intended differences', (t) => {
  const seed = Number(process.env.DIFF_SEED ?? 20261201);
  const sequences = Number(process.env.DIFF_SEQUENCES ?? 400);
  let ops = 0;
  const total = new Map();
  for (let i = 0; i < sequences; i++) {
    const result = runSequence(seed + i, 60);
    ops += result.ops;
    for (const [key, n] of result.differences) total.set(key, (total.get(key) ?? 0) + n);
  }
  const met = [...total.entries()].sort().map(([key, n]) => `${key} ${n}`).join(', ');
  t.diagnostic(`${sequences} sequences, ${ops} calls compared; intended differences met: ${met}`);
  assert.ok(ops >= sequences * 20, `${ops} calls`);
  // The sequences reach the differences they are there to show (a change that hid one would
  // leave it unexercised).
  for (const key of ['draw-rules', 'edit-draft', 'edit-castling', 'under-promotion', 'history-after-edit-or-fen']) {
    assert.ok((total.get(key) ?? 0) > 0, `${key} was never met`);
  }
});

test('the fixed cases: constructors, a king moved by remove + set, the seventy-five-move rule', () => {
  // Bad FENs are refused by both (the words differ: ours come from the engine's FEN reader).
  for (const bad of ['not a fen', '8/8/8/8/8/8/8/8 w - - 0 1', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1']) {
    assert.throws(() => new Game(bad), Error, bad);
    assert.throws(() => new jce.Game(bad), Error, bad);
  }
  // A king moved by remove + set: js-chess-engine's way, and ours now.
  const ours = new Game();
  const theirs = new jce.Game();
  for (const g of [ours, theirs]) {
    g.move('e2', 'e4');
    g.move('e7', 'e5');
    g.removePiece('e1');
    g.setPiece('e2', 'K');
  }
  assert.equal(ours.exportFEN(), 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPPKPPP/RNBQ1BNR w kq e6 0 2');
  assert.equal(theirs.exportFEN(), 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPPKPPP/RNBQ1BNR w KQkq e6 0 2', "js-chess-engine keeps White's rights");
  assert.deepEqual(normMoves(ours.moves('e2')), normMoves(theirs.moves('e2')));
  // 150 plies without a capture or pawn move: our game is over, js-chess-engine's is not.
  const fen = '7k/8/8/8/8/8/R7/K7 w - - 149 120';
  const [a, b] = [new Game(fen), new jce.Game(fen)];
  assert.equal(a.move('A2', 'B2').isFinished, true);
  assert.equal(b.move('A2', 'B2').isFinished, false);
  assert.throws(() => a.move('H8', 'G8'), /^Error: Invalid move from H8 to G8$/);
  assert.throws(() => a.ai({ level: 1 }), /^Error: Game is already finished$/);
  assert.equal(b.move('H8', 'G8').turn, 'white');
});

test("docs/web.md's compat section lists every intended difference by its name", () => {
  const docs = readFileSync(new URL('../../../../docs/web.md', import.meta.url), 'utf8');
  const section = docs.slice(docs.indexOf('## js-chess-engine v2 compatibility'), docs.indexOf('## Memory'));
  for (const key of Object.keys(INTENDED)) assert.ok(section.includes(`- \`${key}\`:`), key);
});
