#!/usr/bin/env bash
# Debian's Chromium for the browser tests (test/integration/rendered-pages.test.ts): installs the package
# `chromium` with apt-get if it is missing (as root, waiting while apt is busy), then prints the binary's
# path. No browser is ever downloaded from elsewhere: puppeteer-core drives this one.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=progress.sh
source "$ROOT/scripts/progress.sh"
say() { printf 'chromium: %s\n' "$*" >&2; }
die() { say "$*"; exit 1; }
# shellcheck source=apt.sh
source "$ROOT/scripts/apt.sh"

BIN=/usr/bin/chromium
# fonts-dejavu-core: the screenshots' text (Chromium's own dependencies pull in no font when recommends are off)
ensure_packages chromium fonts-dejavu-core
[ -x "$BIN" ] || die "$BIN is missing after installing the package chromium"
echo "$BIN"
