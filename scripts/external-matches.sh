#!/usr/bin/env bash
# The strength table of issue 20: our engine at 10+0.1 against Glaurung 2.2, Toga II 3.0,
# Ethereal 12 and Stockfish 15.1 at UCI_Elo 2850, 100 games each, with the net ("after") and with
# the classical evaluation ("before", EvalFile=<classical>), plus the net against the classical
# evaluation in the same binary at the same clock, and two threads against one (threads2-vs-1:
# the same binary, one game at a time, so that the two-thread side has both cores while it
# thinks).
#
#   scripts/external-matches.sh [--engine PATH] [--games N] [--chunk N] [--seed N] [--tester]
#                               [--out DIR] [NAME...]
#
# The conditions are the match protocol of docs/matches/README.md unless --tester is given: 10+0.1,
# one thread and 16 MB of hash on each side, one game at a time (run it on an otherwise idle
# machine), no adjudication (every game played out), the 2moves openings shuffled with --seed
# (default 16). --tester gives the conditions of the tables before session 71: two games at a time
# and testers' adjudication (a loss at 1,000 cp for 5 moves, a draw after move 40 within 10 cp for
# 8 moves). Every summary (and every part) carries its conditions as `protocol`, the load average
# before and after, the date and the engine's bench signature; scripts/strength-table.py writes
# the docs' strength table from the summaries.
#
# NAMEs (default: all, in this order): net-vs-classical, then after-ethereal, after-sf2850,
# after-glaurung, after-toga, then before-ethereal, before-sf2850, before-glaurung, before-toga;
# threads2-vs-1 only when named.
# Each match writes DIR/NAME.json (match.py's summary, committed) and NAME.pgn / NAME.log (not
# committed); a match whose .json exists is skipped, so the command resumes after a stop.
# With --chunk N (even), a match is played in parts of N games on consecutive openings (the same
# openings as one run of --games), each saved as DIR/NAME.part-K.json with the engine's bench
# signature: a stop (a session's end, a lost machine once the parts are committed) costs at most
# the part being played, and a part of another build is refused. Once every part is there,
# scripts/match_chunks.py sums them into DIR/NAME.json.
# Timed games: run nothing else heavy meanwhile (pause a self-play job with kill -STOP).
# Needs python-chess (pip install chess) and the Debian engines (apt-get install stockfish
# ethereal-chess toga2 glaurung).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
engine="$root/target/release/chess"
games=100
chunk=
seed=16
tester=
out="$root/docs/matches"
names=()
while [ $# -gt 0 ]; do
    case "$1" in
        --engine) engine=$2; shift 2 ;;
        --games) games=$2; shift 2 ;;
        --chunk) chunk=$2; shift 2 ;;
        --seed) seed=$2; shift 2 ;;
        --tester) tester=1; shift ;;
        --out) out=$2; shift 2 ;;
        -*) echo "unknown option $1" >&2; exit 2 ;;
        *) names+=("$1"); shift ;;
    esac
done
[ ${#names[@]} -gt 0 ] || names=(net-vs-classical after-ethereal after-sf2850 after-glaurung after-toga
    before-ethereal before-sf2850 before-glaurung before-toga)
if [ -n "$chunk" ] && ! { [ "$chunk" -gt 0 ] 2>/dev/null && [ $((chunk % 2)) -eq 0 ]; }; then
    echo "--chunk must be an even number of games (each opening is played with both colours)" >&2
    exit 2
fi
shared="$root/../shared"
[ -f "$shared/tools/match.py" ] || { echo "needs $shared/tools/match.py" >&2; exit 1; }
mkdir -p "$out"

for name in "${names[@]}"; do
    json="$out/$name.json"
    if [ -f "$json" ]; then
        echo "== $name: done ($json)"
        continue
    fi
    ours=(--a-opt Hash=16 --a-opt Threads=1)
    concurrency=1
    adjudicate=()
    if [ -n "$tester" ]; then
        concurrency=2
        # As testers adjudicate: a loss once both engines agree on 1,000 cp for 5 moves each, a
        # draw after move 40 once both stay within 10 cp for 8 moves each (net-vs-classical: none).
        adjudicate=(--resign 1000 5 --draw 40 8 10)
        [ "$name" != net-vs-classical ] || adjudicate=()
    fi
    case "$name" in
        before-*) ours+=(--a-opt "EvalFile=<classical>") ;;
    esac
    case "$name" in
        net-vs-classical) them=(-b "$engine" --b-opt Hash=16 --b-opt "EvalFile=<classical>") ;;
        threads2-vs-1) ours=(--a-opt Hash=16 --a-opt Threads=2); them=(-b "$engine" --b-opt Hash=16 --b-opt Threads=1); concurrency=1 ;;
        *-ethereal) them=(-b /usr/games/ethereal-chess --b-opt Threads=1 --b-opt Hash=16) ;;
        *-sf2850) them=(-b /usr/games/stockfish --b-opt UCI_LimitStrength=true --b-opt UCI_Elo=2850
            --b-opt Threads=1 --b-opt Hash=16) ;;
        *-glaurung) them=(-b /usr/games/glaurung --b-opt Threads=1 --b-opt Hash=16 --b-opt OwnBook=false) ;;
        *-toga) them=(-b /usr/games/toga2 --b-opt Threads=1 --b-opt Hash=16 --b-opt OwnBook=false) ;;
        *) echo "unknown match $name" >&2; exit 2 ;;
    esac
    echo "== $name"
    # play JSON GAMES OPENING_START PGN_FLAGS...: one run of match.py; the summary is kept (as
    # JSON) only when every planned game was played (a fatal error, such as a refused option,
    # ends a match early and still writes a summary).
    play() {
        local json=$1 n=$2 start=$3
        shift 3
        local load_before
        load_before=$(cut -d' ' -f1 /proc/loadavg)
        python3 "$shared/tools/match.py" -a "$engine" "${ours[@]}" "${them[@]}" --tc 10+0.1 -n "$n" -c "$concurrency" \
            --openings "$shared/data/openings/2moves_v1.epd" --random-openings --seed "$seed" --opening-start "$start" \
            "${adjudicate[@]}" --json "$json.tmp" "$@" -q > "$out/$name.log" 2>&1 || true
        tail -1 "$out/$name.log"
        if python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); sys.exit(d["fatal"] is not None or d["games"] != d["games_planned"])' "$json.tmp" 2>/dev/null; then
            # The conditions beside the figures (docs/matches/README.md, "The match protocol").
            python3 - "$json.tmp" "$bench" "$start" "$seed" "$concurrency" "${#adjudicate[@]}" "$load_before" <<'PY'
import datetime, json, sys
path, bench, start, seed, concurrency, adjudicated, load_before = sys.argv[1:]
d = json.load(open(path))
d.update(bench=int(bench), opening_start=int(start))
d["protocol"] = {
    "tc": "10+0.1", "threads": 1, "hash_mb": 16, "concurrency": int(concurrency),
    "adjudication": int(adjudicated) > 0, "openings": "2moves_v1.epd", "seed": int(seed),
    "date": datetime.date.today().isoformat(),
    "load_before": float(load_before), "load_after": float(open("/proc/loadavg").read().split()[0]),
}
json.dump(d, open(path, "w"), indent=2)
PY
            mv "$json.tmp" "$json"
        else
            echo "$name did not finish: see $out/$name.log" >&2
            return 1
        fi
    }
    bench=$("$engine" bench 2>/dev/null | awk '/^Nodes searched/ { print $NF }')
    if [ -z "$chunk" ]; then
        play "$json" "$games" 0 --pgn "$out/$name.pgn" || true
        continue
    fi
    parts=()
    for ((k = 1; (k - 1) * chunk < games; k++)); do
        part="$out/$name.part-$k.json"
        parts+=("$part")
        if [ -f "$part" ]; then
            had=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1])).get("bench"))' "$part")
            if [ "$had" != "$bench" ]; then
                echo "$part was played by a build of Bench: $had, not $bench: give another --out" >&2
                continue 2
            fi
            continue
        fi
        left=$((games - (k - 1) * chunk))
        n=$((left < chunk ? left : chunk))
        start=$(((k - 1) * chunk / 2))
        echo "-- part $k: $n games from opening $start"
        play "$part" "$n" "$start" --pgn "$out/$name.pgn" --pgn-append || continue 2
    done
    python3 "$root/scripts/match_chunks.py" "$json" "${parts[@]}"
done
