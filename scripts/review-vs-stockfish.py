#!/usr/bin/env python3
"""How good is `chess review`? Its judgements against Stockfish's, on games with mistakes in them.

    scripts/review-vs-stockfish.py [--games 50] [--depth 18] [--elo 1350] [--nodes 20000] [--dir DIR]
                                   [--review-nodes N | --ours FILE] [--stockfish-nodes N]

1. Games: Stockfish 15.1 with `UCI_LimitStrength` at `--elo` against itself, `--nodes` a move,
   from random 2moves openings (../shared/data/openings/2moves_v1.epd), up to 160 plies. They
   make the mistakes a review is for. Saved as DIR/games.pgn (default DIR: docs/review-quality,
   committed with its reference scores); a run reuses them.
2. The reference: every position scored by Stockfish at `--depth` (full strength, one thread, 64
   MiB hash kept through a game, as an analysis of the game would: a fresh one a game), lichess's
   published formulas on top (Win% from the score, move accuracy, the game accuracy as the mean
   of the volatility-weighted and the harmonic means), and the classes by the Win% the move
   loses (inaccuracy 5, mistake 10, blunder 15). Cached as DIR/reference-dD.jsonl, a line a
   game, so a stopped run resumes.
3. Ours: `chess review DIR/games.pgn --jsonl` at its default budget (50,000 nodes a position), or
   `--review-nodes N`.
4. The report: blunder and mistake recall and precision (ours `missed-win` counts as a blunder),
   the mean absolute difference of per-side accuracy, and the confusion of the two class lists.
5. With `--stockfish-nodes N`, the same report for Stockfish itself limited to N nodes a position
   (scored like the reference, cached as DIR/stockfish-nN.jsonl), on the same moves: what a
   review at that budget can reach with a far stronger engine.

The formulas here are written from lichess's description (lila `AccuracyPercent`,
`WinPercent`), not from our Rust, so that the comparison checks ours too. Needs python-chess
(`pip install chess`) and Stockfish (`apt-get install stockfish`, or $STOCKFISH).
"""
import argparse
import json
import math
import os
import random
import subprocess
import sys

import chess
import chess.engine
import chess.pgn

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.environ.get("SHARED", os.path.join(ROOT, "..", "shared"))
STOCKFISH = os.environ.get("STOCKFISH", "/usr/games/stockfish")
CLASSES = ["book", "only-move", "best", "excellent", "good", "inaccuracy", "mistake", "blunder", "missed-win"]


def win_percent(cp=None, mate=None):
    """lichess's Win% of a score from the mover's point of view."""
    if mate is not None:
        return 100.0 if mate > 0 else 0.0
    cp = max(-1000, min(1000, cp))
    return 50 + 50 * (2 / (1 + math.exp(-0.00368208 * cp)) - 1)


def move_accuracy(before, after):
    if after >= before:
        return 100.0
    return max(0.0, min(100.0, 103.1668100711649 * math.exp(-0.04354415386753951 * (before - after)) - 3.166924740191411 + 1))


def game_accuracy(white_wins, color):
    """lichess's game accuracy of `color` from White's Win% before each move and after the last."""
    moves = len(white_wins) - 1
    if moves <= 0:
        return 100.0
    window = max(2, min(8, len(white_wins) // 10))

    def std(xs):
        m = sum(xs) / len(xs)
        return math.sqrt(sum((x - m) ** 2 for x in xs) / len(xs))

    weights = []
    for i in range(moves):
        start = min(max(0, i - (window - 2)), max(0, len(white_wins) - window))
        weights.append(max(0.5, min(12.0, std(white_wins[start:start + window]))))
    first = 0 if color == "white" else 1
    accs, ws = [], []
    for i in range(first, moves, 2):
        before, after = white_wins[i], white_wins[i + 1]
        if color == "black":
            before, after = 100 - before, 100 - after
        accs.append(move_accuracy(before, after))
        ws.append(weights[i])
    if not accs:
        return 100.0
    weighted = sum(a * w for a, w in zip(accs, ws)) / sum(ws)
    harmonic = len(accs) / sum(1 / max(a, 1) for a in accs)
    return (weighted + harmonic) / 2


def reference_class(loss):
    if loss >= 15:
        return "blunder"
    if loss >= 10:
        return "mistake"
    if loss >= 5:
        return "inaccuracy"
    return "good"


def make_games(path, n, elo, nodes, seed):
    # EPD lines: the four FEN fields (then counters or operations, dropped).
    openings = [" ".join(line.split()[:4]) + " 0 1" for line in open(os.path.join(SHARED, "data", "openings", "2moves_v1.epd")) if line.strip()]
    rng = random.Random(seed)
    engine = chess.engine.SimpleEngine.popen_uci(STOCKFISH)
    engine.configure({"UCI_LimitStrength": True, "UCI_Elo": elo, "Threads": 1, "Hash": 16})
    with open(path + ".tmp", "w") as out:
        for g in range(n):
            board = chess.Board(rng.choice(openings))
            game = chess.pgn.Game()
            game.setup(board)
            game.headers.update({"Event": f"review quality {g + 1}", "White": f"SF {elo}", "Black": f"SF {elo}"})
            node = game
            while not board.is_game_over(claim_draw=True) and board.ply() < 160:
                move = engine.play(board, chess.engine.Limit(nodes=nodes)).move
                node = node.add_variation(move)
                board.push(move)
            game.headers["Result"] = board.result(claim_draw=True)
            print(game, file=out, end="\n\n")
            print(f"game {g + 1}/{n}: {board.ply()} plies", file=sys.stderr, flush=True)
    engine.quit()
    os.replace(path + ".tmp", path)


def reference(games_path, limit, cache):
    """Stockfish's scores of every game at `limit` (a `chess.engine.Limit`), one JSON line a game
    appended to `cache` as it is finished, so that a stopped run resumes at the next game."""
    result = []
    if os.path.exists(cache):
        result = [json.loads(line) for line in open(cache) if line.strip()]
    engine = chess.engine.SimpleEngine.popen_uci(STOCKFISH)
    engine.configure({"Threads": 1, "Hash": 64})
    with open(games_path) as f, open(cache, "a") as out:
        index = 0
        while (game := chess.pgn.read_game(f)) is not None:
            index += 1
            if index <= len(result):
                continue
            board = game.board()
            scores = []  # White's view of each position: ("cp", n) or ("mate", n)
            for move in [None, *game.mainline_moves()]:
                if move is not None:
                    board.push(move)
                if board.is_checkmate():
                    scores.append(("mate", -1 if board.turn == chess.WHITE else 1))
                    continue
                if board.is_game_over(claim_draw=False):
                    scores.append(("cp", 0))
                    continue
                info = engine.analyse(board, limit, game=game)
                s = info["score"].white()
                scores.append(("mate", s.mate()) if s.is_mate() else ("cp", s.score()))
            result.append(scores)
            print(json.dumps(scores), file=out, flush=True)
            print(f"{os.path.basename(cache)}: game {len(result)} scored", file=sys.stderr, flush=True)
    engine.quit()
    return result


def judge(scores):
    """Per move: (mover, loss, class) and White's Win% list, from White's-view scores."""
    wins = []
    for kind, v in scores:
        wins.append(win_percent(mate=v) if kind == "mate" else win_percent(cp=v))
    moves = []
    for i in range(len(wins) - 1):
        mover = "white" if i % 2 == 0 else "black"
        before, after = (wins[i], wins[i + 1]) if mover == "white" else (100 - wins[i], 100 - wins[i + 1])
        moves.append((mover, max(0.0, before - after), reference_class(max(0.0, before - after))))
    return moves, wins


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=50)
    p.add_argument("--depth", type=int, default=18)
    p.add_argument("--elo", type=int, default=1350)
    p.add_argument("--nodes", type=int, default=20000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--dir", default=os.path.join(ROOT, "docs", "review-quality"))
    p.add_argument("--engine", default=os.path.join(ROOT, "target", "release", "chess"))
    p.add_argument("--review-nodes", type=int, help="our review's nodes a position (default: its own default, 50,000)")
    p.add_argument("--ours", help="our reviews from this file (`chess review DIR/games.pgn --jsonl` output) instead of running it")
    p.add_argument("--stockfish-nodes", type=int, help="also judge Stockfish limited to this many nodes a position, on the same moves")
    a = p.parse_args()
    os.makedirs(a.dir, exist_ok=True)
    games = os.path.join(a.dir, "games.pgn")
    if not os.path.exists(games):
        make_games(games, a.games, a.elo, a.nodes, a.seed)
    ref = reference(games, chess.engine.Limit(depth=a.depth), os.path.join(a.dir, f"reference-d{a.depth}.jsonl"))
    budget = ["--nodes", str(a.review_nodes)] if a.review_nodes else []
    if a.ours:
        out = open(a.ours).read()
    else:
        out = subprocess.run([a.engine, "review", games, "--jsonl", *budget], capture_output=True, text=True, check=True).stdout
    ours = [json.loads(line) for line in out.splitlines()]
    if len(ours) != len(ref):
        sys.exit(f"{len(ours)} reviews for {len(ref)} games")

    # The moves judged: all but the opening moves our review finds in the book (lichess does not
    # judge those either).
    judged = [[ply["class"] != "book" for ply in mine["review"]["plies"]] for mine in ours]
    ours_budget = f"{a.review_nodes:,}" if a.review_nodes else "50,000 (the default)"
    print(f"{len(ref)} games, {sum(map(sum, judged))} moves judged by both (book moves left out), Stockfish depth {a.depth}")
    ours_classes = [[ply["class"] for ply in mine["review"]["plies"]] for mine in ours]
    ours_accuracy = [(mine["review"]["white"]["accuracy"], mine["review"]["black"]["accuracy"]) for mine in ours]
    report(f"ours, {ours_budget} nodes a position", ref, judged, ours_classes, ours_accuracy)
    if a.stockfish_nodes:
        low = reference(games, chess.engine.Limit(nodes=a.stockfish_nodes), os.path.join(a.dir, f"stockfish-n{a.stockfish_nodes}.jsonl"))
        low_classes, low_accuracy = [], []
        for scores in low:
            moves, wins = judge(scores)
            low_classes.append([cls for _, _, cls in moves])
            low_accuracy.append((game_accuracy(wins, "white"), game_accuracy(wins, "black")))
        report(f"Stockfish 15.1, {a.stockfish_nodes:,} nodes a position", ref, judged, low_classes, low_accuracy)


def report(title, ref, judged, classes, accuracies):
    """Recall, precision, accuracy and confusion of `classes` (per game, per move) against the
    reference's, on the `judged` moves."""
    pairs = []  # (reference class, candidate class) per move
    acc_diffs = []
    for scores, keep, mine, accuracy in zip(ref, judged, classes, accuracies):
        moves, wins = judge(scores)
        for (_, _, cls), k, c in zip(moves, keep, mine):
            if k:
                pairs.append((cls, c))
        for color, acc in zip(("white", "black"), accuracy):
            acc_diffs.append(abs(game_accuracy(wins, color) - acc))

    def group(c):
        return {"missed-win": "blunder", "only-move": "good", "best": "good", "excellent": "good"}.get(c, c)

    def stats(target):
        tp = sum(1 for r, o in pairs if r == target and group(o) == target)
        ref_n = sum(1 for r, _ in pairs if r == target)
        ours_n = sum(1 for _, o in pairs if group(o) == target)
        return tp, ref_n, ours_n

    print(f"\n{title}:")
    for target in ("blunder", "mistake"):
        tp, ref_n, ours_n = stats(target)
        recall = tp / ref_n if ref_n else math.nan
        precision = tp / ours_n if ours_n else math.nan
        print(f"{target}: recall {100 * recall:.1f}% ({tp}/{ref_n}), precision {100 * precision:.1f}% ({tp}/{ours_n})")
    # Within one class: a blunder called a mistake or the reverse.
    near = sum(1 for r, o in pairs if r in ("blunder", "mistake") and group(o) in ("blunder", "mistake"))
    print(f"blunders and mistakes found as either: {near}/{sum(1 for r, _ in pairs if r in ('blunder', 'mistake'))}")
    print(f"accuracy: mean absolute difference {sum(acc_diffs) / len(acc_diffs):.2f} points over {len(acc_diffs)} sides")
    order = ["good", "inaccuracy", "mistake", "blunder"]
    print("confusion (rows: Stockfish at the reference depth, columns: this one):")
    print("           " + " ".join(f"{c:>10}" for c in order))
    for r in order:
        print(f"{r:>10} " + " ".join(f"{sum(1 for x, o in pairs if x == r and group(o) == c):>10}" for c in order))


if __name__ == "__main__":
    main()
