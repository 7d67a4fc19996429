#!/usr/bin/env python3
"""How each engine of a match spent its clock, from the PGN that `match.py --pgn` writes.

Each move's comment there reads `+0.31/17 0.212s clk=8.41` (score / depth, the time the move took,
the clock left after it). For every engine this prints the mean time a move and the median depth
by decade of full moves (moves 1-10, 11-20, ...), and the median clock left at each game's last
move: the shape of its time management, side by side with the opponent's at the same time control.
Engines are told apart by their names in the PGN (two builds of ours, both `chess 0.1.0`, count as
one).

    python3 scripts/time-use.py docs/matches/final/after-sf2850.pgn

Needs python-chess (`pip install chess`).
"""

import argparse
import re
import statistics
import sys
from collections import defaultdict

import chess.pgn

COMMENT = re.compile(r"(?:/(?P<depth>\d+))?\s*(?P<secs>\d+\.\d+)s(?:\s+clk=(?P<clk>-?\d+\.\d+))?")


def parse(comment):
    """(seconds, depth or None, clock left or None) of a move comment, or None (a book move)."""
    m = COMMENT.search(comment)
    if not m:
        return None
    depth = int(m["depth"]) if m["depth"] else None
    clk = float(m["clk"]) if m["clk"] else None
    return float(m["secs"]), depth, clk


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pgn", nargs="+", help="PGN files written by match.py --pgn")
    ap.add_argument("--decade", type=int, default=10, help="full moves a row covers (default 10)")
    args = ap.parse_args()

    times = defaultdict(lambda: defaultdict(list))  # engine -> row -> [seconds]
    depths = defaultdict(lambda: defaultdict(list))
    last_clock = defaultdict(list)  # engine -> clock left at its last move of each game
    games = 0
    for path in args.pgn:
        with open(path, encoding="utf-8") as f:
            while (game := chess.pgn.read_game(f)) is not None:
                games += 1
                names = {chess.WHITE: game.headers.get("White", "?"), chess.BLACK: game.headers.get("Black", "?")}
                last = {}
                board = game.board()  # the position before each move, replayed once
                for node in game.mainline():
                    mover, fullmove = board.turn, board.fullmove_number
                    board.push(node.move)
                    parsed = parse(node.comment)
                    if parsed is None:
                        continue
                    engine = names[mover]
                    secs, depth, clk = parsed
                    row = (fullmove - 1) // args.decade
                    times[engine][row].append(secs)
                    if depth is not None:
                        depths[engine][row].append(depth)
                    if clk is not None:
                        last[engine] = clk
                for engine, clk in last.items():
                    last_clock[engine].append(clk)
    if not games:
        sys.exit("no games in " + ", ".join(args.pgn))

    print(f"{games} games")
    for engine in sorted(times):
        rows = times[engine]
        print(f"\n{engine}")
        print(f"  {'moves':>9}  {'n':>6}  {'ms/move':>8}  {'depth':>6}")
        for row in sorted(rows):
            lo, hi = row * args.decade + 1, (row + 1) * args.decade
            d = depths[engine].get(row)
            depth = f"{statistics.median(d):6.1f}" if d else "     -"
            print(f"  {lo:>4}-{hi:<4}  {len(rows[row]):>6}  {1000 * statistics.mean(rows[row]):>8.0f}  {depth}")
        if last_clock[engine]:
            print(f"  median clock left at its last move: {statistics.median(last_clock[engine]):.2f} s")


if __name__ == "__main__":
    main()
