#!/usr/bin/env python3
"""One match out of several `match.py --json` summaries of its parts (chunks of games played
one after another on distinct openings, possibly in different sessions).

    python3 scripts/match_chunks.py OUT.json PART.json...

The result has the keys of a match.py summary: the game counts, pentanomial pairs, terminations
and faults summed, each engine's moves, mean time and mean depth weighted by its moves, the
largest overshoot, and the Elo, its error and LOS computed again from the sums with match.py's
own statistics (so a combined match reads exactly as one played at once would). Parts must agree
on the engines and their limits; `scripts/external-matches.sh --chunk` and `scripts/ablation.py`
use it.
"""
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.environ.get("SHARED", os.path.join(ROOT, "..", "shared"))


def _match():
    """The shared match runner (its Elo statistics), imported when first needed: summing counts
    (`combine(..., elo=False)`, scripts/strength-table.py) works without ../shared."""
    sys.path.insert(0, os.path.join(SHARED, "tools"))
    import match  # noqa: E402

    return match

# What every part of one match must share.
SAME = ("engine_a", "engine_b", "limit_a", "limit_b")
# The conditions of the match protocol (scripts/external-matches.sh writes them as `protocol`)
# every part must share; its date and load averages may differ from part to part.
PROTOCOL_SAME = ("tc", "threads", "hash_mb", "concurrency", "adjudication", "openings", "seed")


def _protocol(parts):
    """The parts' shared conditions with their first and last dates and highest load averages,
    or None when the parts carry none (summaries from before session 71)."""
    blocks = [p.get("protocol") for p in parts]
    if all(b is None for b in blocks):
        return None
    if any(b is None for b in blocks):
        raise ValueError("some parts carry their conditions (protocol) and some do not")
    for key in PROTOCOL_SAME:
        values = {json.dumps(b.get(key)) for b in blocks}
        if len(values) > 1:
            raise ValueError(f"the parts were played under different conditions: {key} {sorted(values)}")
    out = {key: blocks[0].get(key) for key in PROTOCOL_SAME}
    dates = sorted(b["date"] for b in blocks)
    out.update(first_date=dates[0], last_date=dates[-1],
               load_before=max(b["load_before"] for b in blocks),
               load_after=max(b["load_after"] for b in blocks))
    return out


def _weighted(parts, side, key):
    """The mean of one engine statistic over every move of every part (None if no part has it)."""
    pairs = [(p[f"engine_{side}_stats"][key], p[f"engine_{side}_stats"]["moves"]) for p in parts]
    moves = sum(m for v, m in pairs if v is not None)
    return sum(v * m for v, m in pairs if v is not None) / moves if moves else None


def _summed(dicts):
    total = {}
    for d in dicts:
        for k, v in d.items():
            total[k] = total.get(k, 0) + v
    return total


def combine(parts, same=SAME, elo=True):
    """One summary from the summaries of a match's parts, in match.py's format; the parts must
    agree on the keys of `same` (a caller that checks its parts itself passes `()`). With
    `elo=False`, the counts, conditions and statistics only, without match.py's Elo."""
    if not parts:
        raise ValueError("no parts to combine")
    for key in same:
        values = {p.get(key) for p in parts}
        if len(values) > 1:
            raise ValueError(f"the parts differ in {key}: {sorted(map(str, values))}")
    first = parts[0]
    w, l, d = (sum(p[k] for p in parts) for k in ("wins", "losses", "draws"))
    n = w + l + d
    penta = [sum(p["pentanomial"][i] for p in parts) for i in range(5)]
    out = {key: first[key] for key in SAME}
    benches = {p.get("bench") for p in parts}
    if len(benches) > 1:
        raise ValueError(f"the parts were played by different builds: Bench {sorted(map(str, benches))}")
    if first.get("bench") is not None:
        out["bench"] = first["bench"]
    protocol = _protocol(parts)
    if protocol is not None:
        out["protocol"] = protocol
    out.update(
        openings=first.get("openings"),
        games_planned=sum(p["games_planned"] for p in parts),
        games=n, wins=w, losses=l, draws=d, pentanomial=penta,
        wall_seconds=round(sum(p["wall_seconds"] for p in parts), 1),
        stop_reason=next((p["stop_reason"] for p in parts if p.get("stop_reason")), None),
        fatal=next((p["fatal"] for p in parts if p.get("fatal")), None),
        terminations=_summed(p["terminations"] for p in parts),
        faults={side: _summed(p["faults"][side] for p in parts) for side in "AB"},
        parts=len(parts),
    )
    for side in "ab":
        stats = [p[f"engine_{side}_stats"] for p in parts]
        overshoots = [s["max_overshoot_ms"] for s in stats if s.get("max_overshoot_ms") is not None]
        out[f"engine_{side}_stats"] = {
            "moves": sum(s["moves"] for s in stats),
            "avg_time_ms": _weighted(parts, side, "avg_time_ms"),
            "avg_depth": _weighted(parts, side, "avg_depth"),
            "max_overshoot_ms": max(overshoots) if overshoots else None,
            "restarts": sum(s["restarts"] for s in stats),
        }
    if n == 0 or not elo:
        out["final"] = None
        return out
    match = _match()
    tri = match.score_interval([(1.0, w), (0.0, l), (0.5, d)])
    out.update(score=tri["score"], elo=tri["elo"], elo_err95_trinomial=tri["elo_err95"], los=match.los(w, l))
    err, kind, ci = tri["elo_err95"], "trinomial", tri
    pairs = sum(penta)
    if pairs:
        pair_scores = [(i / 4.0, c) for i, c in enumerate(penta)]
        pen = match.score_interval(pair_scores)
        out.update(elo_err95_pentanomial=pen["elo_err95"], nelo=match.normalized_elo(pair_scores, True))
        if pairs * 2 == n and pen["var"] > 0.0:  # as match.py: pentanomial when every game is in a pair
            err, kind, ci = pen["elo_err95"], "pentanomial", pen
    out["final"] = (f"{w}-{l}-{d}, score {100 * tri['score']:.1f}%, Elo {match.fmt_elo_ci(ci)} "
                    f"(95%, {kind}; {n} games, A={first['engine_a']} vs B={first['engine_b']})")
    out["elo_err95"] = err
    out["elo_ci95"] = [ci["elo_lo"], ci["elo_hi"]]
    return out


def main(argv):
    if len(argv) < 3:
        sys.exit(__doc__.strip().splitlines()[2].strip())
    parts = []
    for path in argv[2:]:
        with open(path, encoding="utf-8") as f:
            parts.append(json.load(f))
    try:
        out = combine(parts)
    except ValueError as e:
        sys.exit(f"match_chunks.py: {e}")
    with open(argv[1], "w", encoding="utf-8") as f:
        json.dump(_match()._json_safe(out), f, indent=2)
        f.write("\n")
    print(out["final"])


if __name__ == "__main__":
    main(sys.argv)
