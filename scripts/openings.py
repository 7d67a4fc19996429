#!/usr/bin/env python3
"""Build crates/chess-ai/data/openings.tsv, the opening names of the lichess chess-openings data set.

    scripts/openings.py PATH/TO/chess-openings    (a checkout of github.com/lichess-org/chess-openings)

The data set (CC0 1.0, see crates/chess-ai/data/OPENINGS-SOURCE.md) names positions by a line of
moves: each of its a-e.tsv rows is `eco<TAB>name<TAB>pgn`. This plays every line with
python-chess and writes one row a named position: its Polyglot key (16 hex digits, the same key
the opening book uses), the ECO code and the name, sorted by key. Where two rows reach the same
position (a transposition), the first row of the data set's order keeps it. The file is read by
`chess_ai::openings`; a game is named after the last named position it passed through.
"""
import io
import os
import sys

import chess
import chess.pgn
import chess.polyglot

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "crates", "chess-ai", "data", "openings.tsv")


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    src = sys.argv[1]
    named = {}
    rows = 0
    for volume in "abcde":
        with open(os.path.join(src, f"{volume}.tsv"), encoding="utf-8") as f:
            header = f.readline().rstrip("\n").split("\t")
            assert header == ["eco", "name", "pgn"], header
            for line in f:
                eco, name, pgn = line.rstrip("\n").split("\t")
                game = chess.pgn.read_game(io.StringIO(pgn))
                board = game.end().board()
                assert not game.errors, (eco, name, game.errors)
                assert "\t" not in name and "\n" not in name
                named.setdefault(chess.polyglot.zobrist_hash(board), (eco, name))
                rows += 1
    with open(OUT, "w", encoding="utf-8", newline="\n") as out:
        for key in sorted(named):
            eco, name = named[key]
            out.write(f"{key:016x}\t{eco}\t{name}\n")
    print(f"{rows} rows, {len(named)} positions -> {os.path.relpath(OUT, ROOT)}")


if __name__ == "__main__":
    main()
