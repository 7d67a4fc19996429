// Loading the wasm module (README, "Loading"): importing the package does no I/O and throws
// nothing; the first call (or init()) loads it; init() is idempotent; a missing or broken file
// is a LOAD_FAILED ChessError, thrown or rejected where the caller can catch it, naming the file
// and the fix; init({ wasm }) takes the module from elsewhere; and the constants the package
// exports without loading the module (src/tables.ts, generated) are the module's own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const wasmFile = join(dist, 'wasm', 'chess_wasm_bg.wasm');

/** Run `code` as an ES module in a new Node process (cwd: `dir`); its stdout. */
function node(code, dir = dist) {
  return execFileSync(process.execPath, ['--input-type=module', '-e', code], { cwd: dir, encoding: 'utf8' }).trim();
}

/** A copy of dist/ without its wasm file (a bundle whose bundler did not ship it); removed after `f`. */
function withoutWasm(f) {
  const dir = mkdtempSync(join(tmpdir(), 'chess-wasm-load-'));
  try {
    cpSync(dist, dir, { recursive: true, filter: (src) => !src.endsWith('.wasm') });
    return f(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('importing the package reads no file; the first ChessGame reads the wasm file once', () => {
  const out = node(`
    const fs = process.getBuiltinModule('node:fs');
    const reads = [];
    for (const name of ['readFileSync']) {
      const original = fs[name];
      fs[name] = (path, ...rest) => { reads.push(String(path)); return original.call(fs, path, ...rest); };
    }
    const pkg = await import('./index.js');
    await import('./compat.js');
    const before = reads.filter((p) => p.includes('.wasm')).length;
    const game = new pkg.ChessGame();
    game.move('e4');
    new pkg.ChessGame();
    console.log(JSON.stringify({ before, after: reads.filter((p) => p.includes('.wasm')).length, fen: game.fen(), levels: pkg.LEVELS.length }));
  `);
  const result = JSON.parse(out);
  assert.equal(result.before, 0, 'no read on import');
  assert.equal(result.after, 1, 'one read, on first use');
  assert.equal(result.fen, 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
  assert.equal(result.levels, 5);
});

test('init() is idempotent: one promise while it loads, settled at once after', () => {
  const out = node(`
    const { init, ChessGame } = await import('./index.js');
    const a = init();
    const b = init();
    await a;
    await init();
    console.log(JSON.stringify({ same: a === b, moves: new ChessGame().moves().length }));
  `);
  assert.deepEqual(JSON.parse(out), { same: true, moves: 20 });
});

test('a missing wasm file: importing still works, the first call and init() fail with LOAD_FAILED naming the file and the fix', () => {
  withoutWasm((dir) => {
    const out = node(`
      const { init, ChessGame, ChessError, LEVELS } = await import('./index.js');
      const seen = {};
      try { new ChessGame(); } catch (e) { seen.thrown = { chess: e instanceof ChessError, code: e.code, message: e.message }; }
      await init().then(() => { seen.init = 'resolved'; }, (e) => { seen.init = { chess: e instanceof ChessError, code: e.code, message: e.message }; });
      seen.levels = LEVELS.length;
      console.log(JSON.stringify(seen));
    `, dir);
    const seen = JSON.parse(out);
    assert.equal(seen.levels, 5, 'the constants need no module');
    for (const failure of [seen.thrown, seen.init]) {
      assert.equal(failure.chess, true);
      assert.equal(failure.code, 'LOAD_FAILED');
      assert.match(failure.message, /chess_wasm_bg\.wasm/);
      assert.match(failure.message, /init\(\{ wasm: url \}\)/);
    }
  });
});

test('init({ wasm }) takes the bytes, or a compiled module, where the file is not beside the package', () => {
  withoutWasm((dir) => {
    for (const how of ['bytes', 'module', 'file URL']) {
      const source = {
        bytes: `fs.readFileSync(${JSON.stringify(wasmFile)})`,
        module: `new WebAssembly.Module(fs.readFileSync(${JSON.stringify(wasmFile)}))`,
        'file URL': `new URL(${JSON.stringify(`file://${wasmFile}`)})`,
      }[how];
      const out = node(`
        const fs = process.getBuiltinModule('node:fs');
        const { init, ChessGame } = await import('./index.js');
        await init({ wasm: ${source} });
        console.log(new ChessGame().moves().length);
      `, dir);
      assert.equal(out, '20', how);
    }
  });
});

test('init({ wasm }) with something that is not the module rejects with LOAD_FAILED; a later init() may succeed', () => {
  const out = node(`
    const { init, ChessGame } = await import('./index.js');
    const codes = [];
    await init({ wasm: new Uint8Array([0, 97, 115, 109, 9, 9, 9, 9]) }).catch((e) => codes.push(e.code));
    await init({ wasm: 42 }).catch((e) => codes.push(e.code));
    await init();
    console.log(JSON.stringify({ codes, moves: new ChessGame().moves().length }));
  `);
  assert.deepEqual(JSON.parse(out), { codes: ['LOAD_FAILED', 'INVALID_ARGUMENT'], moves: 20 });
});

test('the exported constants (src/tables.ts, written at build time) are the loaded module\'s own', async () => {
  const { LEVELS, MAX_HASH_MB, MAX_NET_BYTES, MOVE_CLASSES, init } = await import('../dist/index.js');
  const glue = await import('../dist/wasm/chess_wasm.js');
  await init();
  assert.deepEqual(MOVE_CLASSES, JSON.parse(glue.moveClasses()));
  assert.equal(MAX_HASH_MB, glue.maxHashMb());
  assert.equal(MAX_NET_BYTES, glue.maxNetBytes());
  assert.deepEqual(
    LEVELS.map(({ level, elo, depth, nodes, hashMb }) => ({ level, elo, depth: depth ?? null, nodes: nodes ?? null, hashMb })),
    JSON.parse(glue.levels()),
  );
  assert.ok(readFileSync(wasmFile).length > 100_000);
});

test('the closed sets of words (statuses, rejection reasons, classes, claim kinds) are both modules\' own, and API.md lists them', async () => {
  const engine = await import('../dist/index.js');
  const rules = await import('../dist/rules.js');
  const tables = await import('../dist/tables.js');
  const glue = await import('../dist/wasm/chess_wasm.js');
  const rulesGlue = await import('../dist/wasm-rules/chess_rules.js');
  await engine.init();
  await rules.init();
  const words = JSON.parse(glue.boundaryWords());
  assert.deepEqual(words, {
    gameStatuses: tables.GAME_STATUSES,
    rejectionReasons: tables.REJECTION_REASONS,
    moveClasses: tables.MOVE_CLASS_NAMES,
    claimKinds: tables.CLAIM_KINDS,
    optionKeys: tables.OPTION_KEYS,
    startFen: tables.START_FEN,
  });
  // The keys the module reads are the ones types.ts's option types are checked against (at
  // build time); a key outside them is refused by name.
  assert.deepEqual(tables.OPTION_KEYS.review, ['nodes', 'depth', 'bookPlies']);
  assert.throws(() => new engine.Ai({ threads: 2 }), (e) => e instanceof engine.ChessError && /threads/.test(e.message));
  assert.deepEqual(JSON.parse(rulesGlue.boundaryWords()), {
    gameStatuses: tables.GAME_STATUSES,
    rejectionReasons: tables.REJECTION_REASONS,
    startFen: tables.START_FEN,
  });
  assert.equal(new engine.ChessGame().fen(), tables.START_FEN);
  assert.deepEqual(MOVE_CLASSES_OF(engine), tables.MOVE_CLASS_NAMES);
  for (const entry of [engine, rules]) {
    assert.deepEqual(entry.GAME_STATUSES, tables.GAME_STATUSES);
    assert.deepEqual(entry.REJECTION_REASONS, tables.REJECTION_REASONS);
    assert.equal(entry.START_FEN, tables.START_FEN);
  }
  // API.md, the public API in one page, names every word of each set.
  const api = readFileSync(new URL('../API.md', import.meta.url), 'utf8');
  for (const word of [...tables.GAME_STATUSES, ...tables.REJECTION_REASONS, ...tables.MOVE_CLASS_NAMES, ...tables.CLAIM_KINDS]) {
    assert.ok(api.includes(`'${word}'`), `API.md does not name '${word}'`);
  }
});

/** The class names of the engine's MOVE_CLASSES table. */
const MOVE_CLASSES_OF = (engine) => engine.MOVE_CLASSES.map((c) => c.class);
