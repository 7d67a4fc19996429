#!/usr/bin/env bash
# The js-chess-engine contract: runs js-chess-engine's own public-API integration tests
# (test/integration/{api,fen,ai,ai.tactical}.test.ts of its repository, 170 tests) against this
# package, then judges the result against contract/accepted-failures.json: a failing test that the
# list does not accept fails the run (exit 1). Their files are not ours to ship: they are read from
# PATH, by default the shared copy `../shared/contracts/js-chess-engine` next to the repository;
# without that copy the contract is skipped (exit 0).
#
#   npm run build && bash scripts/contract.sh [PATH] [vitest args...]
#
# The last line is `N passed, M failed (K accepted failures)`, M counting only the failures the
# list does not accept. contract/README.md says how an entry is judged.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
root=$(cd "$here/../../.." && pwd)
if [ $# -gt 0 ] && [ "${1#-}" = "$1" ]; then
    checkout=$1
    shift
    [ -d "$checkout/test/integration" ] || { echo "contract: $checkout/test/integration not found" >&2; exit 1; }
else
    checkout="$(cd "$root/.." && pwd)/shared/contracts/js-chess-engine"
    if [ ! -d "$checkout/test/integration" ]; then
        echo "contract: skipped: js-chess-engine's tests not found at $checkout/test/integration (give a checkout's PATH to run them)"
        exit 0
    fi
fi
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
start=$SECONDS
set +e
"$here/../../node_modules/.bin/vitest" run --root "$work" --reporter=verbose --reporter=json \
    --outputFile.json="$work/results.json" "$@" 2>&1 | sed "s#$work/##g"
set -e
[ -s "$work/results.json" ] || { echo "contract: vitest wrote no report (it did not run)" >&2; exit 1; }
echo "contract: $((SECONDS - start)) s"
cd "$here"
node "$here/contract/compare.mjs" "$work/results.json" "$here/contract/accepted-failures.json" "$work" \
    "$here/../../node_modules/.bin/vitest"
