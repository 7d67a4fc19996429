#!/usr/bin/env python3
"""Check chess-syzygy against python-chess's independent Syzygy prober.

    scripts/syzygy-check.py [--tables DIR] [--per-table N] [--seed S] [--out FILE]

For every WDL table in DIR (default ../shared/data/syzygy), N random legal positions with its
material (either side to move; for tables with a pawn on each side, one in four with an en-passant
capture on the board) are probed by python-chess and by chess-syzygy (its `probe` example); the two must
agree on WDL and DTZ for every position. Prints a line a table and the totals; exits 1 on any
disagreement. `--out` writes the positions with python-chess's answers (FEN;WDL;DTZ), the
format of crates/chess-syzygy/tests/data/*.txt.

Needs `pip install chess`.
"""
import argparse
import os
import random
import subprocess
import sys

import chess
import chess.syzygy

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def random_position(rng, material, want_ep=False):
    """A random legal position with the material of a table name like KRPvKP; with `want_ep`
    (and a pawn on each side), one where the side to move can capture en passant."""
    white, black = material.split("v")
    while True:
        board = chess.Board(None)
        board.turn = rng.choice([chess.WHITE, chess.BLACK])
        pieces = [(chess.WHITE, ch) for ch in white] + [(chess.BLACK, ch) for ch in black]
        squares = list(range(64))
        rng.shuffle(squares)
        if want_ep:
            # The pawn that just moved two squares, and one beside it that can take it.
            them = not board.turn
            f = rng.randrange(8)
            df = rng.choice([d for d in (-1, 1) if 0 <= f + d < 8])
            rank = 3 if them == chess.WHITE else 4
            moved, taker = chess.square(f, rank), chess.square(f + df, rank)
            for color, sq in ((them, moved), (board.turn, taker)):
                pieces.remove((color, "P"))
                board.set_piece_at(sq, chess.Piece(chess.PAWN, color))
                squares.remove(sq)
            behind = moved - 8 if them == chess.WHITE else moved + 8
            start = moved - 16 if them == chess.WHITE else moved + 16
            squares = [s for s in squares if s not in (behind, start)]
            board.ep_square = behind
        ok = True
        for color, ch in pieces:
            piece = chess.Piece(chess.PIECE_SYMBOLS.index(ch.lower()), color)
            sq = squares.pop()
            if piece.piece_type == chess.PAWN and chess.square_rank(sq) in (0, 7):
                ok = False
            board.set_piece_at(sq, piece)
        if ok and board.is_valid() and (not want_ep or board.has_legal_en_passant()):
            return board


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--tables", default=os.path.join(ROOT, "..", "shared", "data", "syzygy"))
    p.add_argument("--per-table", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out")
    p.add_argument("--only", help="comma-separated table names")
    args = p.parse_args()

    names = sorted(f[:-5] for f in os.listdir(args.tables) if f.endswith(".rtbw"))
    if args.only:
        names = [n for n in names if n in args.only.split(",")]
    rng = random.Random(args.seed)
    cases = []
    with chess.syzygy.open_tablebase(args.tables) as tb:
        for name in names:
            side_pawns = [part.count("P") for part in name.split("v")]
            for i in range(args.per_table):
                want_ep = min(side_pawns) > 0 and i % 4 == 0
                board = random_position(rng, name, want_ep)
                cases.append((name, board.fen(), tb.probe_wdl(board), tb.probe_dtz(board)))

    subprocess.run(["cargo", "build", "--release", "-q", "-p", "chess-syzygy", "--example", "probe"], cwd=ROOT, check=True)
    exe = os.path.join(ROOT, "target", "release", "examples", "probe")
    run = subprocess.run([exe, args.tables], input="".join(f"{c[1]}\n" for c in cases), capture_output=True, text=True, check=True)
    ours = run.stdout.splitlines()

    bad = 0
    per_table = {}
    for (name, fen, wdl, dtz), line in zip(cases, ours):
        got = line.split(";")[1:]
        agree = got == [str(wdl), str(dtz)]
        per_table.setdefault(name, [0, 0])[0 if agree else 1] += 1
        if not agree:
            bad += 1
            if bad <= 20:
                print(f"DISAGREE {name} {fen}: python-chess wdl {wdl} dtz {dtz}, ours {';'.join(got)}")
    for name, (good, wrong) in per_table.items():
        print(f"{name:8} {good:5} agree {wrong:5} differ")
    print(f"{len(cases) - bad} of {len(cases)} positions agree ({len(names)} tables, seed {args.seed})")
    if args.out:
        with open(args.out, "w") as f:
            for _, fen, wdl, dtz in cases:
                f.write(f"{fen};{wdl};{dtz}\n")
    sys.exit(1 if bad or len(ours) != len(cases) else 0)


if __name__ == "__main__":
    main()
