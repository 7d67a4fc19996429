#!/usr/bin/env bash
# Prove that a search rule or an evaluation term earns its place: SPRT self-play of the full
# engine against the same build with NAMES switched off (see docs/search.md, docs/evaluation.md).
#
#   scripts/ablation.sh NAMES [extra match.py options]
#
# NAMES is a comma-separated list of CHESS_ABLATE names: search rules rfp, razor, nmp, iir, lmp,
# fp, see, lmr, asp; evaluation terms pst, pawns, passed, mobility, king, pieces, tempo, scaling.
# Both sides are the same ablation build (`--features ablation`), so speed is identical, and play
# a fixed number of nodes a move (NODES, default 25,000), so the result does not depend on load.
# SPRT H0: the feature is worth 0 Elo, H1: it is worth 10 or more; stops at 4,000 games.
set -euo pipefail
names=$1
shift
shared=${SHARED:-../shared}
target=${ABLATION_TARGET:-target/ablation}
CARGO_TARGET_DIR=$target cargo build --release -q -p chess-cli --features ablation
engine=$target/release/chess
exec python3 "$shared/tools/match.py" -a "$engine" --a-name full \
    -b "env CHESS_ABLATE=$names $engine" --b-name "without $names" \
    --nodes "${NODES:-25000}" --games 4000 --sprt 0 10 0.05 0.05 -c 2 \
    --openings "$shared/data/openings/2moves_v1.epd" --random-openings -q "$@"
