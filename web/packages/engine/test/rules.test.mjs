// chess-wasm/rules: the rules on their own wasm module (chess-core alone, built small). The same
// answers as chess-wasm's ChessGame (one chess-core behind both), its own errors, never the
// engine's module loaded, and a game of it refused by Ai with a sentence that says what to do.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import * as rules from '../dist/rules.js';
import { Ai, ChessGame, WorkerAi } from '../dist/index.js';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));

test('the rules entry loads its own module, and only that one', () => {
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', `
    const fs = process.getBuiltinModule('node:fs');
    const reads = [];
    const original = fs.readFileSync;
    fs.readFileSync = (path, ...rest) => { reads.push(String(path)); return original.call(fs, path, ...rest); };
    const { ChessGame } = await import('./rules.js');
    new ChessGame().move('e4');
    console.log(JSON.stringify(reads.filter((p) => p.endsWith('.wasm')).map((p) => p.split('/').slice(-2).join('/'))));
  `], { cwd: dist, encoding: 'utf8' });
  assert.deepEqual(JSON.parse(out), ['wasm-rules/chess_rules_bg.wasm']);
});

test('random games: the rules entry answers as chess-wasm does, move by move', () => {
  let seed = 7;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  for (let g = 0; g < 20; g++) {
    const ours = new rules.ChessGame();
    const engine = new ChessGame();
    for (let ply = 0; ply < 120 && !engine.state().isFinished; ply++) {
      const moves = ours.moves();
      assert.deepEqual(moves, engine.moves(), `game ${g}, ply ${ply}`);
      const move = moves[Math.floor(random() * moves.length)];
      assert.deepEqual(ours.move(move.san), engine.move(move.san));
      assert.deepEqual(ours.state(), engine.state());
    }
    assert.equal(ours.pgn({ Event: `game ${g}` }), engine.pgn({ Event: `game ${g}` }));
    assert.deepEqual(ours.history(), engine.history());
    ours.free();
    engine.free();
  }
});

test('PGN, FEN and errors work as in chess-wasm; what needs the engine is not there', () => {
  const mated = rules.ChessGame.fromPgn('1. f3 e5 2. g4 Qh4# 0-1');
  assert.equal(mated.isCheckmate(), true);
  assert.ok(mated.clone() instanceof rules.ChessGame);
  assert.equal(rules.ChessGame.readPgn('1. e4 *\n\n1. d4 *').length, 2);
  assert.throws(() => new rules.ChessGame('not a fen'), (e) => e instanceof rules.ChessError && e.code === 'INVALID_FEN');
  assert.throws(() => mated.move('Ke2'), (e) => e instanceof rules.IllegalMoveError && e.code === 'GAME_OVER');
  assert.throws(() => rules.ChessGame.fromPgn('1. e4 e5 2. Ke3'), (e) => e.code === 'INVALID_PGN');
  assert.equal('opening' in mated, false, 'no opening names in the rules');
  assert.throws(() => mated.pgn({}, { review: { plies: [] } }), (e) => e.code === 'INVALID_OPTION' && /chess-wasm/.test(e.message));
});

test("chess-wasm's Ai refuses a game of the rules entry, saying what to do; WorkerAi takes it by its moves", async () => {
  const game = new rules.ChessGame();
  game.move('e4');
  const ai = new Ai({ level: 1 });
  assert.throws(() => ai.bestMove(game), (e) => e.code === 'INVALID_ARGUMENT' && /chess-wasm\/rules/.test(e.message) && /fromPgn/.test(e.message));
  ai.free();
  const worker = await WorkerAi.create({ level: 1 });
  try {
    const answer = await worker.think(game, { nodes: 2000 });
    assert.ok(game.moves().some((m) => m.uci === answer.best.uci));
  } finally {
    worker.terminate();
  }
});
