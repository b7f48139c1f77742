#!/usr/bin/env bash
# Runs every test, in steps: the format and lint check (Biome), the typecheck (tsc), then vitest's projects —
# unit tests (pure code), the fuzz test, integration tests against a real local MediaWiki (which
# test/integration/global-setup.ts starts with scripts/devwiki.sh, installing it if needed, and stops
# afterwards if it started it) and the after-check. Each of the first two steps counts as one test.
# Ends with a plain "N passed, N failed" line. With arguments (vitest's: files, --project …), only vitest runs.
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh || exit 1

passed=0
failed=0
step() {
  local name=$1
  shift
  echo "== $name: $*"
  if "$@"; then
    echo "== $name: passed"
    passed=$((passed + 1))
  else
    echo "== $name: FAILED (run: $*)"
    failed=$((failed + 1))
  fi
}
if [ $# -eq 0 ]; then
  step 'format and lint' npx biome ci --error-on-warnings --reporter=summary .
  step typecheck npx tsc --noEmit
fi

report=$(mktemp -t croupier-vitest-XXXXXX.json)
trap 'rm -f "$report"' EXIT
npx vitest run --reporter=default --reporter=json --outputFile.json="$report" "$@"
status=$?
[ "$failed" -eq 0 ] || status=1

if [ -s "$report" ]; then
  node -e '
    const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    const skipped = r.numPendingTests + r.numTodoTests;
    const passed = r.numPassedTests + Number(process.argv[2]);
    const failed = r.numFailedTests + Number(process.argv[3]);
    console.log(`${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : ""));
  ' "$report" "$passed" "$failed"
else
  echo "$passed passed, $((failed + 1)) failed"
  status=1
fi
exit $status
