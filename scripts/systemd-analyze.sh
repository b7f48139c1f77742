#!/usr/bin/env bash
# systemd-analyze for the units' test (test/unit/ops/units.test.ts): installs Debian's `systemd` package with
# apt-get if it is missing (as root, waiting while apt is busy), then prints the binary's path.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=progress.sh
source "$ROOT/scripts/progress.sh"
say() { printf 'systemd-analyze: %s\n' "$*" >&2; }
die() { say "$*"; exit 1; }
# shellcheck source=apt.sh
source "$ROOT/scripts/apt.sh"

command -v systemd-analyze >/dev/null || ensure_packages systemd
command -v systemd-analyze || die "systemd-analyze is missing after installing the package systemd"
