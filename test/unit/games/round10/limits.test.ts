import { describe, expect, test } from 'vitest';
import { parseAction } from '../../../../src/games/actions.ts';
import { sha256 } from '../../../../src/games/round10/rules/secret.ts';
import { DrawStream } from '../../../../src/sim/commit-reveal.ts';
import { replaceOnce } from '../../helpers/wikitext.ts';
import { PAGE, problemsOf, read, ruleset, run, TITLE } from './page.ts';
import { round10Referee } from '../../../../src/games/round10/index.ts';

// Issue 22, Round 10: each line of the inventory (docs/gamestate-format-round10.md, "Rules checked: refused or
// applied") broken on a copy of the example page. A refusal names page, table, row, column and the rule's
// sentence, and the run writes nothing; an applied rule shows in the state and in a History row quoting it.

const SUNDAY = '2026-11-15T12:00Z';

/** The one problem a run of `text` at `now` refuses, checked for its place and the rule's sentence. */
function refusedAt(text: string, table: string, row: number, column: string, sentence: string, now = SUNDAY): string {
  read(text); // the page reads: it is the rule, not the format, that refuses it
  const problems = problemsOf(() => run(text, now));
  expect(problems.map((p) => p.location)).toEqual([{ page: TITLE, table, row, column }]);
  expect(problems[0]!.message).toContain(sentence);
  return problems[0]!.message;
}

describe('refused: the page records what the rules do not allow', () => {
  test('"House Lots can contain only exactly 3 cards.": a House Lot of four cards is refused at its Items cell', () => {
    const text = replaceOnce(PAGE, '5 of Leaves, 6 of Leaves, Queen of Coins', '5 of Leaves, 6 of Leaves, Queen of Coins, King of Coins');
    expect(refusedAt(text, 'Lots', 1, 'Items', 'House Lots can contain only exactly 3 cards.')).toMatch(/^the House Lot L1 holds 4 card\(s\)/);
    // Three cards and 10 Chips is not "only exactly 3 cards" either.
    refusedAt(
      replaceOnce(PAGE, '5 of Leaves, 6 of Leaves, Queen of Coins', '5 of Leaves, 6 of Leaves, Queen of Coins, 10 Chips'),
      'Lots',
      1,
      'Items',
      'House Lots can contain only exactly 3 cards.',
    );
  });

  test('"If, at any time during the Resolution Phase, … any player may generate a new House Lot": a House Lot created on a Tuesday is refused at its Created cell', () => {
    const text = replaceOnce(PAGE, '| L1 || House || - || 2026-11-05 12:00', '| L1 || House || - || 2026-11-03 12:00');
    refusedAt(text, 'Lots', 1, 'Created (UTC)', 'If, at any time during the Resolution Phase, the number of House Lots');
  });

  test('"During the Resolution Phase a player may create a Player Lot": a Player Lot created on a Monday is refused at its Created cell', () => {
    const text = replaceOnce(PAGE, '| L2 || Player || Bob || 2026-11-06 09:00', '| L2 || Player || Bob || 2026-11-02 09:00');
    refusedAt(text, 'Lots', 2, 'Created (UTC)', 'During the Resolution Phase a player may create a Player Lot');
  });

  test('"Only players may perform actions": a Player Lot created by Dave before he joined is refused at its Creator cell', () => {
    const text = replaceOnce(PAGE, '| L2 || Player || Bob || 2026-11-06 09:00', '| L2 || Player || Dave || 2026-11-06 09:00');
    refusedAt(text, 'Lots', 2, 'Creator', 'Only players may perform actions');
  });

  test('"rolling 1d6. The Star Price is the result of that roll plus 4.": a Star Price of 11, or of 4, is refused at its cell', () => {
    for (const price of ['11', '4']) {
      const text = replaceOnce(PAGE, '|| 7 || 2026-11-10 15:00', `|| ${price} || 2026-11-10 15:00`);
      expect(refusedAt(text, 'Round', 1, 'Star Price', 'The Star Price is the result of that roll plus 4.')).toContain(
        `the Star Price ${price} is not a result of 1d6 + 4 (5 to 10)`,
      );
    }
  });

  test('"If it is not Sunday and if the Star Price is null, any player can generate it": a Star Price set on a Sunday is refused at Star Price set', () => {
    const text = replaceOnce(PAGE, '|| 7 || 2026-11-10 15:00', '|| 7 || 2026-11-08 15:00');
    refusedAt(text, 'Round', 1, 'Star Price set (UTC)', 'If it is not Sunday and if the Star Price is null');
  });

  test('"Slots are a Limited Access Table that a player may sit down at at most 3 times per week.": a fourth Slots play is refused at Limited tables this week', () => {
    const text = replaceOnce(PAGE, '|| - || - || Slots 2', '|| - || - || Slots 4');
    refusedAt(text, 'Players', 2, 'Limited tables this week', 'at most 3 times per week');
  });

  test('"The Studio is a Limited Access Table that a player may sit down at once per week": Studio 2 is refused; so is a table that is not a Limited Access Table', () => {
    refusedAt(
      replaceOnce(PAGE, '|| - || - || Studio 1', '|| - || - || Studio 2'),
      'Players',
      1,
      'Limited tables this week',
      'a player may sit down at once per week',
    );
    refusedAt(
      replaceOnce(PAGE, '|| - || - || Studio 1', '|| - || - || War 1'),
      'Players',
      1,
      'Limited tables this week',
      'a player may only sit down at a Limited Access Table at most 1 time in a given week',
    );
  });

  test('"specifying clearly which table they are sitting at": a table the Ruleset does not have is refused at the Table cell', () => {
    refusedAt(
      replaceOnce(PAGE, '|| The Great War || 2026-11-12 10:00', '|| The Small War || 2026-11-12 10:00'),
      'Players',
      4,
      'Table',
      'specifying clearly which table they are sitting at',
    );
  });

  test('"If a player has been sitting at a table for more than 24 hours, they automatically stand up.": a Table with no Seated since is refused (the stand-up cannot be timed)', () => {
    refusedAt(
      replaceOnce(PAGE, '|| The Great War || 2026-11-12 10:00', '|| The Great War || -'),
      'Players',
      4,
      'Seated since (UTC)',
      'they automatically stand up',
    );
  });

  test('"Players are considered reputable if they have continuously been a player for the last seven days.": an early Reputable since (the bot\'s column) is refused, naming the rule\'s time', () => {
    const text = replaceOnce(PAGE, '| Bob || 2026-11-02 08:00 || -', '| Bob || 2026-11-02 08:00 || 2026-11-03 08:00');
    expect(refusedAt(text, 'Players', 2, 'Reputable since (UTC)', 'continuously been a player for the last seven days')).toContain(
      'reputable at 2026-11-09 08:00, not 2026-11-03 08:00',
    );
  });

  test('"At the beginning of each Auction Phase, each player gains …": an Income paid written ahead (Monday 9th, the page still in phase 1) or at no phase start is refused', () => {
    // Written ahead, Alice's Monday income would never be paid; written at a Tuesday noon, it is no income's record.
    for (const paid of ['2026-11-09 00:00', '2026-11-03 12:00']) {
      refusedAt(
        replaceOnce(PAGE, '|| 535 || 55 || 2026-11-02 00:00', `|| 535 || 55 || ${paid}`),
        'Players',
        1,
        'Income paid (UTC)',
        'At the beginning of each Auction Phase',
      );
    }
  });

  test('"If a player has 10 Gold Stars in their possession at any time, they become the winner": a Winner with no Gold Stars is refused at the Winner cell', () => {
    refusedAt(
      replaceOnce(PAGE, '|| 0 || - || -\n|}', '|| 0 || - || Carol\n|}'),
      'Round',
      1,
      'Winner',
      'If a player has 10 Gold Stars in their possession at any time',
    );
  });

  test('"providing a Title for the Work of Art no more than 30 characters in length": a 31-character title is refused at its Title cell', () => {
    refusedAt(
      replaceOnce(PAGE, '| W1 || Sunset over Trungle ||', `| W1 || ${'S'.repeat(31)} ||`),
      'Works of Art',
      1,
      'Title',
      'no more than 30 characters in length',
    );
  });

  test("Status is the bot's: a bid written as succeeded before its revelation date is refused at its Status cell, not believed", () => {
    const text = replaceOnce(
      PAGE,
      '|| 2026-11-12 00:00 || 2026-11-15 00:00 || posted || -\n|-\n| B2',
      '|| 2026-11-12 00:00 || 2026-11-15 00:00 || succeeded || L1 30\n|-\n| B2',
    );
    expect(refusedAt(text, 'Secret actions', 4, 'Status', 'Status is the bot', '2026-11-14T00:00Z')).toContain(
      'B4 is written as succeeded before its revelation date 2026-11-15 00:00',
    );
  });
});

describe('the referee draws nothing on a page that breaks a limit', () => {
  test('"House Lots can contain only exactly 3 cards.": `generate house lot` on a page whose L1 holds four cards is refused at L1\'s Items cell, before any draw', () => {
    const text = replaceOnce(PAGE, '5 of Leaves, 6 of Leaves, Queen of Coins', '5 of Leaves, 6 of Leaves, Queen of Coins, King of Coins');
    const p = parseAction(round10Referee, 'generate house lot')!;
    let drawn = false;
    const now = new Date('2026-11-06T12:00Z');
    const problems = problemsOf(() =>
      p.def.resolve(
        {
          ruleset,
          game: 'round10',
          page: { title: TITLE, text, revid: 9 },
          now,
          player: 'Carol',
          request: { key: 'r9-0a1b2c3d', text: 'generate house lot', author: 'Carol', revid: 9, at: now },
          draws: () => {
            drawn = true;
            return { stream: new DrawStream('00'.repeat(32)), seed: '00'.repeat(32) };
          },
        },
        p.args,
      ),
    );
    expect(problems.map((x) => x.location)).toEqual([{ page: TITLE, table: 'Lots', row: 1, column: 'Items' }]);
    expect(drawn).toBe(false);
  });
});

/** A row appended to the Secret actions table, its hash that of `text`. */
const withAction = (page: string, id: string, player: string, kind: string, posted: string, text: string) =>
  replaceOnce(
    page,
    '|| posted || -\n|}',
    `|| posted || -\n|-\n| ${id} || ${player} || ${kind} || ${posted} || ${sha256(text)} || ${text} || - || - || posted || -\n|}`,
  );
const DAVE_BID = (posted: string) =>
  replaceOnce(
    PAGE,
    '| B2 || Dave || Bid || 2026-11-10 13:00 || 7198267505cd947b680667e348f38bf0c7b2da99765b819e284f39f118712e20 || Bid: L1 30. crow 88',
    `| B2 || Dave || Bid || ${posted} || ${sha256('Bid: L1 50. crow 88')} || Bid: L1 50. crow 88`,
  );

describe('applied: an action the rules void fails at its posting, with a History row quoting the rule', () => {
  const HAND = 'During an Auction Phase, as a secret action with default channel, maturation date and revelation date, players can Submit a Hand.';

  test(`"${HAND}": a hand posted on Friday 13th is voided when posted, never revealed nor paid, and voids nothing (Alice's Monday hand still scores)`, () => {
    const text = withAction(PAGE, 'H5', 'Alice', 'Hand', '2026-11-13 09:00', 'Hand: King of Spades. late');
    const r = run(text, '2026-11-20T12:00Z');
    const h5 = r.result.state.secrets.find((a) => a.id === 'H5')!;
    expect([h5.status, h5.result]).toEqual([
      'failed',
      'voided: posted at 2026-11-13 09:00, in the Resolution Phase, not during an Auction Phase: not a hand submission',
    ]);
    const row = r.result.changes.find((c) => c.event === 'Hand failed' && c.change.startsWith('H5'))!;
    expect(row.at.toISOString()).toBe('2026-11-13T09:00:00.000Z');
    expect(row.reason.rule).toContain(HAND);
    // H1 (Ace to 4 of Hearts) was not voided by H5: it is scored on Sunday 15th, and H5 never is.
    expect(r.result.state.secrets.find((a) => a.id === 'H1')!.result).toBe('score 2692');
    expect(r.result.changes.filter((c) => c.event === 'Prize' && c.player === 'Alice')).toHaveLength(1);
    // Her hearts were destroyed with H1; the King of Spades H5 named was not (then L1's cards, won at the auction).
    expect(r.result.state.players.find((p) => p.name === 'Alice')!.cards.slice(0, 1)).toEqual([{ rank: 'King', suit: 'Spades' }]);
    expect(r.result.state.players.find((p) => p.name === 'Alice')!.cards).not.toContainEqual({ rank: 'Ace', suit: 'Hearts' });
  });

  test('"Only players may perform actions": Dave\'s bid of 50 on L1 posted an hour before he joined is voided, and L1 goes to Alice\'s 30', () => {
    const r = run(DAVE_BID('2026-11-10 11:00'), SUNDAY);
    const row = r.result.changes.find((c) => c.event === 'Bid failed' && c.player === 'Dave')!;
    expect([row.at.toISOString(), row.change]).toEqual([
      '2026-11-10T11:00:00.000Z',
      'B2: voided: posted at 2026-11-10 11:00, before Dave joined (2026-11-10 12:00): not an action',
    ]);
    expect(row.reason.rule).toContain('Only players may perform actions');
    expect(r.result.changes.find((c) => c.event === 'Auction' && c.change.startsWith('L1'))).toMatchObject({
      player: 'Alice',
      change: expect.stringContaining('won for 30'),
    });
    // The same bid posted after he joined wins L1 (50 > 30): the void is what changes the outcome.
    expect(run(DAVE_BID('2026-11-10 13:00'), SUNDAY).result.changes.find((c) => c.event === 'Auction' && c.change.startsWith('L1'))).toMatchObject({
      player: 'Dave',
      change: expect.stringContaining('won for 50'),
    });
  });

  test('"Any player may become a candidate for the next Judge": Bob\'s message of 07:00 on the day he joined at 08:00 is no candidacy, whatever its 👍', () => {
    const text = (posted: string) => replaceOnce(PAGE, '| Bob || 2026-11-10 10:00 || 5', `| Bob || ${posted} || 9\n|-\n| Bob || 2026-11-10 10:00 || 5`);
    expect(run(text('2026-11-02 07:00'), SUNDAY).result.state.phase.judge).toBe('Alice');
    expect(run(text('2026-11-02 09:00'), SUNDAY).result.state.phase.judge).toBe('Bob');
  });
});

describe('"If a player has 10 Gold Stars in their possession at any time, they become the winner of Round 10, ending the round."', () => {
  const TEN = replaceOnce(
    PAGE,
    '| Alice || 2026-10-26 10:00 || 2026-11-02 10:00 || 400 || 3 || 0 ||',
    '| Alice || 2026-10-26 10:00 || 2026-11-02 10:00 || 400 || 3 || 10 ||',
  );
  /** A trade-in the players recorded in History on Monday 9th, 12:00 (the bot was down since Thursday 5th). */
  const TRADED = replaceOnce(
    TEN,
    '(Resolution Phase) || Phases: "Each week is divided into two phases"\n',
    '(Resolution Phase) || Phases: "Each week is divided into two phases"\n|-\n| 2026-11-09 12:00 || 1 || Trade in || Alice || Trungs → 1 Gold Star || Trung\n',
  );

  test('a win the page shows after missed boundaries is dated at its latest History row: what was due up to then is applied first, nothing after', () => {
    const r = run(TRADED, SUNDAY);
    const events = r.result.changes.map((c) => `${c.at.toISOString().slice(5, 16)} ${c.event} ${c.player}`);
    const victory = r.result.changes.at(-1)!;
    expect([victory.event, victory.player, victory.at.toISOString(), victory.phase]).toEqual(['Victory', 'Alice', '2026-11-09T12:00:00.000Z', 2]);
    // Before: Monday 9th's rollover, Judge election, income; Carol reputable at 00:00, Bob at 08:00.
    expect(events).toContain('11-09T00:00 Rollover -');
    expect(events.filter((e) => e.includes('Income'))).toHaveLength(3);
    expect(events).toContain('11-09T08:00 Reputable Bob');
    // After: nothing — no join income for Dave (Tuesday), no Thursday rollover, no Sunday revelation.
    expect(r.result.changes.every((c) => c.at.getTime() <= Date.parse('2026-11-09T12:00Z'))).toBe(true);
    expect([r.result.state.phase.number, r.result.state.phase.winner, r.result.state.phase.nextRollover]).toEqual([2, ['Alice'], null]);
    expect(run(r.text, '2026-11-20T00:00Z').result.changes).toEqual([]);
  });

  test("with no later History row, the win is dated at the start of the page's phase, and nothing is applied", () => {
    const r = run(TEN, SUNDAY);
    expect(r.result.changes.map((c) => [c.event, c.at.toISOString()])).toEqual([['Victory', '2026-11-05T00:00:00.000Z']]);
  });
});

describe("the bot's cells are recomputed, and a hand edit to one is named in History, not believed", () => {
  test('a Wealth, a Phase and a Revelation written by hand are each named in a Corrected row and rewritten; the next run changes nothing', () => {
    let text = replaceOnce(PAGE, '|| 535 || 55 ||', '|| 9999 || 55 ||');
    text = replaceOnce(text, '|| 1 || Resolution Phase ||', '|| 1 || Auction Phase ||');
    text = replaceOnce(text, 'moonlight-17 || 2026-11-12 00:00 || 2026-11-15 00:00', 'moonlight-17 || 2026-11-12 00:00 || 2026-11-14 00:00');
    const r = run(text, '2026-11-05T12:00Z');
    expect(r.result.changes.map((c) => [c.event, c.player, c.change, c.at.toISOString()])).toEqual([
      ['Corrected', '-', 'Phase Auction Phase → Resolution Phase', '2026-11-05T00:00:00.000Z'],
      ['Corrected', 'Alice', 'Wealth 9999 → 535', '2026-11-05T00:00:00.000Z'],
      ['Corrected', 'Alice', 'H1 Revelation (UTC) 2026-11-14 00:00 → 2026-11-15 00:00', '2026-11-05T00:00:00.000Z'],
    ]);
    expect(r.result.changes[1]!.reason.rule).toContain('what was written there is not believed');
    expect(r.text).toContain('|| 535 || 55 ||');
    expect(run(r.text, '2026-11-05T12:00Z').result.changes).toEqual([]);
  });
});
