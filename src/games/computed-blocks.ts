import { findRegions } from '../parse/regions.ts';

// What the bot computes for players (the standings and race chart, the card tables…) lives on bot-owned subpages of the
// Gamestate page, each transcluded into the page by one line inside its bot-managed region: the page people
// edit by hand stays light, and the rendered page shows the same blocks in the same places. The renderers write
// a block into its region as before; `lighten` moves it out to its subpage before the page is saved
// (src/jobs/computed-pages.ts saves both). A new computed block is one entry of COMPUTED_BLOCKS.
//
// A subpage is wholly the bot's: its text is the note below and the block, and a run that finds anything else
// there (the block changed, or a person edited it) writes it again whole; a person's undo, rollback or manual
// revert of one of its edits pauses the game like any revert (src/cron/pause.ts#revertablePages).

export interface ComputedBlock {
  /** The bot-managed region of the Gamestate page that holds the block (now its transclusion line). */
  region: string;
  /** The subpage of the Gamestate page that holds the block: `<gamestate>/<subpage>`. */
  subpage: string;
  /** What it is, in words (edit summaries). */
  what: string;
  /** Its content may lose any number of table rows at once (else the region check of src/parse/regions.ts applies). */
  anyRows?: boolean;
}

export const COMPUTED_BLOCKS: readonly ComputedBlock[] = [
  { region: 'standings', subpage: 'Standings', what: 'standings', anyRows: true },
  { region: 'card-tables', subpage: 'Card tables', what: 'card tables' },
];

/**
 * A block an earlier Croupier drew in a region and a section of its own, now drawn inside another block (so on its
 * subpage: a rollover that changes both is one subpage edit). The run that draws the other block removes the old
 * region, and its heading when nothing else is under it (src/games/shared/standings.ts).
 */
export interface AbsorbedBlock {
  region: string;
  heading: string;
  what: string;
  /** The region of the block that now holds it. */
  into: string;
  /** The subpage it had (Croupier 0.3), no longer written. */
  subpage: string;
}

export const ABSORBED_BLOCKS: readonly AbsorbedBlock[] = [
  { region: 'race-chart', heading: 'Race', what: 'race chart', into: 'standings', subpage: 'Race chart' },
];

export const subpageTitle = (gamestate: string, block: ComputedBlock): string => `${gamestate}/${block.subpage}`;

/** The absorbed blocks `before` holds in their old regions and `after` no longer does, with what they take of `before`. */
export function absorbedBy(before: string, after: string, gamestate: string): { block: AbsorbedBlock; into: ComputedBlock; bytes: number }[] {
  const [was, now] = [findRegions(before, gamestate), findRegions(after, gamestate)];
  return ABSORBED_BLOCKS.flatMap((block) => {
    const old = was.find((r) => r.name === block.region);
    const into = COMPUTED_BLOCKS.find((b) => b.region === block.into)!;
    return old && !now.some((r) => r.name === block.region) ? [{ block, into, bytes: old.end - old.start }] : [];
  });
}

/** The one line the Gamestate page keeps in the block's region. */
export const transclusion = (gamestate: string, block: ComputedBlock): string => `{{:${subpageTitle(gamestate, block)}}}`;

/** Every bot-owned subpage a Gamestate page may have (whether the game draws the block or not). */
export const computedSubpages = (gamestate: string): string[] => COMPUTED_BLOCKS.map((b) => subpageTitle(gamestate, b));

/** A block moved out of the page: its subpage and its content. */
export interface MovedBlock {
  block: ComputedBlock;
  title: string;
  content: string;
}

/**
 * The page with each computed block's content moved out (pure): every region of COMPUTED_BLOCKS that holds
 * anything but its transclusion line gets that line, and its content is returned for the subpage. Bytes outside
 * the regions stay identical.
 */
export function lighten(text: string, gamestate: string): { text: string; moved: MovedBlock[] } {
  const moved: MovedBlock[] = [];
  let out = text;
  // From the last region to the first: the offsets of the earlier ones stay valid.
  for (const region of findRegions(text, gamestate).reverse()) {
    const block = COMPUTED_BLOCKS.find((b) => b.region === region.name);
    const line = block && transclusion(gamestate, block);
    if (!block || region.content.trim() === line) continue;
    moved.unshift({ block, title: subpageTitle(gamestate, block), content: region.content.trim() });
    out = `${out.slice(0, region.contentStart)}\n${line}\n${out.slice(region.contentEnd)}`;
  }
  return { text: out, moved };
}

/** The note at the top of a subpage, shown on it and not where it is transcluded. */
export function subpageNote(gamestate: string, block: ComputedBlock): string {
  return (
    `<noinclude>''This page is written by Croupier, the game's bot: the ${block.what} of [[${gamestate}]], computed by the bot and shown there. ` +
    'It is written again whole whenever its content changes, or when it finds anything else here: edit the Gamestate page, not this one. ' +
    "Undoing or rolling back one of the bot's edits of this page pauses the game until an admin resumes it.''\n</noinclude>"
  );
}

/** A subpage's whole text: its note, then the block. */
export const subpageText = (gamestate: string, m: MovedBlock): string => `${subpageNote(gamestate, m.block)}${m.content}\n`;

/** The block a subpage holds (its text without the note). */
export const subpageContent = (text: string): string => text.replace(/^<noinclude>[\s\S]*?<\/noinclude>/, '').trim();
