#!/usr/bin/env bash
# Installs what the web part (web/: the npm package and the play page) needs, when it is absent:
# the wasm32 target, the nightly toolchain's rust-src, wasm-bindgen-cli at exactly the version of the `wasm-bindgen` crate in
# Cargo.lock, Debian's Chromium for the browser tests, and the npm dependencies (`npm ci`).
# Safe to run again: each step is skipped when its tool is already there.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

rustup target add wasm32-unknown-unknown >/dev/null
# The package's wasm modules are built by the nightly toolchain with the standard library's source
# (web/scripts/build-wasm.sh: `-Z build-std`, the standard library rebuilt for size).
if ! rustup run nightly rustc --version >/dev/null 2>&1; then
    echo "== installing the nightly toolchain (minimal profile)"
    rustup toolchain install nightly --profile minimal
fi
rustup component add rust-src --toolchain nightly >/dev/null

want=$(awk '$0 == "name = \"wasm-bindgen\"" { getline; gsub(/"/, "", $3); print $3; exit }' Cargo.lock)
have=$(wasm-bindgen --version 2>/dev/null | awk '{ print $2 }' || true)
if [ "$have" != "$want" ]; then
    echo "== installing wasm-bindgen-cli $want (a few minutes)"
    # Not --locked: one of its locked dependencies is no longer on crates.io. --force: cargo's
    # record of an earlier install does not prove the binary is still there.
    cargo install --force wasm-bindgen-cli --version "=$want"
fi

chromium=${CHROMIUM:-/usr/bin/chromium}
if [ ! -x "$chromium" ]; then
    echo "== installing Debian's chromium for the browser tests"
    sudo_cmd=""
    [ "$(id -u)" = 0 ] || sudo_cmd="sudo"
    $sudo_cmd apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq chromium >/dev/null
fi

echo "== npm ci (web/)"
cd web
npm ci --no-audit --no-fund
