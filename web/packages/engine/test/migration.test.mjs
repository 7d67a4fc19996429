// The README's migration tables ("Coming from chess.js", "js-chess-engine v2"), run: every row's
// two calls in order on one game of each package, and a row with no difference must give the
// same result on both (arrays of strings compared as sets: the packages list moves in different
// orders). chess.js and js-chess-engine are dev dependencies, installed from npm.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Chess } from 'chess.js';
import { Game as JsChessEngineGame } from 'js-chess-engine';
import { Ai, ChessGame, init } from '../dist/index.js';

await init();
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

/** The rows of the markdown table whose header starts with `first`: [their call, ours, difference]. */
function rows(first) {
  const lines = readme.split('\n');
  const at = lines.findIndex((l) => l.startsWith(`| ${first} | chess-wasm | difference |`));
  assert.ok(at >= 0, `README: no table headed "${first} | chess-wasm"`);
  const out = [];
  for (const line of lines.slice(at + 2)) {
    if (!line.startsWith('|')) break;
    const cells = line.split(/(?<!\\)\|/).slice(1, -1).map((c) => c.trim());
    const code = (cell) => cell.match(/^`(.*)`$/)?.[1];
    out.push({ theirs: code(cells[0]), ours: code(cells[1]), same: cells[2] === '', line });
  }
  return out;
}

/** Equal results: deep equality, arrays of strings as sets. */
function same(a, b) {
  const norm = (v) => (Array.isArray(v) && v.every((x) => typeof x === 'string') ? [...v].sort() : v);
  assert.deepEqual(norm(a), norm(b));
}

/** Run each row's two calls, in order, with `names` in scope (a `game` the calls may replace). */
function runTable(first, names) {
  const table = rows(first);
  assert.ok(table.length >= 7, `${first}: ${table.length} rows`);
  const { game, ...rest } = names;
  const scope = { ...rest, Ai, ChessGame, initialGame: game };
  const keys = Object.keys(scope);
  // One function for the whole table, its calls as closures run in order (each row sees the state
  // the rows before it left), `game` a variable that `game = ChessGame.fromPgn(…)` may replace.
  const calls = table.map((row, i) => `[${i}, () => (${row.theirs}), () => (${row.ours})]`).join(',\n');
  const make = new Function(...keys, `let game = initialGame;\nreturn [${calls}];`);
  for (const [i, theirs, ours] of make(...keys.map((k) => scope[k]))) {
    const row = table[i];
    let a;
    let b;
    assert.doesNotThrow(() => { a = theirs(); }, `${first} side of: ${row.line}`);
    assert.doesNotThrow(() => { b = ours(); }, `chess-wasm side of: ${row.line}`);
    if (row.same) {
      try {
        same(a, b);
      } catch (e) {
        throw new Error(`the row says the same result, got ${JSON.stringify(a)} and ${JSON.stringify(b)}: ${row.line}`, { cause: e });
      }
    }
  }
  return table;
}

test('every row of the chess.js table runs on both, and rows without a difference agree', () => {
  const table = runTable('chess.js', { chess: new Chess(), game: new ChessGame() });
  assert.ok(table.filter((r) => r.same).length >= 12, "most rows give the same result");
});

test('every row of the js-chess-engine table runs on both, and rows without a difference agree', () => {
  runTable('js-chess-engine', { jce: new JsChessEngineGame(), game: new ChessGame() });
});
