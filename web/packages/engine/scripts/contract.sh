#!/usr/bin/env bash
# The js-chess-engine contract: runs js-chess-engine's own public-API integration tests
# (test/integration/{api,fen,ai,ai.tactical}.test.ts of its repository, 170 tests) against this
# package. Their files are not ours to ship: give the path of a js-chess-engine checkout.
#
#   npm run build && bash scripts/contract.sh /path/to/js-chess-engine [vitest args...]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
checkout=${1:?usage: contract.sh PATH_TO_JS_CHESS_ENGINE_CHECKOUT [vitest args]}
shift
[ -f "$here/dist/index.js" ] || { echo "contract: build the package first (npm run build)" >&2; exit 1; }
work=$(mktemp -d "$here/.contract-XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/test/integration"
for name in api fen ai ai.tactical; do
    # Point the tests' `../../src` at this package.
    sed "s#from '../../src'#from 'chess-wasm'#" "$checkout/test/integration/$name.test.ts" \
        > "$work/test/integration/$name.test.ts"
done
cat > "$work/vitest.config.mjs" <<'CONFIG'
export default { test: { globals: true, testTimeout: 120000, include: ['test/integration/*.test.ts'] } };
CONFIG
cd "$work"
"$here/../../node_modules/.bin/vitest" run --root "$work" --reporter=verbose "$@" 2>&1 | sed "s#$work/##g"
