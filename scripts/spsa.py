#!/usr/bin/env python3
"""SPSA over the search's constants: game pairs between two perturbations of the current values.

    cargo build --release -p chess-cli --features tune --target-dir target/tune
    scripts/spsa.py --name run1 [--iterations 2000] [--tc 8+0.08 | --nodes N] [--concurrency 2]
                    [--params rfp_margin,lmr_base,... | --params all] [--r-end 0.002] [--seed 1]
    scripts/spsa.py --name run1 --report      # where a run stands, and the values to test

The constants are the rows of `crates/chess-search/src/params.rs`, read from the tuning build
(`chess params`: name, default, range, step), which also takes each as a UCI option.

Each iteration k draws a random sign Δ per constant (from `--seed` and k, so a rerun draws the
same), plays one game pair from one 2moves opening (the opening drawn the same way) between
θ + c_k Δ and θ − c_k Δ with `../shared/tools/match.py`, and moves θ by a_k · r · Δ / c_k, r being
the pair's wins minus losses of the + side (−2 to 2). The gains follow Fishtest's schedule: over
N iterations c_k falls from c to the constant's `step` at the end (c_k = c / (k + 1)^0.101),
and a_k = a / (A + k + 1)^0.602 with A = N / 10 and a chosen so that the last step's learning
rate a_k / c_k² is `--r-end`. Values are clamped to the row's range, and rounded when sent.

`--concurrency` pairs are played at once from the same θ (each with its own Δ), then applied in
order. A run lives in data/spsa/NAME.json (settings, iterations done, θ) with a line an iteration
in data/spsa/NAME.jsonl; a stopped run resumes where it was by the same command. `--state-dir
docs/spsa` keeps NAME.json in the repository instead (a few KB; the log stays in data/spsa): a run
longer than a session, committed after each part, then resumes on a new machine too. Its result is a
set of values to prove by games like any change: `--report` prints them as `--a-opt` options for
an SPRT of the tuning build against its defaults (docs/search.md).
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.environ.get("SHARED", os.path.join(ROOT, "..", "shared"))
MATCH = os.path.join(SHARED, "tools", "match.py")
OPENINGS = os.path.join(SHARED, "data", "openings", "2moves_v1.epd")
ALPHA, GAMMA = 0.602, 0.101


def read_params(engine):
    """The tuning build's table: name → {value, default, min, max, step}."""
    out = subprocess.run([engine, "params"], capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"{engine} params failed (is it a tuning build? cargo build --release -p chess-cli "
                 f"--features tune --target-dir target/tune): {out.stderr.strip()}")
    rows = [json.loads(line) for line in out.stdout.splitlines() if line.strip()]
    return {r["name"]: r for r in rows}


class Schedule:
    """Fishtest's SPSA gains for one constant over `n` iterations."""

    def __init__(self, step, n, r_end):
        self.big_a = n / 10
        self.c = step * n ** GAMMA
        a_end = r_end * step ** 2
        self.a = a_end * (self.big_a + n) ** ALPHA

    def c_k(self, k):
        return self.c / (k + 1) ** GAMMA

    def a_k(self, k):
        return self.a / (self.big_a + k + 1) ** ALPHA


def signs(seed, k, names):
    rng = random.Random(f"spsa-{seed}-{k}")
    return {name: rng.choice((-1, 1)) for name in names}


def clamp_round(value, row):
    return max(row["min"], min(row["max"], round(value)))


def play_pair(engine, k, plus, minus, limit, seed, hash_mb):
    """Start one game pair (a match.py process); returns (process, json path)."""
    fd, path = tempfile.mkstemp(prefix=f"spsa-{k}-", suffix=".json")
    os.close(fd)
    cmd = [sys.executable, MATCH, "-a", engine, "-b", engine, "-n", "2", "-q",
           "--openings", OPENINGS, "--random-openings", "--seed", str(seed), "--opening-start", str(k),
           "--resign", "1000", "4", "--json", path, "--a-name", "plus", "--b-name", "minus",
           "--a-opt", f"Hash={hash_mb}", "--b-opt", f"Hash={hash_mb}", *limit]
    for name, v in plus.items():
        cmd += ["--a-opt", f"{name}={v}"]
    for name, v in minus.items():
        cmd += ["--b-opt", f"{name}={v}"]
    return subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True), path


def report(state, table):
    theta = state["theta"]
    print(f"{state['name']}: {state['k']}/{state['settings']['iterations']} iterations, "
          f"{2 * state['k']} games, plus side W-L-D {state['w']}-{state['l']}-{state['d']}")
    moved = sorted(theta, key=lambda n: -abs(theta[n] - table[n]["default"]) / table[n]["step"])
    print(f"{'constant':<28} {'default':>8} {'now':>8} {'steps':>6}")
    for name in moved:
        row = table[name]
        print(f"{name:<28} {row['default']:>8} {theta[name]:>8.2f} {(theta[name] - row['default']) / row['step']:>+6.1f}")
    changed = {n: clamp_round(theta[n], table[n]) for n in theta if clamp_round(theta[n], table[n]) != table[n]["default"]}
    print("\nvalues that differ from the defaults, as match.py options of the tuning build:")
    print(" ".join(f"--a-opt {n}={v}" for n, v in changed.items()) or "(none)")


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--name", required=True, help="the run: data/spsa/NAME.json(l)")
    p.add_argument("--engine", default=os.path.join(ROOT, "target", "tune", "release", "chess"))
    p.add_argument("--params", default="all", help="comma-separated constants, or all")
    p.add_argument("--iterations", type=int, default=2000, help="game pairs in the whole run")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--tc", help="clock of each game, e.g. 8+0.08 (default)")
    g.add_argument("--nodes", type=int, help="nodes a move instead of a clock")
    p.add_argument("--concurrency", type=int, default=2, help="game pairs at once (one core each)")
    p.add_argument("--hash", type=int, default=16)
    p.add_argument("--r-end", type=float, default=0.002, help="learning rate a_k / c_k^2 at the last iteration")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--stop-after", type=int, help="stop after this many iterations of this invocation")
    p.add_argument("--report", action="store_true", help="print where the run stands and exit")
    p.add_argument("--state-dir", default=os.path.join(ROOT, "data", "spsa"),
                   help="where NAME.json lives (docs/spsa: in the repository, to commit); the log is in data/spsa")
    a = p.parse_args()

    table = read_params(a.engine)
    folder, logs = os.path.abspath(a.state_dir), os.path.join(ROOT, "data", "spsa")
    os.makedirs(folder, exist_ok=True)
    os.makedirs(logs, exist_ok=True)
    state_path, log_path = os.path.join(folder, f"{a.name}.json"), os.path.join(logs, f"{a.name}.jsonl")
    names = list(table) if a.params == "all" else [n.strip() for n in a.params.split(",")]
    unknown = [n for n in names if n not in table]
    if unknown:
        sys.exit(f"unknown constants: {', '.join(unknown)} (chess params lists them)")
    settings = {"params": names, "iterations": a.iterations, "tc": a.tc if a.nodes is None else None,
                "nodes": a.nodes, "r_end": a.r_end, "seed": a.seed, "hash": a.hash}
    if settings["tc"] is None and settings["nodes"] is None:
        settings["tc"] = "8+0.08"
    if os.path.exists(state_path):
        state = json.load(open(state_path))
        if not a.report and state["settings"] != settings:
            sys.exit(f"{state_path} was started with other settings: {state['settings']}; give another --name")
    else:
        if a.report:
            sys.exit(f"no run named {a.name} in {folder}")
        state = {"name": a.name, "settings": settings, "k": 0, "w": 0, "l": 0, "d": 0,
                 "theta": {n: float(table[n]["default"]) for n in names}}
    if a.report:
        report(state, table)
        return

    schedules = {n: Schedule(table[n]["step"], a.iterations, a.r_end) for n in names}
    limit = ["--tc", settings["tc"]] if settings["tc"] else ["--nodes", str(settings["nodes"])]
    done_here = 0
    while state["k"] < a.iterations and (a.stop_after is None or done_here < a.stop_after):
        batch = range(state["k"], min(a.iterations, state["k"] + a.concurrency))
        jobs = []
        for k in batch:
            delta = signs(a.seed, k, names)
            theta = state["theta"]
            plus = {n: clamp_round(theta[n] + schedules[n].c_k(k) * delta[n], table[n]) for n in names}
            minus = {n: clamp_round(theta[n] - schedules[n].c_k(k) * delta[n], table[n]) for n in names}
            jobs.append((k, delta, plus, minus, *play_pair(a.engine, k, plus, minus, limit, a.seed, a.hash)))
        for k, delta, plus, minus, proc, path in jobs:
            _, err = proc.communicate()
            result = json.load(open(path)) if os.path.getsize(path) else None
            os.unlink(path)
            if proc.returncode != 0 or result is None or result["games"] != 2:
                sys.exit(f"iteration {k}: match.py failed ({proc.returncode}): {err.strip()[-500:]}")
            r = result["wins"] - result["losses"]
            for n in names:
                step = schedules[n].a_k(k) * r * delta[n] / schedules[n].c_k(k)
                state["theta"][n] = max(table[n]["min"], min(table[n]["max"], state["theta"][n] + step))
            state["k"] = k + 1
            state["w"] += result["wins"]
            state["l"] += result["losses"]
            state["d"] += result["draws"]
            with open(log_path, "a") as log:
                print(json.dumps({"k": k, "r": r, "plus": plus, "minus": minus,
                                  "faults": result.get("faults"), "theta": state["theta"]}), file=log)
            done_here += 1
            with open(state_path + ".tmp", "w") as f:
                json.dump(state, f, indent=1)
            os.replace(state_path + ".tmp", state_path)
        print(f"{a.name}: iteration {state['k']}/{a.iterations}, plus side W-L-D "
              f"{state['w']}-{state['l']}-{state['d']}", flush=True)
    report(state, table)


if __name__ == "__main__":
    main()
