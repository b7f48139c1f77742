#!/usr/bin/env bash
# Installs the npm dependencies when they are missing or older than package-lock.json.
# Sourced by the README's two commands, so a fresh clone needs no separate install step.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/progress.sh
npm_ci() { npm ci --no-audit --no-fund --loglevel=error >&2; }
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "croupier: installing npm dependencies (npm ci)…" >&2
  step "npm ci" npm_ci
fi
