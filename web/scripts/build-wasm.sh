#!/usr/bin/env bash
# Builds the wasm module (crates/chess-wasm) and its JavaScript glue into
# web/packages/engine/src/wasm/, the review module into src/wasm-review/, the rules-only module
# into src/wasm-rules/, and src/tables.ts
# from the first (all git-ignored). Needs the wasm32-unknown-unknown target and
# wasm-bindgen-cli at exactly the version of the wasm-bindgen crate in Cargo.lock
# (scripts/setup-web.sh installs both). wasm-opt is never run: Debian's binaryen writes modules
# that fail to load.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"

want=$(awk '$0 == "name = \"wasm-bindgen\"" { getline; gsub(/"/, "", $3); print $3; exit }' Cargo.lock)
have=$(wasm-bindgen --version 2>/dev/null | awk '{ print $2 }' || true)
if [ "$have" != "$want" ]; then
    echo "build-wasm: wasm-bindgen-cli $want is needed (found: ${have:-none}); run scripts/setup-web.sh" >&2
    exit 1
fi

# The standard library rebuilt for size, its panics an immediate abort (no message formatting
# linked in: a panic in wasm was already a trap the package reports): nightly's `-Z build-std`,
# about 12 KB gzipped off the rules module and 22 KB off the engine's. It needs the nightly
# toolchain with rust-src (scripts/setup-web.sh adds it); without them the stable build is made,
# with a warning, and the modules are larger (CI's size check then fails: npm run sizes -- --check).
if rustup run nightly rustc --version >/dev/null 2>&1 &&
    [ -d "$(rustup run nightly rustc --print sysroot)/lib/rustlib/src/rust/library" ]; then
    echo "build-wasm: $(rustup run nightly rustc --version), the standard library rebuilt for size" >&2
    toolchain=(+nightly)
    build_std=(-Zbuild-std=std,panic_abort -Zpanic-immediate-abort)
    abort_flags="-Zunstable-options"
    abort_panic=immediate-abort
    # The rules module's standard library picks its smaller code (its sorts, its formatting):
    # about 3.5 KB gzipped. Not the engine's, whose speed counts.
    rules_std=(-Zbuild-std-features=optimize_for_size)
else
    echo "build-wasm: warning: no nightly toolchain with rust-src (scripts/setup-web.sh adds it): the modules are built with stable Rust and are larger" >&2
    toolchain=()
    build_std=()
    abort_flags=""
    abort_panic=abort
    rules_std=()
fi

# wasm_module TARGET_DIR FEATURES CARGO_ARGS...: chess-wasm for wasm32 with the flags above, SIMD128
# on (every browser of the last years and Node 20 have it), in a target directory of its own so
# that the modules' features never mix with each other's or the native build's.
wasm_module() {
    local dir=$1 features=$2
    shift 2
    RUSTFLAGS="${RUSTFLAGS:-} -C target-feature=+simd128 $abort_flags" \
        CARGO_PROFILE_RELEASE_PANIC=$abort_panic CARGO_PROFILE_WASM_RULES_PANIC=$abort_panic \
        cargo "${toolchain[@]}" build "${build_std[@]}" --target wasm32-unknown-unknown -p chess-wasm \
        --no-default-features --features "$features" --target-dir "$dir" "$@"
}

# The engine's module. `host-data`: no nets, book or opening names inside (the package fetches
# them when first needed: src/data.ts) and the magic tables computed on first use, so that a
# page's first download stays small; no `review` (its own module, below).
wasm_module target/wasm-engine game,host-data --release
out=web/packages/engine/src/wasm
rm -rf "$out"
wasm-bindgen --target web --remove-name-section --remove-producers-section --out-dir "$out" \
    --out-name chess_wasm target/wasm-engine/wasm32-unknown-unknown/release/chess_wasm.wasm
ls -l "$out"/chess_wasm_bg.wasm

# The review module (src/review.ts loads it on the first review): the review's bindings with the
# engine's data and net, no game bindings; the package gives it each game as its PGN.
wasm_module target/wasm-review review,host-data --release
review=web/packages/engine/src/wasm-review
rm -rf "$review"
wasm-bindgen --target web --remove-name-section --remove-producers-section --out-dir "$review" \
    --out-name chess_review target/wasm-review/wasm32-unknown-unknown/release/chess_wasm.wasm
ls -l "$review"/chess_review_bg.wasm

# The rules-only module (chess-wasm/rules): chess-core alone, without its magic tables, built for
# size.
wasm_module target/wasm-rules game,small --profile wasm-rules "${rules_std[@]}"
rules=web/packages/engine/src/wasm-rules
rm -rf "$rules"
wasm-bindgen --target web --remove-name-section --remove-producers-section --out-dir "$rules" \
    --out-name chess_rules target/wasm-rules/wasm32-unknown-unknown/wasm-rules/chess_wasm.wasm
ls -l "$rules"/chess_rules_bg.wasm
# The tables the package exports as constants, written from the module just built.
node web/packages/engine/scripts/gen-tables.mjs
