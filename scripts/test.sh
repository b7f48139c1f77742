#!/usr/bin/env bash
# Runs every test: unit tests (pure code) and integration tests against a real local MediaWiki,
# which test/integration/global-setup.ts starts with scripts/devwiki.sh (installing it if needed)
# and stops afterwards if it started it. Ends with a plain "N passed, N failed" line.
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh || exit 1

report=$(mktemp -t croupier-vitest-XXXXXX.json)
trap 'rm -f "$report"' EXIT
npx vitest run --reporter=default --reporter=json --outputFile.json="$report" "$@"
status=$?

if [ -s "$report" ]; then
  node -e '
    const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    const skipped = r.numPendingTests + r.numTodoTests;
    console.log(`${r.numPassedTests} passed, ${r.numFailedTests} failed` + (skipped ? `, ${skipped} skipped` : ""));
  ' "$report"
else
  echo "0 passed, 1 failed"
  status=1
fi
exit $status
