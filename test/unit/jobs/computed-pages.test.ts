import { describe, expect, test } from 'vitest';
import { COMPUTED_BLOCKS, computedSubpages, lighten, subpageContent, subpageText, transclusion } from '../../../src/games/computed-blocks.ts';
import { saveGamestate, subpageEdit } from '../../../src/jobs/computed-pages.ts';
import { beginMarker, checkShrink, endMarker, findRegion, RegionError } from '../../../src/parse/regions.ts';
import { revertablePages } from '../../../src/cron/pause.ts';
import { FakeWiki } from '../games/cycle16/engine/fake-wiki.ts';

const G = 'Cycle 16/Gamestate';
const [STANDINGS, TABLES] = [COMPUTED_BLOCKS.find((b) => b.region === 'standings')!, COMPUTED_BLOCKS.find((b) => b.region === 'card-tables')!];
const rows = (n: number) => `{| class="wikitable"\n! A\n${Array.from({ length: n }, (_, i) => `|-\n| ${i}`).join('\n')}\n|}`;
const region = (name: string, content: string) => `${beginMarker(name)}\n${content}\n${endMarker(name)}`;
const page = (chart: string, tables: string) =>
  `Intro people wrote.\n\n== Standings ==\n${region('standings', chart)}\n\n== Players ==\n{| class="wikitable"\n! Player\n|-\n| Alice\n|}\n\n${region('card-tables', tables)}\n\n== History ==\n${region('history', '| row |')}\n`;

describe('computed blocks on bot-owned subpages', () => {
  test('lighten leaves one transclusion line in each computed region, every other byte identical, and returns the blocks', () => {
    const text = page(rows(3), rows(5));
    const out = lighten(text, G);
    expect(out.moved.map((m) => [m.title, m.content])).toEqual([
      [`${G}/Standings`, rows(3)],
      [`${G}/Card tables`, rows(5)],
    ]);
    expect(out.text).toBe(page(transclusion(G, STANDINGS), transclusion(G, TABLES)));
    expect(findRegion(out.text, 'standings')!.content).toBe(`\n{{:${G}/Standings}}\n`);
    // The History stays on the page; a page already light is left as it is.
    expect(findRegion(out.text, 'history')!.content).toBe('\n| row |\n');
    expect(lighten(out.text, G)).toEqual({ text: out.text, moved: [] });
  });

  test('a subpage holds a note shown only on itself, then the block; its content reads back', () => {
    const [m] = lighten(page(rows(2), transclusion(G, TABLES)), G).moved;
    const text = subpageText(G, m!);
    expect(text).toMatch(
      /^<noinclude>''This page is written by Croupier.*\[\[Cycle 16\/Gamestate\]\].*pauses the game until an admin resumes it\.''\n<\/noinclude>\{\|/s,
    );
    expect(subpageContent(text)).toBe(rows(2));
  });

  test('the subpages are among the pages whose reverts pause the game', () => {
    const pages = revertablePages({ gamestate: G, requestsPage: `${G}/Requests`, actionsPage: `${G}/Actions`, tablesPage: G });
    expect(pages).toEqual(expect.arrayContaining(computedSubpages(G)));
    expect(computedSubpages(G)).toEqual([`${G}/Standings`, `${G}/Card tables`]);
  });

  test("a subpage someone edited is written again whole, the summary naming their revision; the bot's own one needs no edit", () => {
    const m = { block: STANDINGS, title: `${G}/Standings`, content: rows(2) };
    const theirs = { title: m.title, text: 'vandalised', revid: 7, timestamp: '', user: 'Player' };
    expect(subpageEdit(theirs, G, m, ['Bot'], 'phase 4 → 5')).toEqual({
      text: subpageText(G, m),
      summary: `Croupier: the standings of [[${G}]] (phase 4 → 5); replaces revision 7 by Player: this page is computed`,
    });
    expect(subpageEdit({ ...theirs, text: `${subpageText(G, m)}\n\n`, user: 'Bot' }, G, m, ['Bot'])).toBeNull();
  });

  test('the card tables losing more than half their rows on the subpage are refused, as in a region', () => {
    const m = { block: TABLES, title: `${G}/Card tables`, content: rows(2) };
    const before = { title: m.title, text: subpageText(G, { ...m, content: rows(10) }), revid: 7, timestamp: '', user: 'Bot' };
    expect(() => subpageEdit(before, G, m, ['Bot'])).toThrow(RegionError);
  });

  test('moving blocks out is not the page shrinking; losing as much otherwise is', () => {
    const before = 'x'.repeat(1000);
    expect(() => checkShrink(before, 'x'.repeat(100), 0.5, G, 800)).not.toThrow();
    expect(() => checkShrink(before, 'x'.repeat(100), 0.5, G, 300)).toThrow(/shrink by 60% .*300 moved to other pages not counted/);
  });
});

describe('saving a Gamestate page with its subpages', () => {
  const transform = (chart: string) => (p: { text: string }) => {
    const text = p.text.replace(/(<!-- croupier:begin standings -->)[\s\S]*?(<!-- croupier:end standings -->)/, `$1\n${chart}\n$2`);
    return text === p.text ? null : { text, summary: 'Croupier: phase 4 → 5' };
  };
  /** A rollover's edit: the chart with 4 rows, and a line of the Gamestate itself. */
  const renamed = (p: Parameters<ReturnType<typeof transform>>[0]) => {
    const e = transform(rows(4))(p);
    return e && { ...e, text: e.text.replace('Intro people wrote.', 'Intro the run wrote.') };
  };
  /** `w`, whose Gamestate save computes its edit, saves its subpages (the save's beforeEdit), then fails with `error`. */
  const failingAfterSubpages = (w: FakeWiki, error: string, meanwhile?: () => void) =>
    Object.assign(Object.create(w) as FakeWiki, {
      save: async (title: string, t: Parameters<FakeWiki['save']>[1], o: Parameters<FakeWiki['save']>[2]) => {
        if (title !== G) return w.save(title, t, o);
        const read = (await w.readPages([G])).get(G)!;
        const edit = t(read);
        if (edit) await o.beforeEdit?.(read, edit, 1);
        meanwhile?.();
        throw new Error(error);
      },
    });

  test('an inline page is migrated by a save with nothing else to do: the subpages first, then the Gamestate that transcludes them', async () => {
    const w = new FakeWiki({ [G]: page(rows(3), rows(5)) });
    const s = await saveGamestate(w, G, () => null);
    // Never a transclusion of a page not yet written; the Gamestate's rendering at its save shows them: no purge.
    expect(w.edited).toEqual([`${G}/Standings`, `${G}/Card tables`, G]);
    expect(w.purged).toEqual([]);
    expect(s.summary).toBe(`Croupier: the standings and the card tables moved to [[${G}/Standings]], [[${G}/Card tables]], transcluded`);
    expect(w.text(G)).toBe(page(transclusion(G, STANDINGS), transclusion(G, TABLES)));
    expect(subpageContent(w.text(`${G}/Card tables`)!)).toBe(rows(5));
    // Again: nothing to do.
    const again = await saveGamestate(w, G, transform(rows(3)));
    expect(again).toMatchObject({ changed: false, subpages: [] });
    expect(w.edits).toBe(3);
  });

  test('a block that changed is one edit of its subpage; the Gamestate, unchanged, gets none', async () => {
    const w = new FakeWiki({ [G]: page(transclusion(G, STANDINGS), transclusion(G, TABLES)) });
    await saveGamestate(w, G, transform(rows(3)));
    const s = await saveGamestate(w, G, transform(rows(4)));
    expect(s.changed).toBe(false);
    expect(s.subpages.map((p) => p.summary)).toEqual([`Croupier: the standings of [[${G}]] (phase 4 → 5)`]);
    expect(w.edited).toEqual([`${G}/Standings`, `${G}/Standings`]);
    expect(subpageContent(w.text(`${G}/Standings`)!)).toBe(rows(4));
  });

  test('a subpage that changed with no Gamestate edit is saved, then the Gamestate is rendered again (a purge, no edit); none when nothing changed, nor in a dry run', async () => {
    const w = new FakeWiki({ [G]: page(transclusion(G, STANDINGS), transclusion(G, TABLES)) });
    await saveGamestate(w, G, transform(rows(3)));
    expect(w.purged).toEqual([[G]]);
    await saveGamestate(w, G, transform(rows(3)));
    await saveGamestate(w, G, transform(rows(4)), { dryRun: true });
    expect(w.purged).toEqual([[G]]);
  });

  test('with a Gamestate edit, its subpages are saved just before it, as its text draws them: its rendering shows them, no purge', async () => {
    const w = new FakeWiki({ [G]: page(transclusion(G, STANDINGS), transclusion(G, TABLES)) });
    await saveGamestate(w, G, transform(rows(3)));
    const [edits, purges] = [w.edited.length, w.purged.length];
    const s = await saveGamestate(w, G, renamed);
    expect(w.edited.slice(edits)).toEqual([`${G}/Standings`, G]);
    expect(w.purged.length).toBe(purges);
    expect(s.subpages.map((p) => p.summary)).toEqual([`Croupier: the standings of [[${G}]] (phase 4 → 5)`]);
    expect(subpageContent(w.text(`${G}/Standings`)!)).toBe(rows(4));
  });

  test('a Gamestate edit not saved after its subpages were puts them back: no chart shows a state the page does not hold', async () => {
    const w = new FakeWiki({ [G]: page(transclusion(G, STANDINGS), transclusion(G, TABLES)) });
    await saveGamestate(w, G, transform(rows(3)));
    const edits = w.edits;
    const held = w.text(`${G}/Standings`)!;
    await expect(saveGamestate(failingAfterSubpages(w, 'still in conflict with other edits'), G, renamed)).rejects.toThrow('still in conflict');
    // The chart was saved for the edit (rows 4), then put back to what it held.
    expect(w.edited.slice(-2)).toEqual([`${G}/Standings`, `${G}/Standings`]);
    expect(w.edits).toBe(edits + 2);
    expect(w.text(`${G}/Standings`)).toBe(held);
    expect(w.text(G)).toContain('Intro people wrote.');
  });

  test('a subpage a person changed since the bot saved it is not put back: theirs stays', async () => {
    const w = new FakeWiki({ [G]: page(transclusion(G, STANDINGS), transclusion(G, TABLES)) });
    await saveGamestate(w, G, transform(rows(3)));
    const failing = failingAfterSubpages(w, 'refused', () => w.put(`${G}/Standings`, 'a person wrote this'));
    await expect(saveGamestate(failing, G, renamed)).rejects.toThrow('refused');
    expect(w.text(`${G}/Standings`)).toBe('a person wrote this');
  });

  test('a dry run returns the diffs of the Gamestate and of its subpages and writes nothing', async () => {
    const w = new FakeWiki({ [G]: page(rows(3), rows(5)) });
    const s = await saveGamestate(w, G, transform(rows(4)), { dryRun: true });
    expect(s).toMatchObject({ changed: true, dryRun: true });
    expect(s.subpages.map((p) => [p.title, p.dryRun, p.changed])).toEqual([
      [`${G}/Standings`, true, true],
      [`${G}/Card tables`, true, true],
    ]);
    expect(w.edits).toBe(0);
  });
});
