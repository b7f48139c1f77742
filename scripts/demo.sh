#!/usr/bin/env bash
# The README's main job on the embedded default: a real MediaWiki on 127.0.0.1 (installed if needed),
# freshly seeded with the Cycle 16 fixtures; Croupier publishes the computed card tables, then rolls the
# Gamestate over the fixture's next phase boundary, printing what it changed and the page URL; then the
# same for Cycle 15 (status, a rollover of its seeded Gamestate, and one request to the referee).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
bash scripts/devwiki.sh start
bash scripts/devwiki.sh seed
eval "$(bash scripts/devwiki.sh env)"
export CROUPIER_CONFIG="${DEVWIKI_DIR:-.devwiki}/config.json"
croupier() { node bin/croupier.js "$@"; }

echo
echo "== 0. Set each game up as an admin would: croupier init creates the request and Rulings pages the bot links to"
for game in cycle16 round10 cycle15 nomicoup; do croupier init --game "$game" --apply; done

echo
echo "== 1. Publish the computed card tables from Cycle 16/Ruleset"
croupier publish-tables --game cycle16

echo
echo "== 2. Roll the Gamestate over its next phase boundary: the rewards, grants and History rows, as a diff"
# Roll over exactly the boundary that ends the phase the seeded page records, so the demo shows the
# same change whatever today's date is (without --now, every boundary up to the clock is applied).
boundary=$(croupier status --game cycle16 --json | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).recorded.until))')
croupier rollover --game cycle16 --now "$boundary"

echo
echo "== 3. Run again: everything due is already on the page, so no edit"
croupier rollover --game cycle16 --now "$boundary"

echo
echo "== 4. The referee: the player Alice (wiki account Player) asks on Cycle 16/Gamestate/Actions"
# Alice is played by the wiki account "Player" (the Players table's Wiki account column, edited by Admin) and
# has good luck (its Good luck column); Player adds one request of each kind to the actions page, the last a
# luck reroll of the one before it.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
node scripts/dump-page.mjs "Cycle 16/Gamestate" >"$tmp/gamestate"
node scripts/add-wiki-account.mjs "$tmp/gamestate" "$tmp/gamestate.account" Alice=Player
node scripts/add-wiki-account.mjs --column 'Good luck' "$tmp/gamestate.account" "$tmp/gamestate.new" Alice=yes
bash scripts/devwiki.sh edit-as Admin "Cycle 16/Gamestate" "$tmp/gamestate.new"
{ cat fixtures/cycle16/actions.wikitext; printf '%s\n' '* open 1 Handy Pack' '* buy 1 Deck Pack' '* explore yes' '* fuse #3 #4' '* reroll'; } >"$tmp/actions"
bash scripts/devwiki.sh edit-as Player "Cycle 16/Gamestate/Actions" "$tmp/actions"
croupier referee --game cycle16
echo "-- the answers on the actions page:"
node scripts/dump-page.mjs "Cycle 16/Gamestate/Actions" | grep '^\* '

echo
echo "== 5. The phase ends (an admin's manual rollover); the referee reveals the phase's secret"
croupier rollover --game cycle16 --force --by Admin >/dev/null
croupier referee --game cycle16

echo
echo "== 6. Anyone can check every draw from the pages"
croupier verify --game cycle16

echo
echo "== 7. Round 10 (The Auction Casino): its readings, a full week of its example page, then requests to the referee"
croupier readings --game round10 | grep -E '^[a-z-]+: '
# The seeded page records the Resolution Phase of Nov 5-8, 2026: Monday's income with tax, Thursday's
# lot returns, Sunday's hands, prizes, bids, auction and Star Price, in one catch-up run.
croupier rollover --game round10 --now 2026-11-15T12:00Z
echo "-- the referee: Bob (wiki account Player) asks for a House Lot, a play of the slots and (on a Sunday: refused) the Star Price"
node scripts/dump-page.mjs "Round 10/Gamestate" >"$tmp/round10"
node scripts/add-wiki-account.mjs "$tmp/round10" "$tmp/round10.new" Bob=Player
bash scripts/devwiki.sh edit-as Admin "Round 10/Gamestate" "$tmp/round10.new"
printf '%s\n' '* generate house lot' "* play slots Raven's Quest" '* generate star price' >"$tmp/round10.actions"
bash scripts/devwiki.sh edit-as Player "Round 10/Gamestate/Actions" "$tmp/round10.actions"
croupier referee --game round10 --now 2026-11-15T12:00Z
node scripts/dump-page.mjs "Round 10/Gamestate/Actions" | grep '^\* '
croupier verify --game round10
echo "== 8. Cycle 15: its status, then its Gamestate rolled over the boundary that ends the seeded phase"
croupier status --game cycle15
boundary15=$(croupier status --game cycle15 --json | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).recorded.until))')
croupier rollover --game cycle15 --now "$boundary15"
echo "-- the referee: Cosima (wiki account Player) destroys a crystal for 10+1d10 shards (* shatter 1 crystal)"
node scripts/dump-page.mjs "Cycle 15/Gamestate" >"$tmp/gamestate15"
node scripts/add-wiki-account.mjs "$tmp/gamestate15" "$tmp/gamestate15.new" Cosima=Player
bash scripts/devwiki.sh edit-as Admin "Cycle 15/Gamestate" "$tmp/gamestate15.new"
printf '%s\n' '* shatter 1 crystal' >"$tmp/actions15"
bash scripts/devwiki.sh edit-as Player "Cycle 15/Gamestate/Actions" "$tmp/actions15"
croupier referee --game cycle15
node scripts/dump-page.mjs "Cycle 15/Gamestate/Actions" | grep '^\* '
croupier verify --game cycle15
echo "== 9. Nomicoup: the turn clock — the current turn times out after 48 hours and the next player's turn begins"
turn_ends=$(croupier status --game nomicoup --json | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).recorded.until))')
croupier rollover --game nomicoup --now "$turn_ends"

base=${CROUPIER_API_URL%/api.php}
echo
echo "Gamestate page: $base/index.php?title=Cycle_16/Gamestate"
echo "Round 10:       $base/index.php?title=Round_10/Gamestate"
echo "Its history:    $base/index.php?title=Cycle_16/Gamestate&action=history"
echo "Cycle 15:       $base/index.php?title=Cycle_15/Gamestate"
echo "Nomicoup:       $base/index.php?title=Nomicoup/Gamestate"
echo "The local wiki keeps running; stop it with: ${DEVWIKI_DIR:+DEVWIKI_DIR=$DEVWIKI_DIR }bash scripts/devwiki.sh stop"
