# Sourced by the scripts whose steps take long (npm ci, apt-get, creating and seeding the local wiki).
# `step LABEL CMD…` runs CMD. At a terminal (stdout and stderr both TTYs, CROUPIER_LOG_FORMAT not json) it
# shows "| LABEL 12s" on stderr, redrawn in place while CMD runs, and erases it when CMD ends; otherwise
# (pipes, CI, logs) CMD just runs and nothing of the display is written.
progress_on() { [ -t 1 ] && [ -t 2 ] && [ "${CROUPIER_LOG_FORMAT:-text}" != json ]; }

step() {
  local label="$1"; shift
  if ! progress_on; then "$@"; return; fi
  local start=$SECONDS rc=0 i=0 spin='|/-\'
  "$@" &
  local pid=$!
  while kill -0 "$pid" 2>/dev/null; do
    printf '\r\033[2K%s %s %ds' "${spin:i++%4:1}" "$label" $((SECONDS - start)) >&2
    sleep 0.2
  done
  wait "$pid" || rc=$?
  printf '\r\033[2K' >&2
  return "$rc"
}
