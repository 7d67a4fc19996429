#!/usr/bin/env bash
# Every test of the project: the module-cycle check, the Rust workspace, then the web part (the wasm build, the npm
# package's tests in Node and the play page's tests in headless Chromium). Installs what the web
# part needs first (scripts/setup-web.sh).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

echo "== module layering: no import cycle between the modules of any crate"
python3 scripts/module-cycles.py --self-test
python3 scripts/module-cycles.py

echo "== the strength table of docs/matches/README.md is the committed match summaries"
python3 scripts/strength-table.py --check

echo "== cargo test --workspace"
cargo test --workspace

"$root/scripts/setup-web.sh"

echo "== web: build and test (npm package in Node, play page in Chromium)"
cd web
npm run build
npm run lint
npm run typecheck
npm test
(cd packages/engine && npm run recipes)   # the README's install recipes: packed package, fresh projects, bundlers from npm
(cd packages/engine && npm run sizes -- --check)   # what an app loads, against its budgets (docs/web.md, Sizes)
(cd packages/engine && npm run contract)
bash packages/engine/scripts/check-consumer-types.sh
