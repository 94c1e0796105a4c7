#!/usr/bin/env bash
# Installs the dependencies, builds the portal and starts it on its embedded defaults
# (SQLite under ./data, local scheduler, http://127.0.0.1:8080/). The first start prints the
# first administrator's user name and a one-time password.
set -euo pipefail
cd "$(dirname "$0")/.."

# `npm install` rather than `npm ci`: the registry mirror of this machine kind lacks some
# other-platform optional packages, which `npm ci` reports as a lock mismatch.
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm install --no-audit --no-fund
fi
npm run build
exec node apps/server/dist/main.js
