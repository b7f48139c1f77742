import { describe, expect, it } from 'vitest';
import { readDocument } from '../../../../src/parse/document.ts';
import { inPhase, recordRows, usesCounted } from '../../../../src/games/shared/bot-record.ts';

// The bot's record of the Gamestate page (the lines its own revisions added) read as History rows.

const HEADER = '{| class="wikitable"\n! Time (UTC) !! Phase !! Event !! Player !! Change !! Reason\n';
const row = (phase: number, event: string, player: string, change: string, key?: string) =>
  `| 2026-11-18 1${phase}:00 || ${phase} || ${event} || ${player} || ${change} || The rule (${key ? `on-wiki request ${key} by ${player}` : 'rollover'})`;
const page = (...rows: string[]) => ({ title: 'G', text: `== History ==\n${HEADER}${rows.map((r) => `|-\n${r}\n`).join('')}|}\n`, revid: 1 });

describe("the bot's record as History rows", () => {
  it("reads the record's one-line rows with the page's headers, and leaves out lines of other tables", () => {
    const table = readDocument(page().text).tables[0]!;
    const record = ['|Alice', '|41', row(4, 'Fusion', 'Alice', 'fused', 'r1-0a1b2c3d'), '| 1 || Alice || Ace', '|}'].join('\n');
    expect(recordRows(record, table, ['Fusion']).map((r) => [r.cells.event?.text, r.cells.player?.text])).toEqual([['Fusion', 'Alice']]);
  });

  it('counts one use per request the rows name, in the phase asked, not a row that names none nor a rerolled request', () => {
    const fused = row(4, 'Fusion', 'Alice', 'fused', 'r1-0a1b2c3d');
    const record = [
      fused,
      fused.replace('fused', 'fused (written again)'), // the same request's row in another form: one use
      row(3, 'Fusion', 'Alice', 'last phase', 'r2-0a1b2c3d'),
      row(4, 'Fusion', 'Bram', 'not hers', 'r3-0a1b2c3d'),
      row(4, 'Fusion', 'Alice', 'by a rollover'),
      row(4, 'Exploration', 'Alice', 'explored', 'r4-0a1b2c3d'),
      row(4, 'Exploration', 'Alice', 'explored again', 'r5-0a1b2c3d'),
    ].join('\n');
    const input = { page: page(), record };
    expect(usesCounted(0, input, 'Fusion', 'Alice', inPhase(4))).toBe(1);
    expect(usesCounted(0, input, 'Fusion', 'Alice', inPhase(3))).toBe(1);
    expect(usesCounted(0, input, 'Exploration', 'Alice', inPhase(4))).toBe(2);
    // A luck reroll declared r4 not to have happened: on the page, or in the record though deleted from the page.
    const reroll = row(4, 'Reroll', 'Alice', 'request r4-0a1b2c3d declared not to have happened', 'r6-0a1b2c3d').replace(
      'The rule (',
      'The rule (rerolled request = r4-0a1b2c3d; ',
    );
    expect(usesCounted(0, { page: page(reroll), record }, 'Exploration', 'Alice', inPhase(4))).toBe(1);
    expect(usesCounted(0, { page: page(), record: `${record}\n${reroll}` }, 'Exploration', 'Alice', inPhase(4))).toBe(1);
    // No record: the page's count alone; a row on the page alone is not the bot's record.
    expect(usesCounted(0, { page: page(fused) }, 'Fusion', 'Alice', inPhase(4))).toBe(0);
    expect(usesCounted(2, { page: page(fused) }, 'Fusion', 'Alice', inPhase(4))).toBe(2);
  });

  it("adds to the page's count the uses whose rows a person deleted, and counts never fewer than the record holds", () => {
    const slots = (n: number) => row(4, 'Slots', 'Bob', `sitting ${n}`, `r${n}-0a1b2c3d`);
    const record = [slots(1), slots(2)].join('\n');
    // Both rows on the page, the count says 3 (one sitting recorded by hand): 3.
    expect(usesCounted(3, { page: page(slots(1), slots(2)), record }, 'Slots', 'Bob', inPhase(4))).toBe(3);
    // One row deleted and the count taken down with it: the deleted one is counted back.
    expect(usesCounted(2, { page: page(slots(1)), record }, 'Slots', 'Bob', inPhase(4))).toBe(3);
    // Both deleted and the count cleared: the record's two.
    expect(usesCounted(0, { page: page(), record }, 'Slots', 'Bob', inPhase(4))).toBe(2);
    // Its row archived by the bot (older than the page's first row, moved to a History subpage): not deleted.
    const later = row(5, 'Slots', 'Bob', 'a later row', 'r9-0a1b2c3d');
    expect(usesCounted(2, { page: page(later), record }, 'Slots', 'Bob', () => true)).toBe(2);
    // The rows kept and the count lowered by hand (an admin's correction, say): never fewer than the record's two.
    expect(usesCounted(1, { page: page(slots(1), slots(2)), record }, 'Slots', 'Bob', inPhase(4))).toBe(2);
  });
});
