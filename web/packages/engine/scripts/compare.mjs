// chess-wasm beside chess.js and js-chess-engine, the two packages JavaScript developers use for
// chess rules and a chess AI: the same work on each, in one run, and what each can do. The peers
// are the pinned npm releases of this package's devDependencies (installed from npm by `npm ci`).
//
//   node scripts/compare.mjs            # speed and features (markdown tables on stdout)
//   node scripts/compare.mjs --sizes    # and the first load of each, from scripts/sizes.mjs
//
// The work:
//  - rules: 100 games of random legal moves (seeded; queen promotions only, the one js-chess-engine
//    makes) are replayed on each library, which at every position lists the legal moves, checks
//    that the game goes on, and plays the next move;
//  - PGN: each of the 100 games written as PGN and read back (js-chess-engine has no PGN);
//  - AI: one move at each of js-chess-engine's levels 1-5 on six positions, through the
//    js-chess-engine API of each (`chess-wasm/compat`'s `ai`; chess.js has no AI), the median.
// The package must be built (`npm run build`). docs/web.md ("Beside chess.js and js-chess-engine")
// holds the tables.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Chess } from 'chess.js';
import jce from 'js-chess-engine';
import { ChessGame } from '../dist/index.js';
import { ai as compatAi } from '../dist/compat.js';
import { random } from './random.mjs';

const GAMES = 100;
const MAX_PLIES = 300;


/** The games, as UCI moves: random legal moves (queen promotions only) to the end or MAX_PLIES. */
function randomGames() {
  const next = random(2026);
  const games = [];
  for (let g = 0; g < GAMES; g++) {
    const game = new ChessGame();
    const moves = [];
    while (!game.state().isFinished && moves.length < MAX_PLIES) {
      const legal = game.moves().filter((m) => !m.promotion || m.promotion === 'q');
      const move = legal[Math.floor(next() * legal.length)];
      moves.push(game.move(move.uci).uci);
    }
    game.free();
    games.push(moves);
  }
  return games;
}

const games = randomGames();
const plies = games.reduce((n, g) => n + g.length, 0);

/** Milliseconds `f` takes on every game (after an untimed run on five, so that its code is warm). */
function timed(f) {
  f(games.slice(0, 5));
  const start = performance.now();
  f(games);
  return performance.now() - start;
}

const square = (uci, at) => uci.slice(at, at + 2);

/** The replay on each library: list the moves, check the game goes on, play the next move. */
const replay = {
  'chess-wasm': (list) => {
    for (const moves of list) {
      const game = new ChessGame();
      for (const uci of moves) {
        if (game.moves().length === 0 || game.state().isFinished) throw new Error('over too early');
        game.move(uci);
      }
      game.free();
    }
  },
  'chess.js': (list) => {
    for (const moves of list) {
      const chess = new Chess();
      for (const uci of moves) {
        if (chess.moves().length === 0 || chess.isGameOver()) throw new Error('over too early');
        chess.move({ from: square(uci, 0), to: square(uci, 2), promotion: uci[4] });
      }
    }
  },
  'js-chess-engine': (list) => {
    for (const moves of list) {
      const game = new jce.Game();
      for (const uci of moves) {
        if (Object.keys(game.moves()).length === 0 || game.exportJson().isFinished) throw new Error('over too early');
        game.move(square(uci, 0).toUpperCase(), square(uci, 2).toUpperCase());
      }
    }
  },
};

/** Each game written as PGN and read back, on the libraries that have PGN. */
const pgnRoundTrip = {
  'chess-wasm': (list) => {
    for (const moves of list) {
      const game = new ChessGame();
      for (const uci of moves) game.move(uci);
      const back = ChessGame.fromPgn(game.pgn());
      if (back.history().length !== moves.length) throw new Error('PGN lost moves');
      back.free();
      game.free();
    }
  },
  'chess.js': (list) => {
    for (const moves of list) {
      const chess = new Chess();
      for (const uci of moves) chess.move({ from: square(uci, 0), to: square(uci, 2), promotion: uci[4] });
      const back = new Chess();
      back.loadPgn(chess.pgn());
      if (back.history().length !== moves.length) throw new Error('PGN lost moves');
    }
  },
};

const POSITIONS = [
  'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1',
  'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3',
  'r2q1rk1/pp2bppp/2n1pn2/3p4/3P4/2NBPN2/PP3PPP/R2Q1RK1 w - - 0 10',
  'r1bq1rk1/pp2ppbp/2np1np1/8/3NP3/2N1BP2/PPPQ2PP/R3KB1R w KQ - 0 10',
  '6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 30',
  '8/5pk1/6p1/3P4/8/6P1/5PK1/8 w - - 0 40',
];

/** The median time of one AI move at `level` on POSITIONS. */
function aiMedian(ai, level) {
  ai(POSITIONS[0], { level, randomness: 0 });
  const times = POSITIONS.map((fen) => {
    const start = performance.now();
    ai(fen, { level, randomness: 0 });
    return performance.now() - start;
  }).sort((a, b) => a - b);
  return (times[2] + times[3]) / 2;
}

/** A peer's package.json, where npm installed it (the workspace's node_modules). */
const manifest = (name) => JSON.parse(readFileSync(new URL(`../../../node_modules/${name}/package.json`, import.meta.url), 'utf8'));
const version = (name) => manifest(name).version;
const names = ['chess-wasm', 'chess.js', 'js-chess-engine'];
const title = { 'chess-wasm': 'chess-wasm', 'chess.js': `chess.js ${version('chess.js')}`, 'js-chess-engine': `js-chess-engine ${version('js-chess-engine')}` };
const ms = (x) => (x === undefined ? '—' : `${x.toFixed(x < 10 ? 1 : 0)} ms`);

console.log(`Node ${process.version}; ${GAMES} random games, ${plies.toLocaleString('en')} plies\n`);
console.log(`| work | ${names.map((n) => title[n]).join(' | ')} |`);
console.log(`| --- | ${names.map(() => '---').join(' | ')} |`);
const rules = Object.fromEntries(names.map((n) => [n, timed(replay[n])]));
console.log(`| replay the games: list the moves, check the end, play (${plies.toLocaleString('en')} positions) | ${names.map((n) => ms(rules[n])).join(' | ')} |`);
const pgn = Object.fromEntries(names.map((n) => [n, pgnRoundTrip[n] && timed(pgnRoundTrip[n])]));
console.log(`| write each game as PGN and read it back | ${names.map((n) => ms(pgn[n])).join(' | ')} |`);
const peers = { 'chess-wasm': compatAi, 'js-chess-engine': jce.ai };
for (let level = 1; level <= 5; level++) {
  const row = names.map((n) => (peers[n] ? ms(aiMedian(peers[n], level)) : '—'));
  console.log(`| AI move, js-chess-engine level ${level} (median of ${POSITIONS.length} positions) | ${row.join(' | ')} |`);
}

// What each can do, probed on the library itself where its API shows it.
const game = new ChessGame();
const chess = new Chess();
const jceGame = new jce.Game();
const has = (object, name) => typeof object[name] === 'function';
const features = [
  ['legal moves, check, mate, draws', true, has(chess, 'isCheckmate'), has(jceGame, 'moves')],
  ['SAN in and out', has(game, 'move') && game.moves()[0].san !== undefined, has(chess, 'move'), false],
  ['FEN in and out', has(game, 'fen') && has(game, 'load'), has(chess, 'fen') && has(chess, 'load'), has(jceGame, 'exportFEN')],
  ['PGN in and out (comments, NAGs)', has(ChessGame, 'fromPgn') && has(game, 'pgn'), has(chess, 'loadPgn') && has(chess, 'pgn'), false],
  ['an AI with levels', true, false, has(jce, 'ai')],
  ['the AI in a Web Worker', true, false, false],
  ['analysis: several lines with scores', true, false, false],
  ['game review: accuracy, marked moves, why', true, false, false],
  ['opening names (ECO)', true, false, false],
  ['why a move is illegal', has(game, 'explain'), false, false],
  ['TypeScript types in the package', true, manifest('chess.js').types !== undefined, manifest('js-chess-engine').types !== undefined],
];
game.free();
console.log(`\n| feature | ${names.map((n) => title[n]).join(' | ')} |`);
console.log(`| --- | ${names.map(() => '---').join(' | ')} |`);
for (const [name, ...cells] of features) console.log(`| ${name} | ${cells.map((c) => (c ? 'yes' : '—')).join(' | ')} |`);

if (process.argv.includes('--sizes')) {
  const table = execFileSync(process.execPath, [new URL('sizes.mjs', import.meta.url).pathname], { encoding: 'utf8' });
  console.log('\nFirst load, gzipped (scripts/sizes.mjs: Vite 8 production build of the smallest page):\n');
  for (const line of table.split('\n')) if (/\| first load \|/.test(line) || /^\| (entry|---)/.test(line)) console.log(line);
}
