// The engine's data files (src/data.ts: the two nets, the book, the opening names), fetched apart
// from the wasm module: a game reads none of them; the first Ai reads the nets and the book once,
// the first opening() the names; preload() loads them ahead (its `from` folder too); a missing
// or foreign file is a ChessError naming the file; and the module refuses, never traps, while a
// file is missing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));

/** Run `code` as an ES module in a new Node process (cwd: `dir`); its stdout parsed as JSON. */
function node(code, dir = dist) {
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', code], { cwd: dir, encoding: 'utf8' }).trim();
  return JSON.parse(out);
}

/** Count the data files read with fs.readFileSync (the synchronous path) in the child. */
const COUNT_READS = `
  const fs = process.getBuiltinModule('node:fs');
  const reads = [];
  const original = fs.readFileSync;
  fs.readFileSync = (path, ...rest) => { reads.push(String(path).split('/').slice(-2).join('/')); return original.call(fs, path, ...rest); };
  const data = () => reads.filter((p) => p.startsWith('data/'));
`;

test('a game reads no data file; the first Ai reads the nets and the book, once; opening() the names', () => {
  const seen = node(`${COUNT_READS}
    const { Ai, ChessGame, review } = await import('./index.js');
    const game = new ChessGame();
    game.move('e4');
    const afterGame = data();
    const ai = new Ai({ level: 2, seed: 1 });
    const move = ai.bestMove(game, { nodes: 2000 }).best.uci;
    new Ai({ level: 5 }).free();
    const afterAi = data();
    const opening = game.opening().name;
    const afterOpening = data();
    review(ChessGame.fromPgn('1. f3 e5 2. g4 Qh4#'), { nodes: 2000, bookPlies: 0 });
    console.log(JSON.stringify({ afterGame, afterAi, afterOpening, afterReview: data(), legal: game.moves().some((m) => m.uci === move), opening }));
  `);
  assert.deepEqual(seen.afterGame, []);
  assert.deepEqual(seen.afterAi, ['data/s6-128-hm-1000.nnue', 'data/cn128-v2.nnue', 'data/lichess_openings_cc0.bin']);
  assert.deepEqual(seen.afterOpening, [...seen.afterAi, 'data/openings.tsv']);
  assert.deepEqual(seen.afterReview, seen.afterOpening, 'each file is read once');
  assert.equal(seen.legal, true);
  assert.equal(seen.opening, "King's Pawn Game");
});

test('preload() reads ahead, so that later calls read nothing; preload({ from }) takes another folder', () => {
  const dir = mkdtempSync(join(tmpdir(), 'chess-wasm-data-'));
  try {
    cpSync(join(dist, 'data'), join(dir, 'elsewhere'), { recursive: true });
    const seen = node(`${COUNT_READS}
      const { preload, ChessGame, Ai } = await import(${JSON.stringify(join(dist, 'index.js'))});
      await preload('review', { from: ${JSON.stringify(`file://${dir}/elsewhere`)} });
      const game = new ChessGame();
      game.move('d4');
      new Ai({ level: 1 }).free();
      console.log(JSON.stringify({ reads: data(), opening: game.opening().name }));
    `);
    assert.deepEqual(seen.reads, [], 'preload read them (asynchronously), nothing after');
    assert.equal(seen.opening, "Queen's Pawn Game");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a missing data file: LOAD_FAILED naming the file and the fix, thrown and rejected; a game still works', () => {
  const dir = mkdtempSync(join(tmpdir(), 'chess-wasm-data-'));
  try {
    cpSync(dist, dir, { recursive: true, filter: (src) => !src.endsWith('cn128-v2.nnue') });
    const seen = node(`
      const { Ai, ChessError, ChessGame, preload } = await import('./index.js');
      const out = {};
      try { new Ai(); } catch (e) { out.thrown = { chess: e instanceof ChessError, code: e.code, message: e.message }; }
      await preload('engine').then(() => { out.preload = 'resolved'; }, (e) => { out.preload = { code: e.code, message: e.message }; });
      out.moves = new ChessGame().moves().length;
      out.opening = (() => { const g = new ChessGame(); g.move('e4'); return g.opening().eco; })();
      console.log(JSON.stringify(out));
    `, dir);
    for (const failure of [seen.thrown, seen.preload]) {
      assert.equal(failure.code, 'LOAD_FAILED');
      assert.match(failure.message, /cn128-v2\.nnue/);
      assert.match(failure.message, /preload\(\{ from: url \}\)/);
    }
    assert.equal(seen.thrown.chess, true);
    assert.equal(seen.moves, 20);
    assert.equal(seen.opening, 'B00', 'the other files still load');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the module refuses a search while a file is missing and a file that is not the one named', () => {
  const seen = node(`
    const { bindings } = await import('./load.js');
    const wasm = bindings();
    const fs = process.getBuiltinModule('node:fs');
    const out = { missing: JSON.parse(wasm.missingData()) };
    const code = (f) => { try { f(); return 'no error'; } catch (e) { return e.code; } };
    out.engine = code(() => new wasm.Engine(null));
    out.bench = code(() => wasm.bench(3));
    out.net = code(() => wasm.currentNet());
    const position = new wasm.Position(null);
    out.opening = code(() => position.opening());
    // The review module (load-review.js) has its own memory and data.
    const { reviewBindings } = await import('./load-review.js');
    const reviewModule = reviewBindings();
    out.reviewMissing = JSON.parse(reviewModule.missingData());
    out.review = code(() => reviewModule.reviewPgn('1. e4 *', null, null, null));
    out.annotate = code(() => reviewModule.annotatePgn('1. e4 *', [], [], '{}'));
    out.swapped = code(() => wasm.provideData('cn128-v2.nnue', fs.readFileSync('data/s6-128-hm-1000.nnue')));
    out.notANet = code(() => wasm.provideData('cn128-v2.nnue', new Uint8Array(100)));
    out.badTable = code(() => wasm.provideData('openings.tsv', new TextEncoder().encode('zz\\tB00\\tX\\n')));
    out.unknown = code(() => wasm.provideData('other.bin', new Uint8Array(16)));
    out.stillMissing = JSON.parse(wasm.missingData());
    console.log(JSON.stringify(out));
  `);
  const all = ['s6-128-hm-1000.nnue', 'cn128-v2.nnue', 'lichess_openings_cc0.bin', 'openings.tsv'];
  assert.deepEqual(seen.missing, all);
  assert.deepEqual(seen.reviewMissing, all);
  for (const call of ['engine', 'bench', 'net', 'opening', 'review', 'annotate']) assert.equal(seen[call], 'NOT_LOADED', call);
  for (const call of ['swapped', 'notANet', 'badTable', 'unknown']) assert.equal(seen[call], 'INVALID_DATA', call);
  assert.deepEqual(seen.stillMissing, all, 'a refused file changes nothing');
});
