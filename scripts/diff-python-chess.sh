#!/usr/bin/env bash
# Differential test of chess-core's rules against python-chess (issue 79), run in CI:
# seeded random games played by chess-core (crates/chess-core/examples/random_games.rs: 1,000
# standard games and 200 from Chess960 starts by default), replayed position by position by
# python-chess (scripts/diff-python-chess.py: FEN, legal moves, SAN, check, repetitions,
# halfmove clock, insufficient material, status and result). Exits non-zero on the first
# difference, on games that no longer cover every rule, or on any failure to run.
#
#   scripts/diff-python-chess.sh                  # seed 79, 1000 + 200 games, 2 jobs
#   SEED=5 GAMES=3000 CHESS960=500 JOBS=2 scripts/diff-python-chess.sh
#
# Installs python-chess with pip when it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

seed=${SEED:-79}
games=${GAMES:-1000}
chess960=${CHESS960:-200}
jobs=${JOBS:-2}

if ! python3 -c 'import chess' 2>/dev/null; then
    echo "diff-python-chess: installing python-chess"
    pip=(python3 -m pip install --quiet --disable-pip-version-check 'chess==1.11.2')
    # A Debian-managed Python refuses a plain install (PEP 668); the user site is fine for a test.
    PIP_ROOT_USER_ACTION=ignore "${pip[@]}" 2>/dev/null ||
        PIP_ROOT_USER_ACTION=ignore "${pip[@]}" --user --break-system-packages
fi

cargo build --release -q -p chess-core --example random_games
games_file=$(mktemp "${TMPDIR:-/tmp}/diff-python-chess.XXXXXX.jsonl")
trap 'rm -f "$games_file"' EXIT

echo "diff-python-chess: seed $seed, $games standard + $chess960 Chess960 games"
cargo run --release -q -p chess-core --example random_games -- \
    --seed "$seed" --games "$games" --chess960 "$chess960" >"$games_file"
python3 scripts/diff-python-chess.py "$games_file" --jobs "$jobs" --min-games $((games + chess960))
