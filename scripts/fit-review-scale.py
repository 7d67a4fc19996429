#!/usr/bin/env python3
"""Fit the review's score scale (`chess_ai::review::ScoreScale`) for a net: our centipawns in
Stockfish's, by quantile matching over the reference samples' positions.

    scripts/fit-review-scale.py [--engine target/release/chess] [--net NAME|FILE]
                                [--ours DIR=FILE ...] [DIR ...]

For each sample DIR (default: docs/review-quality and docs/review-quality-2, made by
scripts/review-vs-stockfish.py, which also caches Stockfish's depth-18 scores there as
reference-d18.jsonl), our scores of every position come from `chess review DIR/games.pgn --jsonl`
at the default budget (the JSON's scores are the engine's own, before any scale), or from a file
given with `--ours DIR=FILE`. Over the positions where both scores are centipawns, the k-th
smallest of our |scores| is matched to the k-th smallest of Stockfish's, and the map is read at
fixed knots of ours. Matching ranks, not least squares, keeps the fit from shrinking towards the
mean where the two engines disagree. Endings (positions whose pieces other than kings and pawns
weigh 8 or less: a minor piece 1, a rook 2, a queen 4, as `chess_eval::phase` counts them,
`ENDGAME_PHASE` in scale.rs) get a table of their own, fitted on the endings alone. Prints both
tables as the Rust of crates/chess-ai/src/review/scale.rs, and the knots fitted on each sample
alone (they should agree).
"""
import argparse
import bisect
import json
import os
import subprocess

import chess
import chess.pgn

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KNOTS = [0, 25, 50, 100, 150, 200, 300, 400, 500, 600, 800, 1000, 1500]
# `ENDGAME_PHASE` of crates/chess-ai/src/review/scale.rs, and its weights (`chess_eval::phase`).
ENDGAME_PHASE = 8
WEIGHTS = {chess.KNIGHT: 1, chess.BISHOP: 1, chess.ROOK: 2, chess.QUEEN: 4}


def phases(directory):
    """Per game, the phase of each position from the start (`chess_eval::phase`, capped at 24)."""
    out = []
    with open(os.path.join(directory, "games.pgn")) as f:
        while (game := chess.pgn.read_game(f)) is not None:
            board = game.board()
            weight = lambda: min(24, sum(WEIGHTS.get(p.piece_type, 0) for p in board.piece_map().values()))
            ph = [weight()]
            for move in game.mainline_moves():
                board.push(move)
                ph.append(weight())
            out.append(ph)
    return out


def pairs(directory, ours_text):
    """(ending?, |our cp|, |Stockfish's cp|) for every position of the sample scored in centipawns
    by both."""
    ref = [json.loads(line) for line in open(os.path.join(directory, "reference-d18.jsonl")) if line.strip()]
    ours = [json.loads(line) for line in ours_text.splitlines() if line.strip()]
    if len(ours) != len(ref):
        raise SystemExit(f"{directory}: {len(ours)} reviews for {len(ref)} reference games")
    out = []
    for scores, review, ph in zip(ref, ours, phases(directory)):
        plies = review["review"]["plies"]
        mine = [p["scoreBefore"] for p in plies] + [plies[-1]["scoreAfter"]] if plies else []
        for (kind, value), score, phase in zip(scores, mine, ph):
            if kind == "cp" and "cp" in score:
                out.append((phase <= ENDGAME_PHASE, abs(score["cp"]), abs(value)))
    return out


def fit(points):
    """Stockfish's centipawns at each knot of ours, matched by rank."""
    a = sorted(x for x, _ in points)
    b = sorted(y for _, y in points)
    n = len(a)
    knots = []
    for x in KNOTS:
        rank = bisect.bisect_left(a, x) / (n - 1)
        knots.append((x, b[min(n - 1, round(rank * (n - 1)))] if x > 0 else 0))
    return knots


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("dirs", nargs="*", default=[os.path.join(ROOT, "docs", d) for d in ("review-quality", "review-quality-2")])
    p.add_argument("--engine", default=os.path.join(ROOT, "target", "release", "chess"))
    p.add_argument("--net", help="review with this net (`chess review --net`)")
    p.add_argument("--ours", action="append", default=[], help="DIR=FILE: our reviews of DIR's games from FILE")
    a = p.parse_args()
    # Samples by absolute path, so that `--ours docs/review-quality=FILE` names the default one too.
    a.dirs = [os.path.abspath(d) for d in a.dirs]
    given = {os.path.abspath(d): f for d, f in (item.split("=", 1) for item in a.ours)}
    unknown = set(given) - set(a.dirs)
    if unknown:
        raise SystemExit(f"--ours names no sample being fitted: {', '.join(sorted(unknown))}")
    samples = []
    for directory in a.dirs:
        if directory in given:
            text = open(given[directory]).read()
        else:
            net = ["--net", a.net] if a.net else []
            games = os.path.join(directory, "games.pgn")
            text = subprocess.run([a.engine, "review", games, "--jsonl", *net], capture_output=True, text=True, check=True).stdout
        samples.append(pairs(directory, text))
    for ending, name in ((False, "knots"), (True, "endgame")):
        part = [[(x, y) for e, x, y in points if e == ending] for points in samples]
        for directory, points in zip(a.dirs, part):
            print(f"{name}: {os.path.basename(directory)} alone ({len(points)} positions): {fit(points)}")
        pooled = [pt for points in part for pt in points]
        print(f"{name}: all {len(pooled)} positions, for crates/chess-ai/src/review/scale.rs:")
        print(f"            {name}: &[")
        print("\n".join(f"                ({x}, {y})," for x, y in fit(pooled)))
        print("            ],\n")


if __name__ == "__main__":
    main()
