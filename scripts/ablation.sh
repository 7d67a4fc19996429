#!/usr/bin/env bash
# Prove that a search rule or an evaluation term earns its place: SPRT self-play of the full
# engine against the same build with NAMES switched off (see docs/search.md, docs/evaluation.md).
#
#   scripts/ablation.sh NAMES [extra match.py options]
#
# NAMES is a comma-separated list of CHESS_ABLATE names: search rules rfp, razor, nmp, iir, lmp,
# fp, see, lmr, asp, check, counter, conthist; evaluation terms pst, pawns, passed, mobility,
# king, pieces, tempo, scaling.
# Both sides are the same ablation build (`--features ablation`), so speed is identical, and play
# a fixed number of nodes a move (NODES, default 25,000), so the result does not depend on load.
# SPRT H0: the feature is worth 0 Elo, H1: it is worth 10 or more (logistic Elo, pentanomial
# statistics); stops at 4,000 games or after MAX_SECONDS (default: no bound). Games are
# adjudicated as fishtest does: a loss once both engines agree on 1000 cp or more for 4 moves
# each, a draw after move 40 once both have stayed within 10 cp for 8 moves each.
set -euo pipefail
names=$1
shift
shared=${SHARED:-../shared}
target=${ABLATION_TARGET:-target/ablation}
CARGO_TARGET_DIR=$target cargo build --release -q -p chess-cli --features ablation
# A private copy, so that a rebuild during a long match does not change the engine under test.
engine=$(mktemp -d)/chess
cp "$target/release/chess" "$engine"
limit=()
if [[ -n ${MAX_SECONDS:-} ]]; then limit=(--max-seconds "$MAX_SECONDS"); fi
exec python3 "$shared/tools/match.py" -a "$engine" --a-name full \
    -b "env CHESS_ABLATE=$names $engine" --b-name "without $names" \
    --nodes "${NODES:-25000}" --games 4000 --sprt 0 10 0.05 0.05 -c 2 \
    --resign 1000 4 --draw 40 8 10 "${limit[@]}" \
    --openings "$shared/data/openings/2moves_v1.epd" --random-openings -q "$@"
