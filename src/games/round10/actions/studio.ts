import type { ActionDef } from '../../actions.ts';
import { drawReason, requestReason } from '../../shared/actions.ts';
import type { Gamestate } from '../gamestate/schema.ts';
import { participation } from '../rules/participation.ts';
import type { Round10Ruleset } from '../ruleset/schema.ts';
import { usesCounted } from '../../shared/bot-record.ts';
import { inWeek, onPage } from './page.ts';

// The Studio: “While sitting at the Studio Table, a player may spend 50 chips to create a single Work of Art in
// their possession. To create a Work of Art, the player must post a message to #the-studio, providing a Title for
// the Work of Art no more than 30 characters in length and a Description of the Work of Art no more than 400
// characters in length. A player's attempt at creating a Work of Art fails if they do not have at least 50 chips
// to lose. The initial Value of a Work of Art is determined by generating an integer between 1 and the
// Participation Value of the Auction Casino when the Work of Art is created, then multiplying by 4.”
//   * create art at Haiku Night: "Sunset over Trungle" Orange and purple, in oils
// One request is one sitting (the Studio is a Limited Access Table, “once per week”) and the one Work of Art it
// creates (“a single Work of Art”): a Works of Art row W<n+1> owned by the player; the integer is a uniform
// d<Participation>. The Works of Art table has no Description column: the description is in the History row.

export const STUDIO_RULE =
  'The Studio: “While sitting at the Studio Table, a player may spend 50 chips to create a single Work of Art in their possession. … The initial Value of a Work of Art is determined by generating an integer between 1 and the Participation Value of the Auction Casino when the Work of Art is created, then multiplying by 4.”';

/** "W2": one more than the highest W-number of the Works of Art table and of the page's text. */
export function nextWorkId(s: Pick<Gamestate, 'works'>, text: string): string {
  const ids = [...s.works.map((w) => w.id), ...[...text.matchAll(/\bW(\d+)\b/g)].map((m) => m[0])];
  return `W${Math.max(0, ...ids.map((id) => Number(/^W(\d+)$/i.exec(id)?.[1] ?? 0))) + 1}`;
}

const norm = (x: string) => x.toLowerCase().replace(/[’‘`]/g, "'").replace(/\s+/g, ' ').trim();

export const studioAction: ActionDef<Round10Ruleset, { table: string; title: string; description: string }> = {
  name: 'studio',
  grammar: 'create art at <table>: "<title>" <description>',
  readsRecord: true,
  parse(text) {
    const m = /^create\s+(?:a\s+)?(?:work\s+of\s+)?art\s+(?:at\s+)?(.+?)\s*:\s*["“](.*?)["”]\s*(.*)$/is.exec(text.trim());
    return m ? { table: m[1]!, title: m[2]!.trim(), description: m[3]!.trim() } : undefined;
  },
  resolve(input, args) {
    const r = input.ruleset;
    const kind = r.tables.find((t) => /^studio$/i.test(t.kind));
    const studio = r.constants.studio;
    if (!kind || kind.names.length === 0 || studio === null || kind.perWeek === null)
      return { ok: false, reason: "the Ruleset's Studio (its tables, price, limits or Value) cannot be read (see its warnings)" };
    const table = kind.names.find((n) => norm(n) === norm(args.table));
    if (!table) return { ok: false, reason: `"${args.table}" is not a Studio table (the Studio tables: ${kind.names.join(', ')})` };
    if (args.title.length === 0 || args.title.length > studio.titleMax)
      return {
        ok: false,
        reason: `the title has ${args.title.length} characters: “providing a Title for the Work of Art no more than ${studio.titleMax} characters in length”`,
      };
    if (args.description.length === 0 || args.description.length > studio.descriptionMax)
      return {
        ok: false,
        reason: `the description has ${args.description.length} characters: “a Description of the Work of Art no more than ${studio.descriptionMax} characters in length”`,
      };
    return onPage(input, ({ s, player, readings, newWorks }) => {
      if (player.table !== null)
        return { refused: `${player.name} is sitting at ${player.table}: “A player may not be sitting at multiple Tables at the same time.”` };
      const used = usesCounted(player.limited.Studio ?? 0, input, 'Work of Art', player.name, inWeek(s));
      if (used >= kind.perWeek!)
        return {
          refused: `${player.name} has sat at the Studio ${used} time(s) this week (Limited tables this week, or the Work of Art rows of the bot's record): “a player may sit down at once per week”`,
        };
      if (player.chips < studio.price)
        return {
          refused: `${player.name} has ${player.chips} chips: “A player's attempt at creating a Work of Art fails if they do not have at least ${studio.price} chips to lose.”`,
        };
      const value = participation({ s, ruleset: r, readings });
      const { stream, seed } = input.draws();
      const v = stream.roll(value, `initial Value: an integer from 1 to the Participation value ${value} (1/${value} each), × ${studio.valueMultiplier}`);
      const id = nextWorkId(s, input.page.text);
      const work = { id, title: args.title, owner: player.name, value: v * studio.valueMultiplier };
      newWorks.push(work);
      player.chips -= studio.price;
      player.works = [...player.works, id];
      player.limited = { ...player.limited, Studio: used + 1 };
      const reason = drawReason(`${STUDIO_RULE} (${requestReason(input)})`, stream, seed, s.phase.number, 0, input);
      reason.inputs = { table, Participation: value, description: `“${args.description}”` };
      reason.readings = [readings.label('participation-rounding')];
      return {
        changes: [
          {
            at: input.now,
            phase: s.phase.number,
            event: 'Work of Art',
            player: player.name,
            change: `${id} “${args.title}” created at ${table}: Value ${v} × ${studio.valueMultiplier} = ${work.value}; −${studio.price} chips; Studio ${used} → ${used + 1} this week`,
            reason,
          },
        ],
        message: `${id} “${args.title}”, Value ${work.value} (${v} × ${studio.valueMultiplier})`,
      };
    });
  },
};
