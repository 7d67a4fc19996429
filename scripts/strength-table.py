#!/usr/bin/env python3
"""The strength table of docs/matches/README.md, written from the committed match summaries, so
that the docs cannot drift from the runs.

    python3 scripts/strength-table.py           # rewrite the table between the markers
    python3 scripts/strength-table.py --check   # fail (exit 1) when the table is not what the
                                                # summaries give (scripts/test.sh runs this)

A row is one whole match: a `match.py --json` summary under docs/matches/ (a part file,
`NAME.part-K.json`, is counted in its match's summary, not apart). Matches played under the match
protocol carry their conditions (`protocol`, written by scripts/external-matches.sh) and come
first; the tables of earlier sessions, played with two games at a time and testers' adjudication,
are listed after them with those conditions (LEGACY below: what scripts/external-matches.sh did
then), and a summary with no conditions at all is refused rather than shown without them.
"""
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import match_chunks  # noqa: E402  (sums a match's parts)
MATCHES = os.path.join(ROOT, "docs", "matches")
README = os.path.join(MATCHES, "README.md")
BEGIN = "<!-- strength-table: written by scripts/strength-table.py from the summaries; do not edit -->"
END = "<!-- end of strength-table -->"

# The directories of earlier tables whose summaries carry no conditions, and the conditions
# scripts/external-matches.sh played them under (its --chunk parts on seed 16's openings).
LEGACY = {
    "final-s7": {"tc": "10+0.1", "threads": 1, "hash_mb": 16, "concurrency": 2, "adjudication": True,
                 "openings": "2moves_v1.epd", "seed": 16},
}


def _committed_date(path):
    """The date the file was first committed (for summaries that do not carry theirs)."""
    try:
        out = subprocess.run(["git", "log", "--diff-filter=A", "--format=%cs", "--", path], cwd=ROOT,
                             capture_output=True, text=True, check=True).stdout.split()
    except (OSError, subprocess.CalledProcessError):
        return "?"
    return out[-1] if out else "?"


def _in_progress(directory, stem, files):
    """The parts so far of a match without its summary, summed by scripts/match_chunks.py (which
    refuses parts of different engines, builds or conditions), without an Elo: it computes that
    once the match is whole."""
    parts = []
    for name in sorted(files):
        if name.startswith(stem + ".part-") and name.endswith(".json"):
            with open(os.path.join(directory, name), encoding="utf-8") as f:
                parts.append(json.load(f))
    d = match_chunks.combine(parts, elo=False)
    d.update(score=(d["wins"] + d["draws"] / 2) / d["games"], elo="—")
    return d


def _rows():
    """(under the protocol?, sort key, row cells) for every whole match with known conditions."""
    rows = []
    for directory, _, files in sorted(os.walk(MATCHES)):
        label = os.path.relpath(directory, MATCHES)
        whole = {n for n in files if n.endswith(".json") and ".part-" not in n}
        # A match still being played (parts, no summary yet): its parts so far, summed here.
        started = sorted({n.split(".part-")[0] + ".json" for n in files if ".part-" in n and n.endswith(".json")} - whole)
        for name in sorted(whole) + started:
            path = os.path.join(directory, name)
            if name in whole:
                with open(path, encoding="utf-8") as f:
                    d = json.load(f)
            else:
                d = _in_progress(directory, name[: -len(".json")], files)
            conditions = d.get("protocol")
            dates = None
            if conditions is not None:
                dates = conditions.get("first_date") or conditions.get("date")
                last = conditions.get("last_date")
                if last and last != dates:
                    dates = f"{dates} to {last}"
            elif label in LEGACY:
                conditions = LEGACY[label]
                dates = _committed_date(os.path.relpath(path, ROOT))
            else:
                continue
            bench = d.get("bench")
            if bench is None:  # merged before summaries kept it: its parts' (they must agree)
                stem = name[: -len(".json")]
                parts = {json.load(open(os.path.join(directory, f), encoding="utf-8")).get("bench")
                         for f in files if f.startswith(stem + ".part-") and f.endswith(".json")}
                bench = parts.pop() if len(parts) == 1 else "?"
            protocol = conditions["concurrency"] == 1 and not conditions["adjudication"]
            load = conditions.get("load_before")
            load = "" if load is None else f"{max(load, conditions.get('load_after', load)):.2f}"
            how = (f"{conditions['tc']}, c={conditions['concurrency']}, "
                   f"{'adjudicated' if conditions['adjudication'] else 'played out'}")
            if name not in whole:
                how += f", in progress ({d['parts']} part{'s' if d['parts'] > 1 else ''})"
            err = d.get("elo_err95")
            elo = d.get("elo")
            elo_text = f"{elo:+.1f} ± {err:.1f}" if isinstance(elo, (int, float)) and isinstance(err, (int, float)) else f"{elo}"
            cells = [
                d["engine_b"], how, f"{d['wins']}-{d['losses']}-{d['draws']}", f"{100 * d['score']:.1f}%",
                elo_text, str(d["games"]), str(conditions["seed"]), dates, str(bench), load,
                f"`{os.path.relpath(path if name in whole else path[: -len('.json')] + '.part-*.json', MATCHES)}`",
            ]
            rows.append((protocol, (not protocol, label, d["engine_b"]), cells))
    rows.sort(key=lambda r: r[1])
    return rows


def table():
    """The table's text, between its markers."""
    head = ["opponent", "conditions", "W-L-D", "score", "Elo (95%)", "games", "seed", "date",
            "Bench", "load", "summary"]
    lines = [BEGIN, "", "| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
    rows = _rows()
    for protocol, _, cells in rows:
        if not protocol:
            continue
        lines.append("| " + " | ".join(cells) + " |")
    if not any(r[0] for r in rows):
        lines.append("| (no match under the protocol yet) |" + " |" * (len(head) - 1))
    lines += ["", "Not under the protocol (two games at a time, testers' adjudication; kept for "
                  "comparison, not for claims):", "",
              "| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
    for protocol, _, cells in rows:
        if not protocol:
            lines.append("| " + " | ".join(cells) + " |")
    lines += ["", END]
    return "\n".join(lines)


def main(argv):
    with open(README, encoding="utf-8") as f:
        text = f.read()
    if BEGIN not in text or END not in text:
        sys.exit(f"strength-table.py: {README} has no table markers")
    start, end = text.index(BEGIN), text.index(END) + len(END)
    new = text[:start] + table() + text[end:]
    if "--check" in argv:
        if new != text:
            sys.exit("strength-table.py: docs/matches/README.md's strength table is not the summaries' "
                     "(run python3 scripts/strength-table.py)")
        print("strength table: up to date")
        return
    with open(README, "w", encoding="utf-8") as f:
        f.write(new)


if __name__ == "__main__":
    main(sys.argv)
