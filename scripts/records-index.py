#!/usr/bin/env python3
"""Write the indexes of the raw match records: docs/ablations/README.md and docs/calibration/README.md.

    python3 scripts/records-index.py

A record is the `match.py --json` summary of one chunk of games (W-L-D, pentanomial counts, the
engines' names and limits, Elo, time use), saved as `NAME-K.json` by scripts/ablation.py (under
docs/ablations/) or scripts/calibrate.py (under docs/calibration/), K the chunk; a file without
`-K`, or whose K are not 1, 2, 3... (docs/ablations/timecontrol/, docs/calibration/probes/:
l5-net-250000.json is a node budget), is a study of one chunk, named by its file. Every JSON
file under the folder is read, subfolders included (retired/, timecontrol/, superseded/, probes/);
the chunks of one NAME in one folder are one study, and each index has one table row per study,
sorted by name (then folder).

A row sums its chunks' wins, losses and draws (the engine A's point of view: for an ablation,
"full" or "new"; for a calibration run, the level) and computes from the sums:

- score = (W + D/2) / (W + L + D), over every game;
- Elo and its 95% error bar, from the pentanomial counts when every chunk has them (as
  ablation.py --table and calibrate.py --table do, so the numbers are the ones the docs quote),
  else from the trinomial ones. With samples x_j (pentanomial: one per game pair, the pair's
  score / 2, i.e. 0, 1/4, 1/2, 3/4, 1 for LL, LD, WL+DD, WD, WW, a lone game of a stopped chunk
  left out; trinomial: one per game, 1, 0, 1/2 for W, L, D) and n of them:
      s = mean(x),  var = mean((x - s)^2),  se = sqrt(var / n),
      Elo(p) = -400 * log10(1/p - 1),
      Elo = Elo(s),  error = (Elo(s + 1.96 se) - Elo(s - 1.96 se)) / 2,
  which is match.py's `score_interval` (z = 1.959963984540054);
- for the ablations, the SPRT's log-likelihood ratio of the summed pentanomial counts: the
  generalized SPRT of fishtest (logistic model, H0 = 0 Elo, H1 = the chunks' `elo1`, 10 when
  absent, alpha = beta = 0.05, so bounds +/-2.94; an empty pentanomial cell counts 0.001), as
  ablation.py computes it; a study whose LLR lies between the bounds was stopped undecided.

The "discussed in" column lists the sections of docs/*.md (and of READMEs inside the records'
folders, other than the index itself) that name the study: `NAME` in backticks, a chunk's file
name (NAME-K.json, NAME.json) or NAME-* (also a backticked glob that matches its files), its
branch `exp/NAME`, or
NAME as an argument of `ablation.py` / `calibrate.py`. The section is the heading above the
mention; the link is GitHub's anchor for it.

Plain python3, no packages and no network; the output depends only on the files, so a second run
changes nothing. Rerun it after adding records.
"""
import fnmatch
import json
import math
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
Z95 = 1.959963984540054
ELO1 = 10.0  # ablation.py's default H1
LOWER, UPPER = math.log(0.05 / 0.95), math.log(0.95 / 0.05)  # alpha = beta = 0.05

ABLATIONS_INTRO = """\
# Ablation and change-test records

*Written by `scripts/records-index.py` from the JSON files in this folder: do not edit by hand,
run `python3 scripts/records-index.py` after adding records.*

Each JSON file here is the summary of one chunk of self-play games (`match.py --json`: W-L-D,
pentanomial counts, the engines' names and limits, Elo, terminations, time use), written by
[`scripts/ablation.py`](../../scripts/ablation.py) as `NAME-K.json`, K the chunk (200 games by
default, 100 for most tests at a clock). A study is every chunk of one NAME:

- **an ablation** (A = `full`, B = `without NAMES`): the ablation build against itself with the
  comma-separated CHESS_ABLATE switches NAMES turned off; a positive Elo is what the rules or
  terms earn. Reproduce or resume one with `scripts/ablation.py NAMES` (add `--nodes N` when the
  limit is not nodes=25000, `--tc 10+0.1` for a timed one, `--elo1 E` when its SPRT was [0, E]);
- **a change test** (A = `new`, B = `base`): a build (or a net, through `EvalFile`) against the one
  before it, `scripts/ablation.py LABEL --base OLD_BINARY --new NEW_BINARY` with the limit, seed
  and options of the row (`--tc`, `--seed`, `--new-opt`, `--base-opt`, `--elo1`); the binaries
  are builds of the commits the discussing section names.

Every test is an SPRT (H0 0 Elo, H1 10 Elo unless stated) over chunks on fresh openings of
`2moves_v1.epd`; rerunning the command resumes it, and ablation.py refuses other settings.
`scripts/ablation.py --table [NAMES...]` prints the tables of docs/search.md and
docs/evaluation.md from the chunks at the top of this folder.

- `retired/`: chunks ablation.py no longer reads or resumes: mostly changes that were dropped
  (their branches are named in docs/search.md), also tests restarted on a newer search; the
  discussing section says which;
- `timecontrol/`: a single match at 2+0.02 (match.py's own SPRT), outside ablation.py's naming;
- `tm-node-share.patch`: the change the `tm-node-share-tc10` test played (docs/search.md).

Columns: W-L-D and score over every game; Elo (engine A's gain, 95%) from the pentanomial
counts, which leave out the lone game of a chunk stopped mid-pair; the SPRT's LLR from the
summed pentanomial counts (bounds ±2.94); the limits and options the chunks record; the
sections of docs/ that discuss the study. The formulas are in the script's docstring.
"""

CALIBRATION_INTRO = """\
# Level calibration records

*Written by `scripts/records-index.py` from the JSON files in this folder: do not edit by hand,
run `python3 scripts/records-index.py` after adding records.*

Each JSON file here is the summary of one chunk of games (`match.py --json`, the same fields as
the ablation records in [../ablations/](../ablations/README.md)) of a difficulty level, or of a
handicapped anchor, against a limited-strength Stockfish 15.1, written by
[`scripts/calibrate.py`](../../scripts/calibrate.py) as `NAME-K.json`, K the chunk. A run family
is every chunk of one NAME; the NAMEs at the top of this folder are the rows of calibrate.py's
`PLAN` (`scripts/calibrate.py NAME` resumes or extends one, `--games N` for more;
`scripts/calibrate.py --table` prints the table of docs/levels.md, where a level's Elo is its
opponent's rating plus the Elo difference below).

- `superseded/`: earlier runs on older builds or settings, moved here when the levels changed
  and renamed with what differed (`-bench1348422`: the build whose `Bench:` was 1348422;
  `-net-v1`, `-60000-nodes`, `-depth3`: the settings). Most were played as calibrate.py's row of
  their time, `CALIBRATION_DIR=DIR scripts/calibrate.py ROW... --engine BIN`; docs/levels.md
  tells their story;
- `probes/`: short single matches of trial settings, played with `../shared/tools/match.py`
  directly (their own [README](probes/README.md) gives the settings).

Columns: W-L-D and score over every game (engine A's point of view, A the level); the Elo
*difference* (A against B, 95%) from the pentanomial counts, which leave out the lone game of a
chunk stopped mid-pair; the limits of A and B; the sections of docs/ that discuss the run. No
SPRT: these are measurements. The formulas are in the script's docstring.
"""

INDEXES = [
    {"dir": "docs/ablations", "intro": ABLATIONS_INTRO, "sprt": True, "script": "ablation.py"},
    {"dir": "docs/calibration", "intro": CALIBRATION_INTRO, "sprt": False, "script": "calibrate.py"},
]


# --- statistics (match.py's, copied so that this script needs nothing outside the repository) ---

def elo_from_score(s):
    if s <= 0.0:
        return -math.inf
    if s >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / s - 1.0)


def score_interval(values_counts):
    """(Elo, 95% error) of samples given as (value, count); None without samples."""
    n = sum(c for _, c in values_counts)
    if n == 0:
        return None
    s = sum(a * c for a, c in values_counts) / n
    var = sum(c * (a - s) ** 2 for a, c in values_counts) / n
    if var == 0.0:
        return elo_from_score(s), (0.0 if 0.0 < s < 1.0 else math.inf)
    se = math.sqrt(var / n)
    lo, hi = elo_from_score(s - Z95 * se), elo_from_score(s + Z95 * se)
    err = (hi - lo) / 2.0 if math.isfinite(lo) and math.isfinite(hi) else math.inf
    return elo_from_score(s), err


def _secular_root(pdf):
    """Solve sum_i p_i a_i / (1 + x a_i) = 0 for x (min a < 0 < max a), by bisection."""
    lo, hi = -1.0 / max(a for a, _ in pdf), -1.0 / min(a for a, _ in pdf)

    def f(x):
        return sum(p * a / (1.0 + x * a) for a, p in pdf)

    a_, b_ = lo + 1e-12 * (hi - lo), hi - 1e-12 * (hi - lo)
    for _ in range(200):
        mid = 0.5 * (a_ + b_)
        if f(mid) > 0.0:
            a_ = mid
        else:
            b_ = mid
        if b_ - a_ < 1e-15:
            break
    return 0.5 * (a_ + b_)


def sprt_llr(results, elo0, elo1):
    """The GSPRT log-likelihood ratio of pentanomial counts (logistic model), as match.py's."""
    if sum(results) == 0:
        return 0.0
    reg = [r if r > 0 else 1e-3 for r in results]
    n = float(sum(reg))
    pdf = [(i / (len(reg) - 1), r / n) for i, r in enumerate(reg)]

    def mle(s):
        x = _secular_root([(a - s, p) for a, p in pdf])
        return [p / (1.0 + x * (a - s)) for a, p in pdf]

    def logistic(elo):
        return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))

    p0, p1 = mle(logistic(elo0)), mle(logistic(elo1))
    return n * sum(pdf[i][1] * (math.log(p1[i]) - math.log(p0[i])) for i in range(len(pdf)))


# --- records ---

def records(index_dir):
    """{(NAME, folder): [(K, file name, summary)...]} for every JSON file under index_dir."""
    studies = {}
    for here, dirs, files in os.walk(index_dir):
        dirs.sort()
        folder = os.path.relpath(here, index_dir).replace(os.sep, "/")
        folder = "" if folder == "." else folder + "/"
        for f in sorted(files):
            stem, ext = os.path.splitext(f)
            if ext != ".json":
                continue
            name, _, k = stem.rpartition("-")
            if not (name and k.isdigit()):
                name, k = stem, "0"
            with open(os.path.join(here, f), encoding="utf-8") as fh:
                summary = json.load(fh)
            studies.setdefault((name, folder), []).append((int(k), f, summary))
    # Chunks are numbered 1, 2, 3...; a group that is not (probes/l5-net-250000.json and
    # l5-net-320000.json: a node budget, not a chunk) is files of one chunk each, named by their stem.
    for key in list(studies):
        chunks = sorted(studies[key], key=lambda c: (c[0], c[1]))
        if [c[0] for c in chunks] in ([0], list(range(1, len(chunks) + 1))):
            studies[key] = chunks
        else:
            del studies[key]
            for _, f, summary in chunks:
                studies[(os.path.splitext(f)[0], key[1])] = [(0, f, summary)]
    return studies


def distinct(values):
    out = []
    for v in values:
        if v not in out:
            out.append(v)
    return out


def fmt_elo(elo, err):
    if elo is None:
        return ""
    e = f"{elo:+.1f}" if math.isfinite(elo) else ("+∞" if elo > 0 else "−∞")
    return f"{e} ± {err:.1f}" if math.isfinite(err) else f"{e} ± ∞"


def limits(runs):
    """The limits (and the seed and UCI options, when recorded) the chunks were played with."""
    out = []
    for r in runs:
        a, b = r.get("limit_a"), r.get("limit_b")
        parts = [a if a == b else f"A {a}, B {b}"]
        if r.get("seed") is not None:
            parts.append(f"seed {r['seed']}")
        if r.get("new_opt"):
            parts.append("A " + " ".join(r["new_opt"]))
        if r.get("base_opt"):
            parts.append("B " + " ".join(r["base_opt"]))
        out.append("; ".join(parts))
    return " / ".join(distinct(out))


def row(name, folder, chunks, sprt):
    runs = [c[2] for c in chunks]
    w, l, d = (sum(r.get(k, 0) for r in runs) for k in ("wins", "losses", "draws"))
    games = w + l + d
    pentas = [r.get("pentanomial") for r in runs]
    penta = [sum(p[i] for p in pentas) for i in range(5)] if all(pentas) else None
    stats = None
    if penta and sum(penta) >= 2:
        stats = score_interval([(i / 4.0, c) for i, c in enumerate(penta)])
    elif games:
        stats = score_interval([(1.0, w), (0.0, l), (0.5, d)])
    cells = {
        "study": f"`{name}`",
        "folder": f"`{folder}`" if folder else "",
        "chunks": str(len(chunks)),
        "games": str(games),
        "test": " / ".join(distinct(f"{r.get('engine_a')} vs {r.get('engine_b')}" for r in runs)),
        "limits": limits(runs),
        "wld": f"{w}-{l}-{d}",
        "score": f"{100 * ((w + d / 2) / games):.1f}%" if games else "",  # as ablation.py rounds it
        "elo": fmt_elo(*stats) if stats else "",
    }
    if sprt:
        elo1 = runs[0].get("elo1") or (runs[0].get("sprt") or {}).get("elo1") or ELO1
        if penta and sum(penta):
            llr = sprt_llr(penta, 0.0, elo1)
            verdict = "H1 accepted" if llr >= UPPER else "H0 accepted" if llr <= LOWER else "no decision"
            cells["sprt"] = f"[0, {elo1:g}] {llr:.2f}: {verdict}"
        else:
            cells["sprt"] = ""
    return cells


# --- where the docs discuss a study ---

def anchor(heading, seen):
    """GitHub's anchor for a heading (lower case, punctuation dropped, spaces to hyphens)."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
    n = seen.get(text, 0)
    seen[text] = n + 1
    return text if n == 0 else f"{text}-{n}"


def sections(text):
    """[(offset, heading, anchor)] of the Markdown headings outside code fences."""
    out, seen, offset, fenced = [], {}, 0, False
    for line in text.splitlines(keepends=True):
        if line.lstrip().startswith("```"):
            fenced = not fenced
        elif not fenced:
            m = re.match(r"#{1,6} +(.+?) *#*\s*$", line)
            if m:
                out.append((offset, m.group(1), anchor(m.group(1), seen)))
        offset += len(line)
    return out


def mentions(text, index, studies):
    """{(name, folder): [offsets]} of the mentions of the studies in one document."""
    found = {}
    base = os.path.basename(index["dir"])
    files = {key: [c[1] for c in chunks] for key, chunks in studies.items()}

    def add(key, at):
        found.setdefault(key, []).append(at)

    for key, names in files.items():
        name = re.escape(key[0])
        patterns = [rf"`(?:exp/)?{name}`", rf"(?<![\w.,+-]){name}-\*(?![\w*-])"]
        patterns += [rf"(?<![\w.,+-]){re.escape(f)}(?!\w)" for f in names]
        for m in re.finditer("|".join(patterns), text):
            add(key, m.start())
    # NAME as an argument of the script: ablation.py takes one, calibrate.py several (before any option).
    for m in re.finditer(rf"{re.escape(index['script'])}((?:\s+[^\s`|\-][^\s`|]*)*)", text):
        args = m.group(1).split()
        for arg in args[:1] if index["script"] == "ablation.py" else args:
            for key in files:
                if key[0] == arg:
                    add(key, m.start())
    # Backticked globs such as `docs/ablations/cont4-*` or `*-bench1386736-*`.
    for m in re.finditer(r"`([^`\n]*\*[^`\n]*)`", text):
        for token in m.group(1).split():
            if "*" not in token or ("docs/" in token and f"docs/{base}" not in token):
                continue
            glob = token.rstrip(".,;:)").rsplit("/", 1)[-1]
            if len(glob.replace("*", "").replace(".json", "")) < 3:
                continue
            for key, names in files.items():
                if any(fnmatch.fnmatchcase(f, glob) for f in names):
                    add(key, m.start())
    return found


def discussions(index, studies):
    """{(name, folder): Markdown links to the sections that discuss the study}."""
    index_dir = os.path.join(ROOT, index["dir"])
    docs_dir = os.path.join(ROOT, "docs")
    paths = sorted(os.path.join(docs_dir, f) for f in os.listdir(docs_dir) if f.endswith(".md"))
    for here, dirs, files in os.walk(index_dir):
        dirs.sort()
        if here != index_dir and "README.md" in files:
            paths.append(os.path.join(here, "README.md"))
    links = {}
    for path in paths:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
        heads = sections(text)
        rel = os.path.relpath(path, index_dir).replace(os.sep, "/")
        shown = os.path.relpath(path, docs_dir).replace(os.sep, "/")
        for key, offsets in mentions(text, index, studies).items():
            for at in sorted(offsets):
                head = None
                for h in heads:
                    if h[0] > at:
                        break
                    head = h
                if head is None:
                    link = f"[{shown}]({rel})"
                else:
                    title = re.sub(r"[`*_]", "", head[1]).replace("|", "/")
                    link = f"[{shown}: {title}]({rel}#{head[2]})"
                if link not in links.setdefault(key, []):
                    links[key].append(link)
    return links


def write_index(index):
    index_dir = os.path.join(ROOT, index["dir"])
    studies = records(index_dir)
    links = discussions(index, studies)
    columns = [("study", "study"), ("folder", "folder"), ("chunks", "chunks"), ("games", "games"),
               ("test", "A vs B"), ("limits", "limits"), ("wld", "W-L-D"), ("score", "score"),
               ("elo", "Elo (95%)")]
    if index["sprt"]:
        columns.append(("sprt", "SPRT [0, H1]: LLR"))
    columns.append(("docs", "discussed in"))
    lines = [index["intro"].rstrip("\n"), "",
             f"{len(studies)} studies, {sum(len(c) for c in studies.values())} records.", "",
             "| " + " | ".join(title for _, title in columns) + " |",
             "|" + " --- |" * len(columns)]
    for key in sorted(studies):
        cells = row(key[0], key[1], studies[key], index["sprt"])
        cells["docs"] = "; ".join(links.get(key, []))
        lines.append("| " + " | ".join(cells[c].replace("|", "/") for c, _ in columns) + " |")
    out = os.path.join(index_dir, "README.md")
    text = "\n".join(lines) + "\n"
    old = None
    if os.path.exists(out):
        with open(out, encoding="utf-8") as fh:
            old = fh.read()
    if old != text:
        with open(out, "w", encoding="utf-8") as fh:
            fh.write(text)
    print(f"{index['dir']}/README.md: {len(studies)} studies" + ("" if old != text else " (unchanged)"))


def main():
    for index in INDEXES:
        write_index(index)
    return 0


if __name__ == "__main__":
    sys.exit(main())
