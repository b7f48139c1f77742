// How Croupier 0.3 laid out a Cycle 16 Gamestate page, for the tests of its migration: the race chart in a region
// and a section of its own (`== Race ==`, region `race-chart`) after the standings', and on the wiki on a subpage
// of its own (`…/Race chart`). Croupier now draws it under the standings, in their region and on their subpage.
import { COMPUTED_BLOCKS, subpageContent, subpageText } from '../src/games/computed-blocks.ts';
import { beginMarker, endMarker, findRegion } from '../src/parse/regions.ts';

const RACE = '== Race ==';
const STANDINGS = COMPUTED_BLOCKS.find((b) => b.region === 'standings')!;

/** The standings block and the race chart (without its heading) of a standings block drawn now. */
function split(block: string): { standings: string; chart: string } {
  const at = block.indexOf(RACE);
  if (at < 0) throw new Error('no race section under these standings');
  return { standings: block.slice(0, at).trim(), chart: block.slice(at + RACE.length).trim() };
}

/** `text` with the standings region holding `standings`, and a Race section after it whose region holds `race`. */
function withRaceSection(text: string, page: string, standings: string, race: string, underRace: string): string {
  const r = findRegion(text, 'standings', page)!;
  const rest = text.slice(r.end).replace(/^\s*/, '');
  const section = `${RACE}\n${underRace}${beginMarker('race-chart')}\n${race}\n${endMarker('race-chart')}`;
  return `${text.slice(0, r.contentStart)}\n${standings}\n${text.slice(r.contentEnd, r.end)}\n\n${section}\n\n${rest}`;
}

/** A page drawn now with its standings inline (offline), as 0.3 drew it; `underRace`: what a person wrote under the Race heading. */
export function inline03(text: string, page: string, underRace = ''): string {
  const { standings, chart } = split(findRegion(text, 'standings', page)!.content);
  return withRaceSection(text, page, standings, chart, underRace);
}

/** A game's Gamestate page and its Standings subpage as drawn now, as 0.3 left them on the wiki, with the Race chart subpage. */
export function onWiki03(gamestate: string, standingsPage: string, page: string): Map<string, string> {
  const { standings, chart } = split(subpageContent(standingsPage));
  const transcluded = findRegion(gamestate, 'standings', page)!.content.trim();
  const raceBlock = { region: 'race-chart', subpage: 'Race chart', what: 'race chart' };
  return new Map([
    [page, withRaceSection(gamestate, page, transcluded, `{{:${page}/Race chart}}`, '')],
    [`${page}/Standings`, subpageText(page, { block: STANDINGS, title: `${page}/Standings`, content: standings })],
    [`${page}/Race chart`, subpageText(page, { block: raceBlock, title: `${page}/Race chart`, content: chart })],
  ]);
}
