#!/usr/bin/env python3
"""Measure every difficulty level against external anchors, the whole table in one command.

    scripts/calibrate.py [NAMES ...] [--games N] [--chunk N] [--max-seconds S] [--engine BIN]
    scripts/calibrate.py --table

Runs the matches of PLAN below (all of them, or the NAMES given) until each has N games
(default 200), in chunks whose summaries are saved as `docs/calibration/NAME-K.json`: a run
that stops (a time bound, a session ending) resumes where it was by running the same command,
on fresh openings; SIGINT or SIGTERM stops it keeping the finished games of the running chunk.
`--table` prints the Markdown table of docs/levels.md from the saved chunks:
each level's Elo is its opponent's rating plus the match's Elo difference (pentanomial, 95%),
and whether it lies within ±50 of the level's label.

The anchors are Stockfish 15.1 with `UCI_LimitStrength` at a `UCI_Elo` (taken at its word; the
range starts at 1350). Below 1350 the anchor is a handicapped Stockfish whose own rating is
measured in the same table against `UCI_Elo=1350` (its row comes first), never this engine
against itself. Stockfish plays 100,000 nodes a move (its limited strength picks its move at a
fixed depth that this always reaches); our levels play with their own budgets, their book on,
at a clock that never binds. Node limits on both sides make the result independent of machine
load, so the table can run beside other work (it takes hours: mostly level 5, ~2 s a move).

Needs python-chess (`pip install chess`) and Stockfish (`apt-get install stockfish`); builds
`target/release/chess` unless `--engine` names a binary (copied aside so a rebuild cannot change
it mid-run).
"""
import argparse
import json
import math
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.environ.get("SHARED", os.path.join(ROOT, "..", "shared"))
sys.path.insert(0, os.path.join(SHARED, "tools"))
import match  # noqa: E402  (the shared match runner: its Elo statistics)

RESULTS = os.environ.get("CALIBRATION_DIR", os.path.join(ROOT, "docs", "calibration"))
GAMES = 200  # a row's games by default, and what the table calls complete
STOCKFISH = os.environ.get("STOCKFISH", "/usr/games/stockfish")


def stockfish(elo, nodes=100_000):
    """A limited-strength Stockfish as match.py's side options."""
    return {
        "cmd": STOCKFISH,
        "opts": ["UCI_LimitStrength=true", f"UCI_Elo={elo}", "Threads=1", "Hash=16"],
        "limit": f"nodes={nodes}",
        "name": f"SF {elo}" + ("" if nodes == 100_000 else f" at {nodes:,} nodes"),
    }


def level(n):
    return {"cmd": None, "opts": [f"Level={n}", "OwnBook=true", "Hash=16"], "limit": None, "name": f"level {n}"}


# The table: name, the side measured (its label), its opponent, and where the opponent's rating
# comes from (a number, or the name of an earlier row that measures it). A row's clock only has
# to be generous for its side's budget.
PLAN = [
    {"name": "anchor-sf1350-n500", "side": stockfish(1350, 500), "label": None,
     "opponent": stockfish(1350), "rating": 1350, "tc": "60+0.6"},
    {"name": "level1", "side": level(1), "label": 800,
     "opponent": stockfish(1350, 500), "rating": "anchor-sf1350-n500", "tc": "60+0.6"},
    {"name": "level2", "side": level(2), "label": 1200, "opponent": stockfish(1350), "rating": 1350, "tc": "60+0.6"},
    {"name": "level3", "side": level(3), "label": 1600, "opponent": stockfish(1600), "rating": 1600, "tc": "60+0.6"},
    {"name": "level4", "side": level(4), "label": 2000, "opponent": stockfish(2000), "rating": 2000, "tc": "120+1.2"},
    # Level 5 lies where Stockfish's scale steps (see "Brackets" below): one row on each side of the step.
    {"name": "level5-sf2200", "side": level(5), "label": 2300, "opponent": stockfish(2200), "rating": 2200,
     "tc": "300+3", "bracket": "level 5"},
    {"name": "level5", "side": level(5), "label": 2300, "opponent": stockfish(2300), "rating": 2300, "tc": "300+3",
     "bracket": "level 5"},
]

# Brackets. Stockfish 15.1 picks its move at depth 1 + floor(level), level = ((UCI_Elo - 1346.6) / 143.4)^(1 / 0.806)
# (docs/search.md): UCI_Elo 2176-2288 all pick at depth 10 and 2289-2395 at depth 11, so its
# strength steps by about 200 Elo at 2289 while its labels move on smoothly. A level whose
# strength lies in that step measures too high against every anchor below it and too low
# against every one above: no single anchor can place it within ±50. Such a level is measured
# against one anchor on each side of the step and placed at the mean of the two (its error the
# two errors' root sum of squares, halved); the rows of a bracket share its label.


def chunks(name):
    """The saved summaries of one row, in the order they were played."""
    if not os.path.isdir(RESULTS):
        return []
    found = []
    for f in os.listdir(RESULTS):
        stem, ext = os.path.splitext(f)
        row, _, k = stem.rpartition("-")
        if ext == ".json" and row == name and k.isdigit():
            found.append((int(k), os.path.join(RESULTS, f)))
    return [json.load(open(path)) for _, path in sorted(found)]


def totals(runs):
    """W-L-D, Elo and its 95% error over the chunks of one row (the side's point of view)."""
    penta = [sum(r["pentanomial"][i] for r in runs) for i in range(5)]
    t = {k: sum(r[k] for r in runs) for k in ("games", "wins", "losses", "draws")}
    interval = match.score_interval([(i / 4, c) for i, c in enumerate(penta)]) if sum(penta) >= 2 else None
    t["elo"], t["err"] = (interval["elo"], interval["elo_err95"]) if interval else (math.nan, math.nan)
    # A chunk stopped before its first game has no engine statistics.
    stats = [r["engine_a_stats"] for r in runs if "engine_a_stats" in r]
    moves = sum(s["moves"] for s in stats)
    t["ms_per_move"] = sum(s["avg_time_ms"] * s["moves"] for s in stats) / moves if moves else math.nan
    t["next_opening"] = max((r.get("opening_start", 0) + (r["games"] + 1) // 2 for r in runs), default=0)
    return t


def rating(row, memo=None):
    """(rating, 95% error) of a row's side: its opponent's rating plus the match's difference."""
    memo = {} if memo is None else memo
    if row["name"] in memo:
        return memo[row["name"]]
    t = totals(chunks(row["name"]))
    base, base_err = (row["rating"], 0.0) if isinstance(row["rating"], (int, float)) else rating(
        next(r for r in PLAN if r["name"] == row["rating"]), memo)
    value = (base + t["elo"], math.hypot(base_err, t["err"]))
    memo[row["name"]] = value
    return value


def table():
    print("| row | label | opponent (rating) | games | W-L-D | score | Elo difference | Elo | within ±50 | ms a move |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for row in PLAN:
        t = totals(chunks(row["name"]))
        if not t["games"]:
            print(f"| {row['side']['name']} | {row['label'] or '—'} | {row['opponent']['name']} | 0 | | | | | | |")
            continue
        elo, err = rating(row)
        base = row["rating"] if isinstance(row["rating"], (int, float)) else f"{rating(next(r for r in PLAN if r['name'] == row['rating']))[0]:.0f}"
        score = (t["wins"] + t["draws"] / 2) / t["games"]
        within = "—" if row["label"] is None or math.isnan(elo) else ("yes" if abs(elo - row["label"]) <= 50 else f"no ({elo - row['label']:+.0f})")
        if t["games"] < GAMES:
            within += f", {t['games']} of {GAMES} games"
        if row.get("bracket") and row["rating"] != row["label"]:
            within = "see the bracket" + ("" if t["games"] >= GAMES else f", {t['games']} of {GAMES} games")
        print(f"| {row['side']['name']} | {row['label'] or '—'} | {row['opponent']['name']} ({base}) | {t['games']} "
              f"| {t['wins']}-{t['losses']}-{t['draws']} | {100 * score:.1f}% | {t['elo']:+.0f} ± {t['err']:.0f} "
              f"| **{elo:.0f} ± {err:.0f}** | {within} | {t['ms_per_move']:.0f} |")
    for name in dict.fromkeys(r["bracket"] for r in PLAN if r.get("bracket")):
        rows = [r for r in PLAN if r.get("bracket") == name]
        games = [totals(chunks(r["name"]))["games"] for r in rows]
        if not all(games):
            continue
        ratings = [rating(r) for r in rows]
        elo = sum(e for e, _ in ratings) / len(ratings)
        err = math.hypot(*(e for _, e in ratings)) / len(ratings)
        label = rows[0]["label"]
        within = "yes" if abs(elo - label) <= 50 else f"no ({elo - label:+.0f})"
        if min(games) < GAMES:
            within += f", {min(games)} of {GAMES} games in a row"
        print(f"| {name}, the mean of its {len(rows)} rows | {label} | | {sum(games)} | | | | **{elo:.0f} ± {err:.0f}** "
              f"| {within} | |")


def side_args(flag, side, engine):
    args = [f"-{flag}", side["cmd"] or engine, f"--{flag}-name", side["name"]]
    for o in side["opts"]:
        args += [f"--{flag}-opt", o]
    if side["limit"]:
        args += [f"--{flag}-limit", side["limit"]]
    return args


def play(row, engine, games, chunk, deadline):
    while True:
        runs = chunks(row["name"])
        t = totals(runs)
        if t["games"] >= games:
            return True
        left = deadline - time.monotonic() if deadline else None
        if left is not None and left < 60:
            return False
        n = min(chunk, games - t["games"])
        out = os.path.join(RESULTS, f"{row['name']}-{len(runs) + 1}.json")
        cmd = [sys.executable, os.path.join(SHARED, "tools", "match.py"),
               *side_args("a", row["side"], engine), *side_args("b", row["opponent"], engine),
               "--tc", row["tc"], "--games", str(n), "-c", "2",
               "--openings", os.path.join(SHARED, "data", "openings", "2moves_v1.epd"), "--random-openings",
               "--opening-start", str(t["next_opening"]), "--json", out, "-q"]
        if left is not None:
            cmd += ["--max-seconds", str(int(left))]
        child = subprocess.Popen(cmd, stdout=subprocess.DEVNULL)
        interrupted = False
        try:
            child.wait()
        except KeyboardInterrupt:
            # match.py stops on SIGINT and still writes the games it finished: keep them.
            interrupted = True
            child.send_signal(signal.SIGINT)
            child.wait()
        if not os.path.exists(out):
            if interrupted:
                return False
            raise RuntimeError(f"match.py wrote no {out} (exit code {child.returncode})")
        with open(out) as f:
            d = json.load(f)
        d["opening_start"] = t["next_opening"]
        with open(out, "w") as f:
            json.dump(d, f, indent=2)
        if interrupted or child.returncode != 0:
            if d["games"] == 0:
                os.remove(out)
            if not interrupted:
                raise RuntimeError(f"match.py failed (exit code {child.returncode}) after {d['games']} games")
            return False
        t = totals(chunks(row["name"]))
        print(f"{row['name']}: {t['games']} games, {t['wins']}-{t['losses']}-{t['draws']}, "
              f"Elo {t['elo']:+.0f} ± {t['err']:.0f}", flush=True)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("names", nargs="*", help="rows of PLAN to run (default: all, in order)")
    p.add_argument("--table", action="store_true")
    p.add_argument("--games", type=int, default=GAMES)
    p.add_argument("--chunk", type=int, default=50)
    p.add_argument("--max-seconds", type=float)
    p.add_argument("--engine", help="the chess binary (default: build target/release/chess)")
    a = p.parse_args()
    # SIGTERM (a session ending) stops like Ctrl-C: the running chunk keeps its finished games.
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    if a.table:
        table()
        return 0
    unknown = set(a.names) - {r["name"] for r in PLAN}
    if unknown:
        p.error(f"no such row: {', '.join(sorted(unknown))}")
    if not a.engine:
        subprocess.run(["cargo", "build", "--release", "-q", "-p", "chess-cli"], cwd=ROOT, check=True)
        a.engine = os.path.join(ROOT, "target", "release", "chess")
    engine = os.path.join(tempfile.mkdtemp(prefix="calibrate-"), "chess")
    shutil.copy2(a.engine, engine)
    os.makedirs(RESULTS, exist_ok=True)
    deadline = time.monotonic() + a.max_seconds if a.max_seconds else None
    for row in PLAN:
        if a.names and row["name"] not in a.names:
            continue
        if not play(row, engine, a.games, a.chunk, deadline):
            print("stopped (a time bound or a signal); run the same command again to resume", flush=True)
            break
    table()
    return 0


if __name__ == "__main__":
    sys.exit(main())
