#!/usr/bin/env bash
# Builds the play page and serves it on http://127.0.0.1:4173/ (installs what the web part needs
# first: scripts/setup-web.sh). Ctrl-C stops the server.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup-web.sh"
cd "$root/web"
npm run build
echo "== the play page: http://127.0.0.1:4173/"
npm run serve -w site
