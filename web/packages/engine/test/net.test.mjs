// The full-strength net: the compiled-in one, the stronger one shipped as a file and loaded on
// this thread (loadNet) or in a worker (WorkerAi.loadNet), and what a bad file does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Ai, ChessError, ChessGame, NET_URL, WorkerAi, bench, currentNet, loadNet, review, unloadNet } from '../dist/index.js';

const fixture = (name) => JSON.parse(readFileSync(new URL(`../../../../crates/chess-wasm/tests/data/${name}`, import.meta.url)));
const isChessError = (pattern) => (e) => e instanceof ChessError && pattern.test(e.message);
const COMPILED = { name: 's6-128-hm-1000', hash: 'c385be0744eca044', compiledIn: true };
const STRONG = { name: 's7-hm4-1726-k200', hash: '0dcd9c03e201d233', compiledIn: false };
const MIDDLEGAME = 'r2q1rk1/pp2bppp/2n1pn2/3p4/3P4/2NBPN2/PP3PPP/R2Q1RK1 w - - 0 10';

const picked = ({ name, hash, compiledIn }) => ({ name, hash, compiledIn });

/** Nodes of a fresh full-strength search to depth 8 of the middlegame (deterministic on one net). */
function nodesAtDepth(ai) {
  ai.newGame();
  return ai.analyze(new ChessGame(MIDDLEGAME), { depth: 8 }).nodes;
}

test('the package ships the stronger net beside itself, and loading it moves full strength, not the levels', async () => {
  assert.deepEqual(picked(currentNet()), COMPILED);
  assert.match(NET_URL.href, /\/dist\/nets\/s7-hm4-1726-k200\.nnue$/);
  assert.equal(readFileSync(NET_URL).length, 790913);
  const full = new Ai({ fullStrength: true, book: false });
  const level = new Ai({ level: 5, book: false, seed: 7 });
  const before = { full: nodesAtDepth(full), level: level.bestMove(new ChessGame(MIDDLEGAME), { nodes: 5000 }).best.uci };
  const info = await loadNet();
  try {
    assert.deepEqual(picked(info), STRONG);
    assert.deepEqual(currentNet(), info);
    assert.match(info.shape, /^768->128x2->1, inputs .*, 8 output buckets$/);
    // The Ai made before picks the net up at its next search, as a new one has it.
    const after = nodesAtDepth(full);
    assert.notEqual(after, before.full, 'another net searches another tree');
    assert.equal(nodesAtDepth(new Ai({ fullStrength: true, book: false })), after);
    level.newGame();
    assert.equal(level.bestMove(new ChessGame(MIDDLEGAME), { nodes: 5000 }).best.uci, before.level, 'the level keeps its net');
    // On it, the wasm bench searches the native `chess bench`'s nodes (the Bench: signature).
    const expected = fixture('bench.json');
    assert.equal(bench(expected.depth).nodes, expected.native.nodes, `native net ${expected.native.net}`);
  } finally {
    unloadNet();
  }
  assert.deepEqual(picked(currentNet()), COMPILED);
  assert.equal(nodesAtDepth(full), before.full);
  full.free();
  level.free();
});

test('the review (a module of its own) searches on the net loaded on its thread or in its worker, and on the compiled-in one after unloadNet', async () => {
  const game = ChessGame.fromPgn('1. e4 e5 2. Nf3 Nc6 3. Bc4 Nd4 4. Nxe5 Qg5 5. Nxf7 Qxg2');
  const budget = { nodes: 4000, bookPlies: 0 };
  const scores = (r) => r.plies.map((p) => JSON.stringify(p.scoreAfter));
  const compiled = scores(review(game, budget));
  await loadNet();
  let loaded;
  try {
    loaded = scores(review(game, budget));
    assert.notDeepEqual(loaded, compiled, 'another net judges otherwise');
    const ai = await WorkerAi.create({ fullStrength: true });
    try {
      await ai.loadNet();
      assert.deepEqual(scores(await ai.review(game, budget)), loaded, 'the worker reviews on the net it loaded');
      await ai.unloadNet();
      assert.deepEqual(scores(await ai.review(game, budget)), compiled);
    } finally {
      ai.terminate();
    }
  } finally {
    unloadNet();
  }
  assert.deepEqual(scores(review(game, budget)), compiled);
  game.free();
});

test('a file that is not a net, or is not there, is refused with the reason and changes nothing', async () => {
  const bytes = new Uint8Array(readFileSync(NET_URL));
  await assert.rejects(loadNet(bytes.subarray(0, 5000)), isChessError(/^invalid net: the net file is truncated$/));
  await assert.rejects(loadNet(new TextEncoder().encode('not a net at all')), isChessError(/^invalid net: not a net file/));
  await assert.rejects(loadNet(new URL('./no-such.nnue', NET_URL)), isChessError(/^could not read the net .*no-such\.nnue: .*ENOENT/));
  await assert.rejects(loadNet(42), isChessError(/^a net is given as a URL, a path or its bytes/));
  assert.deepEqual(picked(currentNet()), COMPILED);
  // Its bytes, a path and a URL are the same net.
  assert.deepEqual(picked(await loadNet(bytes.buffer)), STRONG);
  unloadNet();
  assert.deepEqual(picked(await loadNet(NET_URL.pathname)), STRONG);
  unloadNet();
});

test('WorkerAi.loadNet: the worker searches on the loaded net, also after a restart', async () => {
  const ai = await WorkerAi.create({ fullStrength: true, book: false });
  try {
    const game = { fen: MIDDLEGAME, moves: [] };
    const fresh = async () => {
      await ai.newGame();
      return (await ai.think(game, { mode: 'analyze', depth: 8 })).nodes;
    };
    const compiled = await fresh();
    assert.deepEqual(picked(await ai.loadNet()), STRONG);
    const strong = await fresh();
    const here = await loadNet();
    try {
      assert.equal(strong, nodesAtDepth(new Ai({ fullStrength: true, book: false })), 'the same net as on this thread');
    } finally {
      unloadNet();
    }
    assert.ok(here.name === STRONG.name && strong !== compiled);
    // A worker that is started again (terminate, then a call) loads the net again.
    ai.terminate();
    assert.equal(await fresh(), strong);
    await assert.rejects(ai.loadNet(new Uint8Array(10)), isChessError(/^invalid net: /));
    assert.equal(await fresh(), strong, 'a refused file leaves the net');
    assert.deepEqual(picked(await ai.unloadNet()), COMPILED);
    assert.equal(await fresh(), compiled);
  } finally {
    ai.terminate();
  }
});

/** `promise`, or a failure after `ms` (a read that never ends must fail the test, not hang it). */
async function within(ms, promise, what) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not settled within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

test('loadNet reads regular files only, and refuses more than 256 MiB from any source before copying it', async (t) => {
  const { mkdtempSync, rmSync, truncateSync, writeFileSync } = await import('node:fs');
  const { execFileSync } = await import('node:child_process');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { pathToFileURL } = await import('node:url');
  const { default: init } = await import('../dist/wasm/chess_wasm.js');
  const { memory } = await init();
  const dir = mkdtempSync(join(tmpdir(), 'chess-wasm-net-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const notRegular = /^could not read the net .*: not a regular file/;
  // A device that never ends and a FIFO nobody writes to: refused at once, never read.
  if (!process.env.SKIP_DEV_ZERO) await within(5_000, assert.rejects(loadNet("/dev/zero"), isChessError(notRegular)), '/dev/zero');
  const fifo = join(dir, 'net.fifo');
  execFileSync('mkfifo', [fifo]);
  await within(5_000, assert.rejects(loadNet(fifo), isChessError(notRegular)), 'a FIFO');
  await within(5_000, assert.rejects(loadNet(pathToFileURL(fifo)), isChessError(notRegular)), 'a FIFO by URL');
  await within(5_000, assert.rejects(loadNet(dir), isChessError(notRegular)), 'a directory');
  // A regular file beyond the limit (sparse: no disk used) is refused by its size, unread.
  const huge = join(dir, 'huge.nnue');
  writeFileSync(huge, '');
  truncateSync(huge, (256 << 20) + 1);
  await within(5_000, assert.rejects(loadNet(huge), isChessError(/^the net .*huge\.nnue is 268435457 bytes: more than a net file can be \(256 MiB\)$/)), 'a huge file');
  // Bytes beyond the limit: refused before they are copied into the wasm memory.
  const before = memory.buffer.byteLength;
  const big = new Uint8Array((256 << 20) + 1);
  await assert.rejects(loadNet(big), isChessError(/^the net \(bytes\) is 268435457 bytes: more than a net file can be \(256 MiB\)$/));
  await assert.rejects(loadNet(big.buffer), isChessError(/^the net \(bytes\) is 268435457 bytes/));
  assert.equal(memory.buffer.byteLength, before, 'nothing was copied into the wasm memory');
  const ai = await WorkerAi.create({ fullStrength: true });
  try {
    await assert.rejects(ai.loadNet(big), isChessError(/^the net \(bytes\) is 268435457 bytes/));
    await assert.rejects(ai.loadNet('/dev/zero'), isChessError(notRegular));
  } finally {
    ai.terminate();
  }
  assert.deepEqual(picked(currentNet()), COMPILED);
});
