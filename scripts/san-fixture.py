#!/usr/bin/env python3
"""Random games written by python-chess, the reference for our SAN (crates/chess-core/tests/san_replay.rs).

Each line: a start FEN, `|`, then `uci:san` pairs of the game. Standard games start from the
initial position, Chess960 games from the starts of crates/chess-core/tests/data/fischer.epd.
Promotions are drawn to every piece, so bishops and knights come in twos and threes and need
disambiguation (`B2b3`, `Nd5f4`).

    pip install chess
    python3 scripts/san-fixture.py                                  # the committed fixture
    python3 scripts/san-fixture.py --games 2000 --out /tmp/san.txt  # a bigger set
    SAN_GAMES=/tmp/san.txt cargo test -p chess-core --test san_replay
"""
import argparse
import pathlib
import random

import chess

ROOT = pathlib.Path(__file__).resolve().parent.parent
FISCHER = ROOT / "crates/chess-core/tests/data/fischer.epd"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=240)
    ap.add_argument("--plies", type=int, default=100, help="the longest game kept, in plies")
    ap.add_argument("--seed", type=int, default=35)
    ap.add_argument("--out", default=str(ROOT / "crates/chess-core/tests/data/san_games.txt"))
    args = ap.parse_args()
    rng = random.Random(args.seed)
    starts960 = [l.split(";")[0].strip() for l in FISCHER.read_text().splitlines() if l.strip()]
    lines = [f"# python-chess {chess.__version__}: scripts/san-fixture.py --games {args.games} "
             f"--plies {args.plies} --seed {args.seed}"]
    for n in range(args.games):
        chess960 = n % 4 == 3
        fen = rng.choice(starts960) if chess960 else chess.STARTING_FEN
        board = chess.Board(fen, chess960=chess960)
        pairs = []
        while len(pairs) < args.plies and not board.is_game_over(claim_draw=False):
            move = rng.choice(list(board.legal_moves))
            pairs.append(f"{move.uci()}:{board.san(move)}")
            board.push(move)
        lines.append(f"{fen} | {' '.join(pairs)}")
    pathlib.Path(args.out).write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
