#!/usr/bin/env bash
# The README's main job on the embedded default: a real MediaWiki on 127.0.0.1 (installed if needed),
# freshly seeded with the Cycle 16 fixtures; Croupier publishes the computed card tables, then rolls the
# Gamestate over the fixture's next phase boundary, printing what it changed and the page URL; then the
# same for Round 10, Cycle 15 and Nomicoup, and day one of a cycle no module knows (Cycle 17, kind generic).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
# Every run starts from a fresh wiki seeded with the fixtures: seeding again over an earlier run's pages would put
# back the fixtures over the bot's edits, which the bot reads as people reverting it (and it pauses the games).
if [ -f "${DEVWIKI_DIR:-.devwiki}/env" ]; then bash scripts/devwiki.sh reset; else bash scripts/devwiki.sh start; fi
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

echo
echo "== 10. A new cycle no module knows (Cycle 17, kind generic): day one with no code"
# The fixture's cycle begins on 7 December 2026; here it began on the Monday two weeks ago, so that runs may be
# dated in it (a run is never dated after the clock): the admin writes that date, the miners' last actions move with it.
monday=$(date -u -d "$(date -u +%F) -$(($(date -u +%u) + 13)) days" +%F)
at() { date -u -d "$monday $1" +%Y-%m-%dT%H:%MZ; }
sed "s/on Monday 7 December 2026 at/on Monday $(date -u -d "$monday" '+%-d %B %Y') at/" fixtures/newcycle/ruleset.wikitext >"$tmp/c17.ruleset"
sed -e "s/2026-12-09 18:40/$(date -u -d "$monday +2 days 18:40" '+%F %H:%M')/" -e "s/2026-12-08 09:12/$(date -u -d "$monday +1 day 09:12" '+%F %H:%M')/" \
  -e "s/2026-12-03 21:00/$(date -u -d "$monday -4 days 21:00" '+%F %H:%M')/" fixtures/newcycle/gamestate.wikitext >"$tmp/c17.gamestate"
# The wiki account Player joins the dig as a miner of its own name (the referee's players are the Miners).
sed -i 's/^| Cress ||.*$/&\n|-\n| Player || 0 || 0 || 1 || no || no || 0 || - || yes/' "$tmp/c17.gamestate"
bash scripts/devwiki.sh edit-as Admin "Cycle 17/Ruleset" "$tmp/c17.ruleset"
bash scripts/devwiki.sh edit-as Player "Cycle 17/Gamestate" "$tmp/c17.gamestate"
echo "-- what the bot reads of its ruleset: the calendar, the dice, the tables"
croupier parse --title "Cycle 17/Ruleset"
croupier init --game cycle17 --apply >/dev/null
echo "-- the hand-kept page gets the Phase record and History (Wednesday of week 1: the Expedition Phase)"
croupier adopt --game cycle17 --now "$(at '+2 days 10:00')"
echo "-- the admin declares what the ruleset's prose leaves to a person, each line citing its sentence"
cat >"$tmp/c17.rulings" <<'RULINGS'
Declarations of what Croupier applies at each phase (README, "Starting a new cycle").
* reset "Delved this phase" to "no" at each phase start — "Once per phase, during an Expedition Phase, a player who holds at least 1 Lantern may Delve"
* reset "Asked the Guild this phase" to "no" at each phase start — "Once per phase, a player may spend 2 Favour to ask the Guild for a loan"
* inactive if "Last action (UTC)" is before the previous phase, shown in "Active?" — "A player is considered to be 'inactive' if they performed no actions in the previous phase."
* grant 2 "Favour" to active players at each Planning Phase start, at most 12 — "At the beginning of each Planning Phase, each active player is granted 2 Favour."
* victory to the most "Ore", at least 150, at each Market Phase end — "At the end of each Market Phase, the player who holds the most Ore, if they hold at least 150 Ore, wins the cycle."
RULINGS
bash scripts/devwiki.sh edit-as Admin "Cycle 17/Gamestate/Rulings" "$tmp/c17.rulings"
echo "-- two boundaries later (Monday of week 2): the Market Phase, then the Planning Phase"
croupier rollover --game cycle17 --now "$(at '+7 days 01:00')"
echo "-- the referee: the miner played by the wiki account Player rolls 2d6+3 and draws an encounter"
printf '%s\n' '* roll 2d6+3' '* draw 1 from Encounter table' >"$tmp/c17.actions"
bash scripts/devwiki.sh edit-as Player "Cycle 17/Gamestate/Actions" "$tmp/c17.actions"
croupier referee --game cycle17 --now "$(at '+7 days 02:00')"
node scripts/dump-page.mjs "Cycle 17/Gamestate/Actions" | grep '^\* '
croupier verify --game cycle17

base=${CROUPIER_API_URL%/api.php}
echo
echo "Gamestate page: $base/index.php?title=Cycle_16/Gamestate"
echo "Round 10:       $base/index.php?title=Round_10/Gamestate"
echo "Its history:    $base/index.php?title=Cycle_16/Gamestate&action=history"
echo "Cycle 15:       $base/index.php?title=Cycle_15/Gamestate"
echo "Nomicoup:       $base/index.php?title=Nomicoup/Gamestate"
echo "Cycle 17:       $base/index.php?title=Cycle_17/Gamestate"
echo "The local wiki keeps running; stop it with: ${DEVWIKI_DIR:+DEVWIKI_DIR=$DEVWIKI_DIR }bash scripts/devwiki.sh stop"
