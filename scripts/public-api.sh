#!/usr/bin/env bash
# The public API of the five library crates as text, one item a line (docs/api/CRATE.txt), so
# that a change to it shows in review (docs/api/README.md).
#
#   scripts/public-api.sh           rewrite docs/api/*.txt from the sources
#   scripts/public-api.sh --check   fail, printing the difference, when they are not up to date
#
# rustdoc's JSON output is unstable: RUSTC_BOOTSTRAP=1 lets the stable toolchain write it (no
# nightly needed). It builds in a target directory of its own, target/public-api: the variable is
# part of the compiler's fingerprints, and sharing the main one would rebuild the main build's
# crates after every run.
set -euo pipefail
cd "$(dirname "$0")/.."

check=false
case "${1:-}" in
    --check) check=true ;;
    "") ;;
    *)
        echo "usage: scripts/public-api.sh [--check]" >&2
        exit 2
        ;;
esac

crates=(chess-core chess-eval chess-search chess-syzygy chess-ai)
target="${CARGO_TARGET_DIR:-target}/public-api"
out=docs/api
if $check; then
    out=$(mktemp -d)
    trap 'rm -rf "$out"' EXIT
fi

for crate in "${crates[@]}"; do
    # The features docs.rs builds the crate's docs with (its [package.metadata.docs.rs]).
    read -r -a features <<<"$(python3 scripts/public-api.py --features "crates/$crate")"
    RUSTC_BOOTSTRAP=1 CARGO_TARGET_DIR="$target" cargo rustdoc -q -p "$crate" --lib "${features[@]}" \
        -- -Z unstable-options --output-format json
    python3 scripts/public-api.py "$target/doc/${crate//-/_}.json" "$out/$crate.txt"
done

if $check; then
    status=0
    for crate in "${crates[@]}"; do
        if ! diff -u "docs/api/$crate.txt" "$out/$crate.txt" --label "docs/api/$crate.txt (committed)" \
            --label "docs/api/$crate.txt (the sources')"; then
            status=1
        fi
    done
    if [ "$status" -ne 0 ]; then
        echo "error: the public API differs from docs/api; if the change is meant, run scripts/public-api.sh and commit docs/api" >&2
    fi
    exit "$status"
fi
