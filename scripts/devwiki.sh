#!/usr/bin/env bash
# A private, real MediaWiki on 127.0.0.1 for Croupier's tests and demo.
#
#   scripts/devwiki.sh start    install packages if missing, create the wiki if missing, serve it
#                               (reuses a running healthy wiki), seed it on first creation
#   scripts/devwiki.sh seed     (re-)import the fixture pages and reset the shutoff page
#   scripts/devwiki.sh status   say whether it runs, and where (exit 0 running, 3 not running)
#   scripts/devwiki.sh stop     stop the server this script started (its PID and its workers, nothing else)
#   scripts/devwiki.sh env      print the env file as `export` lines:  eval "$(scripts/devwiki.sh env)"
#   scripts/devwiki.sh reset    stop, delete the wiki, start a fresh one
#   scripts/devwiki.sh edit-as <user> <title> <file>   save the file's text as that account's edit (the demo's player requests)
#
# Everything lives in .devwiki/ of the repository (override with DEVWIKI_DIR: the integration tests use
# .devwiki-test/, a wiki of their own, so they never touch the demo's pages). Nothing is written to /etc:
# the installer gets --confpath and every PHP process gets MW_CONFIG_FILE.
# Rate limits and login throttles are off unless DEVWIKI_RATELIMITS=1 at start.
#
# DEVWIKI_VERSION picks the MediaWiki of a new wiki (a wiki keeps the version it was created with):
#   1.39  (default) Debian 12's package, installed on this machine with apt;
#   1.43  Debian 13's package (the LTS, PHP 8.4) in a chroot built by debootstrap from Debian's mirror when
#         missing (minutes, ~800 MB) and reused when present: DEVWIKI_MW143_ROOT, default /var/tmp/croupier-mw143,
#         outside every clone. The wiki's settings and database live inside the chroot (php sees nothing
#         else), under srv/croupier/<a hash of the wiki's directory>; its env, port, PID and logs in the
#         wiki's directory as for 1.39. Its PHP runs in a mount namespace of its own where /proc is bound into
#         the chroot: the bind mount ends with the process, and no mount is ever left on this machine.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DIR="${DEVWIKI_DIR:-$ROOT/.devwiki}"
VERSION="${DEVWIKI_VERSION:-$(cat "$DIR/version" 2>/dev/null || echo 1.39)}"
MW=/usr/share/mediawiki
PACKAGES=(mediawiki php-cli php-sqlite3 php-intl php-mbstring php-xml)
WORKERS="${DEVWIKI_WORKERS:-4}"
CHROOT="${DEVWIKI_MW143_ROOT:-/var/tmp/croupier-mw143}"
case "$VERSION" in
  1.39) HOME_PHP="$DIR"; HOME_HOST="$DIR" ;; # where the settings and database are, as PHP and as this script see them
  1.43) HOME_PHP="/srv/croupier/$(printf '%s' "$DIR" | sha1sum | cut -c1-16)"; HOME_HOST="$CHROOT$HOME_PHP" ;;
  *) printf 'devwiki: DEVWIKI_VERSION=%s: this script serves MediaWiki 1.39 or 1.43\n' "$VERSION" >&2; exit 2 ;;
esac
export MW_CONFIG_FILE="$HOME_PHP/LocalSettings.php"

# shellcheck source=progress.sh
source "$ROOT/scripts/progress.sh"
say() { printf 'devwiki: %s\n' "$*" >&2; }
die() { say "$*"; exit 1; }

# ---------------------------------------------------------------- packages
# shellcheck source=apt.sh
source "$ROOT/scripts/apt.sh"
ensure_wiki_packages() { # the host's php serves 1.39 and runs this script's helpers for both versions
  ensure_packages "${PACKAGES[@]}"
  [ "$VERSION" = 1.43 ] && ensure_chroot
  return 0
}

# ---------------------------------------------------------------- MediaWiki 1.43 (chroot)
chroot_ready() { [ -f "$CHROOT/usr/share/mediawiki/maintenance/run.php" ] && [ -x "$CHROOT/usr/bin/php" ]; }

unmount_under() { # every mount at or below $1 (debootstrap mounts /proc and /sys in its target), deepest first
  local m
  for m in $(awk -v d="$1" '$2 == d || index($2, d "/") == 1 { print $2 }' /proc/self/mounts | sort -r); do
    umount "$m" 2>/dev/null || umount -l "$m"
  done
}

build_chroot() {
  local tmp="$CHROOT.partial"
  unmount_under "$tmp"; rm -rf "$tmp"
  say "building MediaWiki 1.43 (Debian 13) in $CHROOT: debootstrap from $DEBIAN_MIRROR, a few minutes the first time"
  if ! debootstrap --variant=minbase --include=mediawiki,php-cli,php-sqlite3,php-intl,php-mbstring,php-xml \
      trixie "$tmp" "$DEBIAN_MIRROR" >"$CHROOT.log" 2>&1; then
    unmount_under "$tmp"; rm -rf "$tmp"
    tail -5 "$CHROOT.log" >&2
    return 1
  fi
  unmount_under "$tmp"
  mv "$tmp" "$CHROOT"
}

ensure_chroot() { # built once per machine, by one process at a time
  chroot_ready && return 0
  ensure_packages debootstrap
  DEBIAN_MIRROR="${DEVWIKI_DEBIAN_MIRROR:-http://deb.debian.org/debian}"
  mkdir -p "$(dirname "$CHROOT")"
  exec 8>"$CHROOT.lock"
  flock -w 1200 8 || die "another devwiki.sh holds $CHROOT.lock"
  chroot_ready || step "building MediaWiki 1.43 (debootstrap)" build_chroot \
    || die "cannot build MediaWiki 1.43 in $CHROOT (debootstrap failed; log: $CHROOT.log)"
  exec 8>&-
}

# The command running php with the wiki's settings: the host's php for 1.39; for 1.43 the chroot's, in a mount
# namespace of its own with /proc bound (unshare, bash, chroot and env exec one another: the PID is php's).
php_cmd() {
  if [ "$VERSION" = 1.39 ]; then
    PHP=(env MW_CONFIG_FILE="$MW_CONFIG_FILE" php)
  else
    # shellcheck disable=SC2016 # expanded by the inner shell
    PHP=(unshare --mount --propagation private -- bash -c 'mount --bind /proc "$1/proc" && exec chroot "$1" env MW_CONFIG_FILE="$2" php "${@:3}"'
      php "$CHROOT" "$MW_CONFIG_FILE")
  fi
}
php_cmd
mwphp() { "${PHP[@]}" "$@"; }

maint() { # SCRIPT ARGS…: a maintenance script, run from MediaWiki's directory (1.43 runs them through run.php)
  local script="$1"; shift
  if [ "$VERSION" = 1.39 ]; then (cd "$MW" && mwphp "maintenance/$script.php" "$@"); else mwphp "$MW/maintenance/run.php" "$script" "$@"; fi
}

# ---------------------------------------------------------------- helpers
rand_hex() { od -An -N"$1" -tx1 /dev/urandom | tr -d ' \n'; } # 2*N lowercase hex chars

free_port() {
  php -r '$s = stream_socket_server("tcp://127.0.0.1:0"); $n = stream_socket_get_name($s, false); echo substr($n, strrpos($n, ":") + 1);'
}

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# The PID in server.pid, if that process is still our php -S (guards against PID reuse).
server_pid() {
  [ -f "$DIR/server.pid" ] || return 1
  local pid; pid="$(cat "$DIR/server.pid")"
  [ -n "$pid" ] && [ -r "/proc/$pid/cmdline" ] || return 1
  tr '\0' ' ' <"/proc/$pid/cmdline" | grep -q -- "-S 127.0.0.1:$(cat "$DIR/port" 2>/dev/null)" || return 1
  echo "$pid"
}

children_of() { # direct children of $1, from /proc
  local f
  for f in /proc/[0-9]*/stat; do
    # field 4 of /proc/PID/stat is the parent PID; the command name (field 2) may contain spaces
    awk -v p="$1" '{ sub(/^.*\) /, ""); if ($2 == p) print FILENAME }' "$f" 2>/dev/null
  done | sed -E 's#/proc/([0-9]+)/stat#\1#'
}

api_url() { echo "http://127.0.0.1:$(cat "$DIR/port")/api.php"; }

healthy() { # (php, not curl: php is installed by now, curl may not be)
  php -r '$c = stream_context_create(["http" => ["timeout" => 5]]);
    $r = @file_get_contents($argv[1], false, $c); exit($r !== false && strpos($r, "\"sitename\"") !== false ? 0 : 1);' \
    "$(api_url)?action=query&meta=siteinfo&format=json"
}

# Read a value from the env file.
envval() { sed -n "s/^$1=//p" "$DIR/env" 2>/dev/null | head -1; }

# ---------------------------------------------------------------- create
write_runtime() { # settings read on every request: port, rate limits, test hooks
  local port="$1" ratelimits="${DEVWIKI_RATELIMITS:-0}"
  cat >"$HOME_HOST/runtime.php" <<PHP
<?php
// Written by scripts/devwiki.sh start; read on every request.
\$wgServer = 'http://127.0.0.1:$port';
\$wgCanonicalServer = \$wgServer;
// Admins may hide a revision's text (revision deletion), as on most wikis: core gives it to the suppress group only.
\$wgGroupPermissions['sysop']['deleterevision'] = true;
if ( '$ratelimits' !== '1' ) {
	\$wgRateLimits = [];
	\$wgPasswordAttemptThrottle = false;
	\$wgAccountCreationThrottle = false;
}
PHP
}

wipe_dir() { # everything in $DIR but the lock file (and, for 1.43, the wiki's settings and database in the chroot)
  find "$DIR" -mindepth 1 -maxdepth 1 ! -name .lock -exec rm -rf {} +
  [ "$HOME_HOST" = "$DIR" ] || rm -rf "$HOME_HOST"
}

create_wiki() {
  local port="$1"
  say "creating a private wiki in $DIR"
  wipe_dir
  local admin_pw player_pw bot_user_pw bot_pw
  admin_pw="$(rand_hex 12)"; player_pw="$(rand_hex 12)"; bot_user_pw="$(rand_hex 12)"; bot_pw="$(rand_hex 20)"
  mkdir -p "$HOME_HOST/data" "$HOME_HOST/cache"
  [ "$VERSION" = 1.39 ] || echo "$VERSION" >"$DIR/version"
  (umask 077; printf '%s' "$admin_pw" >"$HOME_HOST/adminpass")
  step "[1/2] installing MediaWiki $VERSION (install.php)" install_mw "$port" \
    || { tail -30 "$DIR/install.log" >&2; die "install.php failed (log: $DIR/install.log)"; }
  rm -f "$HOME_HOST/adminpass"
  cat >>"$HOME_HOST/LocalSettings.php" <<'PHP'

# ---- added by scripts/devwiki.sh ----
$wgCacheDirectory = __DIR__ . '/cache';
$wgJobRunRate = 0;
$wgEnableUploads = false;
$wgGroupPermissions['*']['createaccount'] = false;
$wgGroupPermissions['*']['edit'] = false;
$wgShowExceptionDetails = true;
require __DIR__ . '/hooks.php';
require __DIR__ . '/runtime.php';
PHP
  cp "$ROOT/scripts/devwiki-hooks.php" "$HOME_HOST/hooks.php"
  write_runtime "$port"
  echo "$port" >"$DIR/port"
  step "[2/2] creating the accounts Bot and Player" create_accounts "$bot_user_pw" "$player_pw" "$bot_pw" \
    || die "creating accounts failed"
  # The env file is written last: its presence marks a complete wiki.
  (umask 077; cat >"$DIR/env.tmp" <<ENV
# Written by scripts/devwiki.sh: the local dev wiki's API and accounts (secrets; not in git)
CROUPIER_API_URL=http://127.0.0.1:$port/api.php
CROUPIER_USERNAME=Bot@croupier
CROUPIER_PASSWORD=$bot_pw
DEVWIKI_ADMIN_USER=Admin
DEVWIKI_ADMIN_PASSWORD=$admin_pw
DEVWIKI_PLAYER_USER=Player
DEVWIKI_PLAYER_PASSWORD=$player_pw
DEVWIKI_BOT_USER=Bot
DEVWIKI_BOT_PASSWORD=$bot_user_pw
ENV
  )
  mv "$DIR/env.tmp" "$DIR/env"
}

store_path() { # the wiki's own store, in its directory (relative to the repository when inside it)
  case "$DIR" in "$ROOT"/*) echo "${DIR#"$ROOT"/}/store.json" ;; *) echo "$DIR/store.json" ;; esac
}

quiet() { "$@" >/dev/null; }

install_mw() { # port
  maint install --dbtype=sqlite --dbpath="$HOME_PHP/data" \
    --dbname=devwiki --server="http://127.0.0.1:$1" --scriptpath= --confpath="$HOME_PHP" --skins=Vector \
    --passfile="$HOME_PHP/adminpass" --lang=en "Croupier Dev Wiki" Admin >"$DIR/install.log" 2>&1
}

create_accounts() { # bot-user-password player-password bot-password
  maint createAndPromote --bot Bot "$1" >/dev/null \
    && maint createAndPromote Player "$2" >/dev/null \
    && maint createBotPassword --appid=croupier \
      --grants=basic,highvolume,editpage,editprotected,createeditmovepage Bot "$3" >/dev/null
}

write_config() {
  local games=() g
  games+=('{"id": "cycle16", "kind": "cycle16", "ruleset": "Cycle 16/Ruleset", "gamestate": "Cycle 16/Gamestate"}')
  [ -f "$ROOT/fixtures/round10/ruleset.wikitext" ] && games+=('{"id": "round10", "kind": "round10", "ruleset": "Round 10/Ruleset", "gamestate": "Round 10/Gamestate"}')
  [ -f "$ROOT/fixtures/cycle15/ruleset.wikitext" ] && games+=('{"id": "cycle15", "kind": "cycle15", "ruleset": "Cycle 15/Ruleset", "gamestate": "Cycle 15/Gamestate"}')
  [ -f "$ROOT/fixtures/nomicoup/ruleset.wikitext" ] && games+=('{"id": "nomicoup", "kind": "nomicoup", "ruleset": "Nomicoup/Ruleset", "gamestate": "Nomicoup/Gamestate"}')
  [ -f "$ROOT/fixtures/newcycle/ruleset.wikitext" ] && games+=('{"id": "cycle17", "kind": "generic", "ruleset": "Cycle 17/Ruleset", "gamestate": "Cycle 17/Gamestate"}')
  {
    echo '{'
    echo '  "operator": {"contact": "local dev wiki (scripts/devwiki.sh)"},'
    echo '  "wiki": {"editThrottleMs": 0, "maxRetries": 2, "retryPauseMs": 1000, "shutoff": {"page": "Croupier/Shutoff", "runWord": "run"}},'
    echo "  \"store\": {\"path\": \"$(store_path)\"},"
    echo '  "games": ['
    local i=0
    for g in "${games[@]}"; do
      i=$((i + 1)); if [ "$i" -lt "${#games[@]}" ]; then echo "    $g,"; else echo "    $g"; fi
    done
    echo '  ]'
    echo '}'
  } >"$DIR/config.json"
}

# ---------------------------------------------------------------- seed
edit_page() { # title file summary
  SEEDED=$((${SEEDED:-0} + 1))
  step "seeding page $SEEDED: $1" import_page "$@" || die "seeding \"$1\" failed"
}

import_page() { # title file summary
  # (1.43's edit.php says on stderr that a seed equal to the page was "ignored": not a failure.)
  maint edit -u Admin -s "$3" "$1" <"$2" 2>&1 >/dev/null | { grep -v '^Warning: Your edit was ignored because no change was made to the text\.$' >&2 || true; }
  return "${PIPESTATUS[0]}"
}

starter_gamestate() { # game name
  cat <<WIKI
This is the Gamestate page of $1 on the local dev wiki (a starter page: no Gamestate fixture was found).

== Players ==
Nobody has joined yet.

== Card tables ==
Croupier writes the computed card tables below.
WIKI
}

do_seed() {
  [ -f "$HOME_HOST/LocalSettings.php" ] || die "no wiki in $DIR: run \`$0 start\` first"
  local f="$DIR/seed.tmp" n=0 src title game
  while read -r src title; do
    [ -f "$ROOT/fixtures/$src" ] || continue
    edit_page "$title" "$ROOT/fixtures/$src" "Seed from fixtures/$src"; n=$((n + 1))
  done <<'LIST'
cycle16/ruleset.wikitext Cycle 16/Ruleset
round10/ruleset.wikitext Round 10/Ruleset
cycle15/ruleset.wikitext Cycle 15/Ruleset
nomicoup/ruleset.wikitext Nomicoup/Ruleset
newcycle/ruleset.wikitext Cycle 17/Ruleset
newcycle/gamestate.wikitext Cycle 17/Gamestate
cycle16/actions.wikitext Cycle 16/Gamestate/Actions
LIST
  for game in "cycle16:Cycle 16" "round10:Round 10" "cycle15:Cycle 15" "nomicoup:Nomicoup"; do
    src="${game%%:*}"; title="${game#*:}"
    if [ -f "$ROOT/fixtures/$src/gamestate.wikitext" ]; then
      edit_page "$title/Gamestate" "$ROOT/fixtures/$src/gamestate.wikitext" "Seed from fixtures/$src/gamestate.wikitext"
    elif [ "$src" = cycle16 ] || [ -f "$ROOT/fixtures/$src/ruleset.wikitext" ]; then
      starter_gamestate "$title" >"$f"; edit_page "$title/Gamestate" "$f" "Seed: starter Gamestate page"
    else continue; fi
    n=$((n + 1))
  done
  printf 'run\n\nCroupier edits only while this page contains the word above. Replace it with "stop" to stop the bot.\n' >"$f"
  edit_page "Croupier/Shutoff" "$f" "Seed: shutoff page (run)"; n=$((n + 1))
  rm -f "$f"
  write_config
  say "seeded $n pages"
}

# ---------------------------------------------------------------- start / stop
do_start() {
  ensure_wiki_packages
  local port created=0
  if [ -f "$HOME_HOST/LocalSettings.php" ] && [ -f "$DIR/env" ]; then
    if pid="$(server_pid)" && healthy; then
      write_runtime "$(cat "$DIR/port")"
      say "running (pid $pid): $(api_url)"
      return 0
    fi
    port="$(cat "$DIR/port" 2>/dev/null || true)"
    if [ -z "$port" ] || port_in_use "$port"; then port="$(free_port)"; fi
  else
    port="$(free_port)"
    create_wiki "$port"; created=1
  fi
  [ -f "$DIR/server.pid" ] && server_pid >/dev/null && stop_server
  cp "$ROOT/scripts/devwiki-hooks.php" "$HOME_HOST/hooks.php"
  # The free port is closed again before the server binds it, so something else (an outgoing connection's
  # ephemeral port) may take it meanwhile: then the server exits at once, and another port is tried.
  local attempt
  for attempt in 1 2 3; do
    echo "$port" >"$DIR/port"
    write_runtime "$port"
    sed -i "s#^CROUPIER_API_URL=.*#CROUPIER_API_URL=http://127.0.0.1:$port/api.php#" "$DIR/env"
    # setsid: a harness killing our process group does not take the server with it; stop it with `stop`.
    (cd "$MW" && PHP_CLI_SERVER_WORKERS="$WORKERS" exec setsid "${PHP[@]}" -S "127.0.0.1:$port" -t "$MW" >"$DIR/server.log" 2>&1 </dev/null 9>&-) &
    echo $! >"$DIR/server.pid"
    # By the clock, not a count of tries: on a busy machine MediaWiki's first answers take seconds (a 1.43 wiki in
    # its chroot missed a 10-second window while a test suite ran beside it).
    local deadline=$((SECONDS + 60))
    while [ "$SECONDS" -lt "$deadline" ]; do
      healthy && break
      server_pid >/dev/null || break
      sleep 0.2
    done
    healthy && break
    if ! server_pid >/dev/null && grep -q 'Address already in use' "$DIR/server.log" && [ "$attempt" -lt 3 ]; then
      say "port $port was taken before the server bound it: trying another"
      port="$(free_port)"
      continue
    fi
    server_pid >/dev/null || { tail -20 "$DIR/server.log" >&2; die "the server exited"; }
    stop_server # not left running behind a failed start
    die "the server did not answer on $(api_url) within 60 s"
  done
  [ "$created" = 1 ] && do_seed
  [ -f "$DIR/config.json" ] || write_config
  say "started (pid $(cat "$DIR/server.pid")): $(api_url)"
}

stop_server() {
  local pid kids k i
  pid="$(server_pid)" || { rm -f "$DIR/server.pid"; return 0; }
  kids="$(children_of "$pid")"
  kill -TERM "$pid" 2>/dev/null || true
  for k in $kids; do kill -TERM "$k" 2>/dev/null || true; done
  for i in $(seq 1 50); do
    local alive=0
    kill -0 "$pid" 2>/dev/null && alive=1
    for k in $kids; do kill -0 "$k" 2>/dev/null && alive=1; done
    [ "$alive" = 0 ] && break
    sleep 0.1
  done
  kill -KILL "$pid" 2>/dev/null || true
  for k in $kids; do kill -KILL "$k" 2>/dev/null || true; done
  rm -f "$DIR/server.pid"
}

do_stop() {
  if pid="$(server_pid)"; then stop_server; say "stopped (pid $pid)"; else rm -f "$DIR/server.pid"; say "not running"; fi
}

do_status() {
  if pid="$(server_pid)" && healthy; then
    echo "running (pid $pid): $(api_url)"; return 0
  fi
  echo "not running"; return 3
}

do_edit_as() { # user title file: an edit by that account (the demo's player requests)
  [ -f "$HOME_HOST/LocalSettings.php" ] || die "no wiki in $DIR: run \`$0 start\` first"
  [ $# -eq 3 ] && [ -f "$3" ] || die "usage: $0 edit-as <user> <title> <file>"
  maint edit -u "$1" -s "Edit by $1" "$2" <"$3" >/dev/null || die "editing \"$2\" as $1 failed"
}

do_import_xml() { # file: a dump's revisions, with its own timestamps (the tests' Ruleset revisions saved in the past)
  [ -f "$HOME_HOST/LocalSettings.php" ] || die "no wiki in $DIR: run \`$0 start\` first"
  [ $# -eq 1 ] && [ -f "$1" ] || die "usage: $0 import-xml <file>"
  maint importDump <"$1" >/dev/null || die "importing $1 failed"
}

do_run_jobs() { # [type]: the job queue, run now ($wgJobRunRate = 0: a wiki whose jobs run from cron), or its jobs of one type
  [ -f "$HOME_HOST/LocalSettings.php" ] || die "no wiki in $DIR: run \`$0 start\` first"
  maint runJobs ${1:+--type "$1"} >/dev/null || die "running the job queue failed"
}

do_env() {
  [ -f "$DIR/env" ] || die "no wiki in $DIR: run \`$0 start\` first"
  sed -n 's/^\([A-Z_][A-Z0-9_]*\)=\(.*\)$/export \1='"'"'\2'"'"'/p' "$DIR/env"
}

main() {
  local cmd="${1:-}"
  case "$cmd" in
    start|stop|seed|reset) ;;
    status) do_status; return $? ;;
    env) do_env; return 0 ;;
    edit-as) shift; do_edit_as "$@"; return $? ;;
    import-xml) shift; do_import_xml "$@"; return $? ;;
    run-jobs) shift; do_run_jobs "$@"; return $? ;;
    *) echo "usage: $0 start|stop|status|seed|env|reset|edit-as|import-xml|run-jobs" >&2; return 2 ;;
  esac
  mkdir -p "$DIR"
  # One devwiki.sh at a time per directory (other test runs may start it concurrently).
  exec 9>"$DIR/.lock"
  flock -w 300 9 || die "another devwiki.sh holds $DIR/.lock"
  case "$cmd" in
    start) do_start ;;
    stop) do_stop ;;
    seed) do_seed ;;
    reset) do_stop; wipe_dir; do_start ;;
  esac
}

main "$@"
