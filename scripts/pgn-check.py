#!/usr/bin/env python3
"""chess-core's PGN reader and writer against python-chess, both ways.

Writes GAMES random games with python-chess (tags with brackets, quotes and backslashes, comments,
NAGs, variations, every result), reads them with chess-core (`examples/pgn_export.rs`), which
writes them back; python-chess then reads our export. Every game's main line, tags, comments, NAGs,
variations (the whole tree: nested lines, their comments, the comments before their first move,
their NAGs) and result must survive.

    pip install chess
    python3 scripts/pgn-check.py --games 5000
"""
import argparse
import io
import pathlib
import random
import subprocess
import sys
import tempfile

import chess
import chess.pgn

ROOT = pathlib.Path(__file__).resolve().parent.parent
WORDS = ["good", "bad", "[sic]", "(why?)", "a;b", "$5", "1-0", "Nf3", '"q"', "\\", "é", "the", "only", "move"]


def add_side_lines(rng: random.Random, parent: chess.pgn.GameNode, board: chess.Board, others, depth: int) -> None:
    """One or two side lines of `parent` (played from `board`) of a few moves, with comments
    before and after moves, NAGs and side lines of their own while `depth` allows."""
    for alt in rng.sample(others, min(len(others), rng.randint(1, 2))):
        side = parent.add_variation(alt)
        if rng.random() < 0.3:
            side.starting_comment = "a side line"
        b = board.copy()
        for _ in range(rng.randint(0, 5)):
            before = b.copy()
            b.push(side.move)
            if rng.random() < 0.2:
                side.comment = " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 3)))
            if rng.random() < 0.1:
                side.nags.add(rng.randint(1, 139))
            legal = list(before.legal_moves)
            if depth > 1 and rng.random() < 0.2 and len(legal) > 1:
                add_side_lines(rng, side.parent, before, [m for m in legal if m != side.move], depth - 1)
            ms = list(b.legal_moves)
            if not ms:
                break
            side = side.add_main_variation(rng.choice(ms))


def tree(node: chess.pgn.GameNode):
    """The side lines below `node` (its main line's moves included): moves, NAGs, comments."""
    return [
        (
            child.move.uci(),
            sorted(child.nags),
            " ".join(child.comment.split()),
            " ".join(child.starting_comment.split()) if child.starts_variation() else "",
            tree(child),
        )
        for child in node.variations
    ]


def random_game(rng: random.Random, n: int) -> chess.pgn.Game:
    game = chess.pgn.Game()
    game.headers["Event"] = f"Random [{n}]"
    game.headers["Site"] = "here"
    game.headers["White"] = 'Smith, "J" [GM]'
    game.headers["Black"] = "O'Neil \\ B"
    game.headers["Annotator"] = "pgn-check"
    if rng.random() < 0.2:
        game.comment = " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 5)))
    node = game
    board = game.board()
    for _ in range(rng.randint(0, 150)):
        moves = list(board.legal_moves)
        if not moves:
            break
        move = rng.choice(moves)
        node = node.add_main_variation(move)
        if rng.random() < 0.08 and len(moves) > 1:
            add_side_lines(rng, node.parent, board, [m for m in moves if m != move], 3)
        if rng.random() < 0.1:
            node.nags.update(rng.sample(range(1, 140), rng.randint(1, 2)))
        if rng.random() < 0.1:
            node.comment = " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 5)))
        board.push(move)
    outcome = board.outcome(claim_draw=False)
    game.headers["Result"] = outcome.result() if outcome else rng.choice(["1-0", "0-1", "1/2-1/2", "*"])
    return game


def summary(game: chess.pgn.Game, unescape: bool = False):
    nodes = list(game.mainline())
    headers = {k: v for k, v in game.headers.items() if k not in ("Result",)}
    if unescape:
        # python-chess reads tag values as written: it does not undo the standard's escapes
        # (\" and \\) that our writer uses, nor write them.
        headers = {k: v.replace('\\"', '"').replace("\\\\", "\\") for k, v in headers.items()}
    return (
        [n.move.uci() for n in nodes],
        [(sorted(n.nags), " ".join(n.comment.split())) for n in nodes],
        " ".join(game.comment.split()),
        headers,
        game.headers.get("Result"),
        tree(game),
    )


def walk(node: chess.pgn.GameNode):
    """Every node below `node`, depth first."""
    for child in node.variations:
        yield child
        yield from walk(child)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=5000)
    ap.add_argument("--seed", type=int, default=35)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    games = [random_game(rng, n) for n in range(args.games)]
    with tempfile.TemporaryDirectory() as tmp:
        source = pathlib.Path(tmp) / "python-chess.pgn"
        source.write_text("\n\n".join(str(g) for g in games) + "\n")
        subprocess.run(["cargo", "build", "--release", "-q", "-p", "chess-core", "--example", "pgn_export"], check=True, cwd=ROOT)
        ours = subprocess.run([str(ROOT / "target/release/examples/pgn_export"), str(source)], capture_output=True, text=True)
        if ours.returncode != 0:
            print(ours.stderr, file=sys.stderr)
            return 1
    stream = io.StringIO(ours.stdout)
    back = []
    while (g := chess.pgn.read_game(stream)) is not None:
        if g.errors:
            print(f"python-chess cannot read our game {len(back) + 1}: {g.errors}", file=sys.stderr)
            return 1
        back.append(g)
    if len(back) != len(games):
        print(f"{len(games)} games written, {len(back)} read back", file=sys.stderr)
        return 1
    bad = 0
    variations = sum(1 for g in games for n in walk(g) if n.starts_variation())
    for n, (a, b) in enumerate(zip(games, back), 1):
        if summary(a) != summary(b, unescape=True):
            bad += 1
            if bad <= 3:
                print(f"game {n} differs:\n{summary(a)}\n{summary(b, unescape=True)}", file=sys.stderr)
    plies = sum(len(list(g.mainline())) for g in games)
    print(f"{len(games)} games, {plies} plies, {variations} variations: {len(games) - bad} passed, {bad} failed")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
