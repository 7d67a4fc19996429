#!/usr/bin/env bash
# Calibrate the difficulty levels by games (see docs/levels.md).
#
#   scripts/calibrate_levels.sh LEVEL OPPONENT GAMES [extra match.py options]
#
# OPPONENT is `sf:ELO` (Stockfish 15.1 with UCI_LimitStrength, UCI_Elo=ELO) or `level:N` (this
# engine at level N). Our side plays with its level's own node/depth budget and book (the clock is
# generous and never binds). Stockfish's limited strength picks its move at a fixed depth (its
# skill level + 1, at most 13 for UCI_Elo 2850), so it plays 100,000 nodes a move, enough to
# reach that depth: with node limits on both sides the result does not depend on machine load.
# Needs python-chess (`pip install chess`) and, for sf:, Stockfish (`apt-get install stockfish`).
# Run from the repository root after `cargo build --release`.
set -euo pipefail
level=$1 opponent=$2 games=$3
shift 3
shared=${SHARED:-../shared}
engine=${ENGINE:-./target/release/chess}
case $opponent in
    sf:*) b=(-b /usr/games/stockfish --b-opt UCI_LimitStrength=true --b-opt "UCI_Elo=${opponent#sf:}"
             --b-opt Threads=1 --b-opt Hash=16 --b-limit nodes=100000) ;;
    level:*) b=(-b "$engine" --b-opt "Level=${opponent#level:}" --b-opt OwnBook=true --b-opt Hash=16) ;;
    *) echo "opponent must be sf:ELO or level:N" >&2; exit 2 ;;
esac
exec python3 "$shared/tools/match.py" -a "$engine" --a-opt "Level=$level" --a-opt OwnBook=true --a-opt Hash=16 \
    --a-name "level $level" "${b[@]}" --tc 60+0.6 --games "$games" -c 2 \
    --openings "$shared/data/openings/2moves_v1.epd" --random-openings -q "$@"
