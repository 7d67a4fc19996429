#!/usr/bin/env bash
# A profile-guided build of the `chess` and `chess-tune` binaries: about 11% fewer instructions a
# node than the plain release build, and the same search (the same nodes, scores and moves: the
# bench signature and self-play chunks come out identical; docs/benchmarks.md).
#
#   scripts/build-pgo.sh [SRC]
#
# SRC is the checkout to build (default: this one; a worktree of another commit works, e.g. the
# pinned build of a self-play seed). Three steps: an instrumented build, a training run of it
# (`chess bench` and a few self-play games), then the build that uses the profile. The binaries
# land in SRC/target/pgo/release/. Needs an `llvm-profdata` that reads rustc's profiles: the
# rustup component (`rustup component add llvm-tools`) or Debian's (`apt-get install llvm-19`:
# its reader takes the profiles of rustc 1.95's LLVM 22). About 4 minutes on two cores.
set -euo pipefail
src=$(cd "${1:-$(dirname "$0")/..}" && pwd)
work="$src/target/pgo-work"
rm -rf "$work" && mkdir -p "$work"

# The tools that may merge the profiles: the toolchain's own, then Debian's versioned ones,
# newest first, then whatever is on PATH. The first that reads them is used.
candidates=("$(rustc --print sysroot)/lib/rustlib/$(rustc -vV | sed -n 's/^host: //p')/bin/llvm-profdata")
for d in $(ls -d /usr/lib/llvm-*/bin 2>/dev/null | sort -t- -k2 -n -r); do candidates+=("$d/llvm-profdata"); done
candidates+=("$(command -v llvm-profdata || true)")

echo "build-pgo: instrumented build" >&2
RUSTFLAGS="-Cprofile-generate=$work/raw" cargo build --release -p chess-cli -p chess-tune \
    --manifest-path "$src/Cargo.toml" --target-dir "$src/target/pgo-gen" >&2

echo "build-pgo: training run" >&2
gen="$src/target/pgo-gen/release"
expected=$("$gen/chess" bench 2>&1 | sed -n 's/^Nodes searched *: *//p')
"$gen/chess-tune" selfplay --out "$work/selfplay" --chunks 1 --games-per-chunk 8 --threads 1 --seed 1 >/dev/null 2>&1

merged=""
for c in "${candidates[@]}"; do
    if [ -x "$c" ] && "$c" merge -o "$work/merged.profdata" "$work"/raw/*.profraw 2>/dev/null; then
        merged=$c
        break
    fi
done
[ -n "$merged" ] || {
    echo "build-pgo: no llvm-profdata here reads the profiles of rustc's LLVM $(rustc -vV | sed -n 's/^LLVM version: //p')" >&2
    echo "           (rustup component add llvm-tools, or apt-get install llvm-19)" >&2
    exit 1
}
echo "build-pgo: profiles merged by $merged" >&2

echo "build-pgo: optimised build" >&2
RUSTFLAGS="-Cprofile-use=$work/merged.profdata" cargo build --release -p chess-cli -p chess-tune \
    --manifest-path "$src/Cargo.toml" --target-dir "$src/target/pgo" >&2

got=$("$src/target/pgo/release/chess" bench 2>&1 | sed -n 's/^Nodes searched *: *//p')
if [ "$got" != "$expected" ]; then
    echo "build-pgo: the optimised build searches $got nodes on the bench, the instrumented one $expected" >&2
    exit 1
fi
echo "build-pgo: $src/target/pgo/release/chess and chess-tune (Bench: $got)" >&2
