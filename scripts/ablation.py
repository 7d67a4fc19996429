#!/usr/bin/env python3
"""Prove that a search rule or an evaluation term earns its place: an SPRT of the full engine
against the same build with NAMES switched off (docs/search.md, docs/evaluation.md).

    scripts/ablation.py NAMES [--max-seconds S] [--chunk GAMES] [--max-games N]
    scripts/ablation.py LABEL --base OLD_BINARY [--new NEW_BINARY] [...]
    scripts/ablation.py LABEL --base BIN --new BIN --new-opt EvalFile=NET --tc 10+0.1 --chunk 100 [--seed S]
    scripts/ablation.py LABEL --base OLD --new NEW --elo1 5     (SPRT [0, 5] for a change worth a few Elo)
    scripts/ablation.py --table [NAMES ...]

NAMES is a comma-separated list of CHESS_ABLATE names: search rules rfp, nmp, lmp,
fp, see, lmr, asp, check, counter, conthist, corrhist, se; evaluation terms pst, pawns, passed, mobility,
king, pieces, tempo.

How it plays: both sides are one ablation build (`--features ablation`, copied aside so that a
rebuild cannot change it mid-test), so speed is identical; each plays NODES (default 25,000)
nodes a move, so load does not matter; openings from 2moves_v1.epd in a fixed shuffled order
(each played with both colours); adjudication as fishtest does it (a loss once both engines
agree on 1000 cp for 4 moves each, a draw after move 40 once both stay within 10 cp for 8 moves
each); two games at a time.

How it decides: games are played in chunks (default 200), each chunk's summary saved as
`docs/ablations/NAMES-K.json`. After each chunk the SPRT log-likelihood ratio is computed
from the summed pentanomial counts of every chunk of NAMES (H0: the feature is worth 0 Elo,
H1: 10 Elo, or `--elo1 E`, logistic, alpha = beta = 0.05; match.py's own statistics: a change
worth about 5 Elo needs [0, 5], as [0, 10] wanders undecided for thousands of games). The test stops at a
bound, at --max-games, or at --max-seconds; run the command again to resume it (later chunks
start after the openings already played).

With `--base`, the same SPRT tests a change instead of a feature: the current build (or
`--new`) against OLD_BINARY, a build of the commit before the change; LABEL names the chunks. `--new-opt` and
`--base-opt NAME=VALUE` (repeatable) set UCI options of either side, so one binary can test a net
against another (`EvalFile`); `--tc` plays on the clock instead of a node budget (then the machine
must be idle: pause the data generator). Every chunk records its limit, seed and options, and a
test refuses to resume with other ones.

`--table` prints the Markdown table of docs/search.md and docs/evaluation.md from the saved
chunks.
"""
import argparse
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.environ.get("SHARED", os.path.join(ROOT, "..", "shared"))
sys.path.insert(0, os.path.join(SHARED, "tools"))
import match  # noqa: E402  (the shared match runner: its SPRT and Elo code)
import match_chunks  # noqa: E402  (the chunks of a test summed as one match)

RESULTS = os.path.join(ROOT, "docs", "ablations")
ELO0, ELO1, ALPHA, BETA = 0.0, 10.0, 0.05, 0.05  # ELO1 is the default; a test may set its own (--elo1)
LOWER, UPPER = match.sprt_bounds(ALPHA, BETA)


def saved():
    """Every saved chunk as (NAMES, K, path), from the file names `NAMES-K.json`."""
    for f in os.listdir(RESULTS) if os.path.isdir(RESULTS) else []:
        stem, ext = os.path.splitext(f)
        names, _, k = stem.rpartition("-")
        if ext == ".json" and k.isdigit():
            yield names, int(k), os.path.join(RESULTS, f)


def chunks(names):
    """The saved summaries of NAMES, in the order they were played."""
    found = sorted((k, path) for n, k, path in saved() if n == names)
    return [json.load(open(path)) for _, path in found]


def summary(runs):
    """Totals, SPRT and Elo over every chunk of one test."""
    # run() checks that the chunks share their settings; the engines' names changed over the
    # life of some tests (net-s6-700-tc10's were renamed), so they are not compared here.
    c = match_chunks.combine(runs, same=())
    t = {k: c[k] for k in ("games", "wins", "losses", "draws")}
    t["elo1"] = runs[0].get("elo1", ELO1)
    llr = match.sprt_llr(c["pentanomial"], ELO0, t["elo1"])
    t["llr"] = llr
    t["decision"] = "H1 accepted" if llr >= UPPER else "H0 accepted" if llr <= LOWER else "no decision"
    interval = match.score_interval([(i / 4, n) for i, n in enumerate(c["pentanomial"])])
    t["elo"], t["err"] = (interval["elo"], interval["elo_err95"]) if interval else (math.nan, math.nan)
    for side in ("a", "b"):
        depth = c[f"engine_{side}_stats"]["avg_depth"]
        t[f"depth_{side}"] = depth if depth is not None else math.nan
    t["next_opening"] = max((r["opening_start"] + (r["games"] + 1) // 2 for r in runs), default=0)
    return t


def table(names):
    every = sorted({n for n, _, _ in saved()})
    print("| switched off | games | W-L-D (full first) | score | Elo of the feature (95%, pentanomial) "
          f"| SPRT [0, E1]: LLR (bounds ±{UPPER:.2f}) | mean depth full / without |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for n in names or every:
        runs = chunks(n)
        if not runs:
            sys.exit(f"ablation: no saved games for {n!r} (names are separate arguments; saved: {', '.join(every)})")
        t = summary(runs)
        score = (t["wins"] + t["draws"] / 2) / t["games"]
        print(f"| `{n}` | {t['games']} | {t['wins']}-{t['losses']}-{t['draws']} | {100 * score:.1f}% "
              f"| {t['elo']:+.1f} ± {t['err']:.1f} | [0, {t['elo1']:g}] {t['llr']:.2f}: {t['decision']} "
              f"| {t['depth_a']:.1f} / {t['depth_b']:.1f} |")


def build():
    target = os.environ.get("ABLATION_TARGET", os.path.join(ROOT, "target", "ablation"))
    subprocess.run(["cargo", "build", "--release", "-q", "-p", "chess-cli", "--features", "ablation"],
                   cwd=ROOT, env={**os.environ, "CARGO_TARGET_DIR": target}, check=True)
    engine = os.path.join(tempfile.mkdtemp(prefix="ablation-"), "chess")
    shutil.copy2(os.path.join(target, "release", "chess"), engine)
    return engine


def run(a):
    os.makedirs(RESULTS, exist_ok=True)
    engine = a.new or build()
    if a.base:
        sides = ["-a", engine, "--a-name", "new", "-b", a.base, "--b-name", "base"]
        sides += [x for o in a.new_opt for x in ("--a-opt", o)] + [x for o in a.base_opt for x in ("--b-opt", o)]
    else:
        # The ablation build refuses names it does not know (a typo, a removed feature), which
        # would otherwise play the full engine against itself under that name.
        check = subprocess.run([engine, "help"], env={**os.environ, "CHESS_ABLATE": a.names},
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if check.returncode != 0:
            sys.exit(f"ablation.py: {check.stderr.strip()}")
        sides = ["-a", engine, "--a-name", "full", "-b", f"env CHESS_ABLATE={a.names} {engine}",
                 "--b-name", f"without {a.names}"]
    limit = ["--tc", a.tc] if a.tc else ["--nodes", str(a.nodes)]
    seed = ["--seed", str(a.seed)] if a.seed is not None else []
    settings = {"limit": " ".join(limit), "seed": a.seed, "new_opt": a.new_opt, "base_opt": a.base_opt,
                "elo1": a.elo1}
    for r in chunks(a.names):
        # Chunks saved before these fields existed were all at --nodes, match.py's seed, no options.
        old = {"limit": r.get("limit", f"--nodes {r.get('nodes', a.nodes)}"), "seed": r.get("seed"),
               "new_opt": r.get("new_opt", []), "base_opt": r.get("base_opt", []), "elo1": r.get("elo1", ELO1)}
        if old != settings:
            sys.exit(f"ablation.py: {a.names} was played with {old}, not {settings}: give the same settings or another label")
    start = time.monotonic()
    while True:
        runs = chunks(a.names)
        t = summary(runs) if runs else None
        if t:
            print(f"{a.names}: {t['games']} games, {t['wins']}-{t['losses']}-{t['draws']}, "
                  f"Elo {t['elo']:+.1f} ± {t['err']:.1f}, LLR {t['llr']:.2f} -> {t['decision']}", flush=True)
            if t["decision"] != "no decision" or t["games"] >= a.max_games:
                return 0
        left = a.max_seconds - (time.monotonic() - start) if a.max_seconds else None
        if left is not None and left < 30:
            print(f"{a.names}: time bound reached; run again to resume", flush=True)
            return 0
        out = os.path.join(RESULTS, f"{a.names}-{len(runs) + 1}.json")
        opening = t["next_opening"] if t else 0
        cmd = [sys.executable, os.path.join(SHARED, "tools", "match.py"), *sides,
               *limit, *seed, "--games", str(a.chunk), "-c", "2",
               "--resign", "1000", "4", "--draw", "40", "8", "10",
               "--openings", os.path.join(SHARED, "data", "openings", "2moves_v1.epd"), "--random-openings",
               "--opening-start", str(opening), "--json", out + ".tmp", "-q"]
        if left is not None:
            cmd += ["--max-seconds", str(int(left))]
        # match.py writes NAME-K.json.tmp; the chunk counts once its settings are added, so a
        # chunk whose match was killed leaves only the .tmp file, which saved() passes over.
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
        with open(out + ".tmp") as f:
            d = json.load(f)
        d["opening_start"] = opening
        d.update(settings)
        if not a.tc:
            d["nodes"] = a.nodes
        with open(out, "w") as f:
            json.dump(d, f, indent=2)
        os.remove(out + ".tmp")


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("names", nargs="*")
    p.add_argument("--table", action="store_true", help="print the results table and exit")
    p.add_argument("--nodes", type=int, default=int(os.environ.get("NODES", 25_000)))
    p.add_argument("--tc", help="play on the clock (match.py's --tc, e.g. 10+0.1) instead of --nodes")
    p.add_argument("--seed", type=int, help="the openings' shuffle (match.py's --seed; its default if not given)")
    p.add_argument("--new-opt", action="append", default=[], metavar="NAME=VALUE", help="with --base: a UCI option of the new side")
    p.add_argument("--base-opt", action="append", default=[], metavar="NAME=VALUE", help="with --base: a UCI option of the base side")
    p.add_argument("--chunk", type=int, default=200, help="games between SPRT checks")
    p.add_argument("--elo1", type=float, default=ELO1, help="the SPRT's H1 in Elo (H0 is 0); fixed for a test's life")
    p.add_argument("--max-games", type=int, default=4_000)
    p.add_argument("--max-seconds", type=float)
    p.add_argument("--base", help="test a change: the new build against this older binary")
    p.add_argument("--new", help="with --base: the new binary (default: build the working tree)")
    a = p.parse_args()
    if a.table:
        table(a.names)
        return 0
    if len(a.names) != 1:
        p.error("give one comma-separated list of names")
    if (a.new_opt or a.base_opt) and not a.base:
        p.error("--new-opt and --base-opt need --base")
    if a.new and not a.base:
        # An ablation needs the ablation build: a normal binary ignores CHESS_ABLATE and would
        # play itself under the feature's name.
        p.error("--new needs --base")
    a.names = a.names[0]
    return run(a)


if __name__ == "__main__":
    sys.exit(main())
