# Sourced by the scripts that install Debian packages (devwiki.sh: the local wiki; chromium.sh: the browser
# tests' Chromium). `ensure_packages PKG…` installs the missing ones with apt-get, as root (or through sudo),
# waiting while another apt holds its locks. Needs say/die and progress.sh's step.

missing_packages() { # PKG… → the ones not installed, space-separated
  local p out=()
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || out+=("$p")
  done
  echo "${out[@]:-}"
}

apt_retry() { # apt-get waits for the dpkg lock itself; the lists lock of `update` is retried here
  local i
  for i in $(seq 1 60); do
    if "$@"; then return 0; fi
    say "apt-get failed (lock held by another apt?), retrying in 5 s ($i/60)"
    sleep 5
  done
  return 1
}

ensure_packages() { # PKG…
  local missing; missing="$(missing_packages "$@")"
  [ -z "${missing// /}" ] && return 0
  local SUDO=()
  if [ "$(id -u)" != 0 ]; then command -v sudo >/dev/null || die "need root to install: $missing"; SUDO=(sudo); fi
  say "installing $missing (apt-get)"
  export DEBIAN_FRONTEND=noninteractive
  step "[1/2] apt-get update" apt_retry "${SUDO[@]}" apt-get -o DPkg::Lock::Timeout=600 -qq update
  # shellcheck disable=SC2086
  step "[2/2] apt-get install $missing" quiet_apt apt_retry "${SUDO[@]}" apt-get -o DPkg::Lock::Timeout=600 -qq install -y --no-install-recommends $missing
  missing="$(missing_packages "$@")"
  [ -z "${missing// /}" ] || die "still missing after apt-get: $missing"
}

quiet_apt() { "$@" >/dev/null; }
