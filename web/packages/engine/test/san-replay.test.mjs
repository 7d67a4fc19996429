// Typed SAN plays the move it names: python-chess's SAN of random games (chess-core's fixture,
// standard and Chess960) and our own SAN of 2,000 random games, replayed through ChessGame.move.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ChessGame } from '../dist/index.js';
import { random } from '../scripts/random.mjs';

const fixture = readFileSync(new URL('../../../../crates/chess-core/tests/data/san_games.txt', import.meta.url), 'utf8');

test("python-chess's SAN plays the game's moves", () => {
  let plies = 0;
  for (const line of fixture.split('\n').filter((l) => l && !l.startsWith('#'))) {
    const [fen, moves] = line.split('|').map((s) => s.trim());
    const bySan = new ChessGame(fen);
    const byUci = new ChessGame(fen);
    for (const pair of moves.split(' ')) {
      const [uci, san] = pair.split(':');
      assert.equal(bySan.move(san).san, san, `${san} in ${byUci.fen()}`);
      byUci.move(uci);
      assert.equal(bySan.fen(), byUci.fen(), `${san} (${uci})`);
      plies += 1;
    }
    bySan.free();
    byUci.free();
  }
  assert.ok(plies > 20_000, `${plies} plies`);
});


test('2,000 random games replay from their SAN', () => {
  const next = random(35);
  const starts = fixture
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => l.split('|')[0].trim());
  let plies = 0;
  for (let n = 0; n < 2000; n += 1) {
    const fen = starts[n % starts.length];
    const game = new ChessGame(fen);
    const replay = new ChessGame(fen);
    for (let ply = 0; ply < 120 && game.state().status === 'ongoing'; ply += 1) {
      const moves = game.moves();
      const mv = moves[Math.floor(next() * moves.length)];
      game.move(mv.uci);
      assert.equal(replay.move(mv.san).uci, mv.uci, `${mv.san} in ${replay.fen()}`);
      plies += 1;
    }
    game.free();
    replay.free();
  }
  assert.ok(plies > 100_000, `${plies} plies`);
});
