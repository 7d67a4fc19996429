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
5. With `--why`, every claim our review's sentences make (the JSON's `claim`: its kind, the line
   that shows it, the plies, the material, the mate) is tested against Stockfish's line at
   `--depth` after the move played and after the better move (cached as DIR/why-dD.jsonl, a
   position a line), by rules written here again from docs/review.md, not taken from our Rust:
   material counted in pawns (1, 3, 3, 5, 9) over the claim's plies and the forcing moves after
   them; a mate within the moves claimed; a threat's answer is Stockfish's; a promotion within
   the answer's first moves; a draw scored within 0.15. The report gives the share that holds,
   by kind, and lists the sentences that do not.
6. With `--stockfish-nodes N`, the same report for Stockfish itself limited to N nodes a position
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


def make_games(path, n, elo, nodes, seed, elo_max=None):
    # EPD lines: the four FEN fields (then counters or operations, dropped).
    openings = [" ".join(line.split()[:4]) + " 0 1" for line in open(os.path.join(SHARED, "data", "openings", "2moves_v1.epd")) if line.strip()]
    rng = random.Random(seed)
    # One engine a side, each at its own strength (the same for both without `elo_max`).
    engines = [chess.engine.SimpleEngine.popen_uci(STOCKFISH) for _ in range(2)]
    with open(path + ".tmp", "w") as out:
        for g in range(n):
            board = chess.Board(rng.choice(openings))
            elos = [elo, elo] if elo_max is None else [rng.randint(elo, elo_max) for _ in range(2)]
            for engine, e in zip(engines, elos):
                engine.configure({"UCI_LimitStrength": True, "UCI_Elo": e, "Threads": 1, "Hash": 16})
            game = chess.pgn.Game()
            game.setup(board)
            white, black = elos  # engines[0] plays White
            game.headers.update({"Event": f"review quality {g + 1}", "White": f"SF {white}", "Black": f"SF {black}"})
            node = game
            while not board.is_game_over(claim_draw=True) and board.ply() < 160:
                engine = engines[0] if board.turn == chess.WHITE else engines[1]
                move = engine.play(board, chess.engine.Limit(nodes=nodes)).move
                node = node.add_variation(move)
                board.push(move)
            game.headers["Result"] = board.result(claim_draw=True)
            print(game, file=out, end="\n\n")
            print(f"game {g + 1}/{n}: {board.ply()} plies", file=sys.stderr, flush=True)
    for engine in engines:
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
    p.add_argument("--elo-max", type=int, help="each side of each game at a random UCI_Elo from --elo to this")
    p.add_argument("--nodes", type=int, default=20000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--dir", default=os.path.join(ROOT, "docs", "review-quality"))
    p.add_argument("--engine", default=os.path.join(ROOT, "target", "release", "chess"))
    p.add_argument("--review-nodes", type=int, help="our review's nodes a position (default: its own default, 50,000)")
    p.add_argument("--ours", help="our reviews from this file (`chess review DIR/games.pgn --jsonl` output) instead of running it")
    p.add_argument("--why", action="store_true", help="check every claim of our sentences against Stockfish's lines at --depth")
    p.add_argument("--why-only", action="store_true", help="only --why: no reference scores, no class report (a sample made for the claims alone)")
    p.add_argument("--stockfish-nodes", type=int, help="also judge Stockfish limited to this many nodes a position, on the same moves")
    a = p.parse_args()
    os.makedirs(a.dir, exist_ok=True)
    games = os.path.join(a.dir, "games.pgn")
    if not os.path.exists(games):
        make_games(games, a.games, a.elo, a.nodes, a.seed, a.elo_max)
    budget = ["--nodes", str(a.review_nodes)] if a.review_nodes else []
    if a.ours:
        out = open(a.ours).read()
    else:
        out = subprocess.run([a.engine, "review", games, "--jsonl", *budget], capture_output=True, text=True, check=True).stdout
    ours = [json.loads(line) for line in out.splitlines()]
    if a.why_only:
        check_claims(games, ours, a.depth, os.path.join(a.dir, f"why-d{a.depth}.jsonl"))
        return
    ref = reference(games, chess.engine.Limit(depth=a.depth), os.path.join(a.dir, f"reference-d{a.depth}.jsonl"))
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
    if a.why:
        check_claims(games, ours, a.depth, os.path.join(a.dir, f"why-d{a.depth}.jsonl"))
    if a.stockfish_nodes:
        low = reference(games, chess.engine.Limit(nodes=a.stockfish_nodes), os.path.join(a.dir, f"stockfish-n{a.stockfish_nodes}.jsonl"))
        low_classes, low_accuracy = [], []
        for scores in low:
            moves, wins = judge(scores)
            low_classes.append([cls for _, _, cls in moves])
            low_accuracy.append((game_accuracy(wins, "white"), game_accuracy(wins, "black")))
        report(f"Stockfish 15.1, {a.stockfish_nodes:,} nodes a position", ref, judged, low_classes, low_accuracy)


PAWNS = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9, chess.KING: 0}
DRAW_CP = 15


def balance(board, line, plies, side):
    """The material `side` comes out ahead by, in pawns, along `line` from `board`: its first
    `plies` moves (two at least), then while the moves are forcing (captures, checks, answers to
    checks), sixteen plies at most."""
    b = board.copy()
    total = 0
    for i, mv in enumerate(line):
        if i >= 16 or mv not in b.legal_moves:
            break
        forcing = b.is_capture(mv) or b.is_check() or b.gives_check(mv)
        if i >= max(plies, 2) and not forcing:
            break
        gain = 0
        if b.is_en_passant(mv):
            gain = 1
        elif b.is_capture(mv):
            gain = PAWNS[b.piece_type_at(mv.to_square)]
        if mv.promotion:
            gain += PAWNS[mv.promotion] - 1
        total += gain if b.turn == side else -gain
        b.push(mv)
    return total


class Lines:
    """Stockfish's line from a position at a depth, cached by FEN (a JSON line a position)."""

    def __init__(self, cache, depth):
        self.path, self.depth, self.known = cache, depth, {}
        if os.path.exists(cache):
            for line in open(cache):
                if line.strip():
                    entry = json.loads(line)
                    self.known[entry["fen"]] = entry
        self.engine = None

    def get(self, board):
        """(score from the side to move's view as ("cp", n) or ("mate", n), PV as moves)."""
        fen = board.fen()
        if fen not in self.known:
            if board.is_game_over(claim_draw=False):
                score = ("mate", 0) if board.is_checkmate() else ("cp", 0)
                entry = {"fen": fen, "score": score, "pv": []}
            else:
                if self.engine is None:
                    self.engine = chess.engine.SimpleEngine.popen_uci(STOCKFISH)
                    self.engine.configure({"Threads": 1, "Hash": 64})
                info = self.engine.analyse(board, chess.engine.Limit(depth=self.depth))
                s = info["score"].relative
                score = ("mate", s.mate()) if s.is_mate() else ("cp", s.score())
                entry = {"fen": fen, "score": score, "pv": [m.uci() for m in info.get("pv", [])]}
            with open(self.path, "a") as out:
                print(json.dumps(entry), file=out, flush=True)
            self.known[fen] = entry
        entry = self.known[fen]
        return tuple(entry["score"]), [chess.Move.from_uci(u) for u in entry["pv"]]

    def close(self):
        if self.engine is not None:
            self.engine.quit()


def claim_holds(claim, board, played, played_line, played_score, better_line, better_score):
    """Whether `claim` holds on Stockfish's lines (from `board`, before the move); scores are
    from the view of the side to move after each move (the opponent)."""
    kind, mover = claim["kind"], board.turn
    plies, material, mate = claim["plies"], claim["material"], claim.get("mate")
    line = [chess.Move.from_uci(u) for u in claim["uci"]]
    if kind == "allows-mate":
        return played_score[0] == "mate" and 0 < played_score[1] <= mate
    if kind == "misses-mate":
        b = board.copy()
        b.push(better_line[0])
        if b.is_checkmate():
            return True
        return better_score[0] == "mate" and better_score[1] <= 0 and 1 - better_score[1] <= mate
    lost_played = balance(board, played_line, plies, mover)
    lost_better = balance(board, better_line, plies, mover)
    if kind in ("loses-material", "fork", "pin"):
        return lost_played <= -material and lost_better > -material
    if kind == "misses-material":
        return lost_better >= material and lost_played < material
    if kind == "threat":
        return len(played_line) > 1 and len(line) > 1 and played_line[1] == line[1]
    if kind == "promotes":
        return any(i % 2 == 1 and m.promotion for i, m in enumerate(played_line[:5]))
    if kind == "draw":
        def cp(score):
            return (100000 if score[1] > 0 else -100000) if score[0] == "mate" else score[1]
        mine_played, mine_better = -cp(played_score), -cp(better_score)
        return played_score[0] == "cp" and abs(mine_played) <= DRAW_CP and mine_better > mine_played + 2 * DRAW_CP
    raise ValueError(f"unknown claim kind {kind}")


def check_claims(games_path, ours, depth, cache):
    """Every claim of our review's sentences against Stockfish's lines at `depth`."""
    lines = Lines(cache, depth)
    results = []  # (kind, holds, game, ply, san, why, Stockfish's line after the move in SAN)
    with open(games_path) as f:
        for mine in ours:
            game = chess.pgn.read_game(f)
            board = game.board()
            moves = list(game.mainline_moves())
            for ply in mine["review"]["plies"]:
                claim = ply.get("claim")
                if claim is None:
                    board.push(moves[ply["ply"] - 1])
                    continue
                played = moves[ply["ply"] - 1]
                after = board.copy()
                after.push(played)
                played_score, pv = lines.get(after)
                played_line = [played, *pv]
                best = chess.Move.from_uci(ply["best"]["uci"])
                after_best = board.copy()
                after_best.push(best)
                better_score, better_pv = lines.get(after_best)
                better_line = [best, *better_pv]
                holds = claim_holds(claim, board, played, played_line, played_score, better_line, better_score)
                sf = board.variation_san(played_line[:8])
                sf_better = board.variation_san(better_line[:8])
                results.append((claim["kind"], holds, mine["game"], ply["ply"], ply["san"], ply["why"], sf, sf_better, played_score, better_score))
                board.push(played)
            print(f"why: game {mine['game']} checked ({len(results)} claims so far)", file=sys.stderr, flush=True)
    lines.close()
    games_with = len({r[2] for r in results})
    held = sum(1 for r in results if r[1])
    print(f"\nclaims of our sentences against Stockfish at depth {depth}: {held}/{len(results)} hold "
          f"({100 * held / max(1, len(results)):.1f}%), on {len(results)} marked moves of {games_with} games")
    kinds = sorted({r[0] for r in results})
    for kind in kinds:
        mine = [r for r in results if r[0] == kind]
        print(f"  {kind}: {sum(1 for r in mine if r[1])}/{len(mine)}")
    print("claims that do not hold:")
    for kind, holds, game, ply, san, why, sf, sf_better, ps, bs in results:
        if not holds:
            print(f"  game {game}, ply {ply} {san} [{kind}]: {why}\n    Stockfish after it: {sf} ({ps[0]} {ps[1]} for the opponent); after the better move: {sf_better}")


def report(title, ref, judged, classes, accuracies):
    """Recall, precision, accuracy and confusion of `classes` (per game, per move) against the
    reference's, on the `judged` moves."""
    pairs = []  # (reference class, candidate class) per move
    losses = []  # (reference Win% loss, candidate class) per move
    acc_diffs = []
    for scores, keep, mine, accuracy in zip(ref, judged, classes, accuracies):
        moves, wins = judge(scores)
        for (_, loss, cls), k, c in zip(moves, keep, mine):
            if k:
                pairs.append((cls, c))
                losses.append((loss, c))
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
    # The gross errors a player feels: "you blundered" after a good move, and a move that loses
    # 20 Win% or more left without a mistake or blunder mark.
    ours_blunders = [loss for loss, c in losses if group(c) == "blunder"]
    false_blunders = sum(1 for loss in ours_blunders if loss < 5)
    gross = [c for loss, c in losses if loss >= 20]
    unmarked = sum(1 for c in gross if group(c) not in ("mistake", "blunder"))
    print(f"blunder marks on moves losing < 5 Win%: {false_blunders}/{len(ours_blunders)} "
          f"({100 * false_blunders / max(1, len(ours_blunders)):.1f}%); moves losing >= 20 Win% "
          f"without a mistake or blunder mark: {unmarked}/{len(gross)} ({100 * unmarked / max(1, len(gross)):.1f}%)")
    print(f"accuracy: mean absolute difference {sum(acc_diffs) / len(acc_diffs):.2f} points over {len(acc_diffs)} sides")
    order = ["good", "inaccuracy", "mistake", "blunder"]
    print("confusion (rows: Stockfish at the reference depth, columns: this one):")
    print("           " + " ".join(f"{c:>10}" for c in order))
    for r in order:
        print(f"{r:>10} " + " ".join(f"{sum(1 for x, o in pairs if x == r and group(o) == c):>10}" for c in order))


if __name__ == "__main__":
    main()
