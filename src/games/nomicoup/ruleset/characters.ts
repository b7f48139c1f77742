import type { Location, Warning } from '../../../parse/location.ts';
import type { NumberedRule } from '../../../parse/numbered-rules.ts';
import { escapeRegExp } from '../../../parse/regions.ts';
import type { Action, Character, Counteraction } from './schema.ts';

// The characters (subrules of "Characters", by ID or by heading), their "Action:" and "Counteraction:"
// lines, the basic actions (subrules of "Actions"), who may block what, and the initial Court Deck.
// A character defined twice (its ID used twice) is one character with both definitions' lines and
// both locations; the duplicate ID itself is a conflict of the rule tree.

/** "Tax (May be legally claimed as Duke - If challenged, reveal Super Duke) - Take 3 credits…" → name, note, text. */
function splitLabel(line: string): { name: string; note?: string; text: string } | undefined {
  let depth = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0 && line.startsWith(' - ', i)) {
      const head = line.slice(0, i).trim();
      const note = /^(.*?)\s*\((.*)\)$/.exec(head);
      return note ? { name: note[1]!, note: note[2]!, text: line.slice(i + 3).trim() } : { name: head, text: line.slice(i + 3).trim() };
    }
  }
  return undefined;
}

const amount = (text: string, pattern: RegExp): number | null => {
  const m = pattern.exec(text);
  return m ? Number(m[1]) : null;
};

function credits(text: string): Pick<Action, 'take' | 'pay' | 'steal'> {
  return {
    take: amount(text, /\bTake (\d+) credits? from the Treasury/i),
    pay: amount(text, /\bPay (\d+) credits? to the Treasury/i),
    steal: amount(text, /\bTake up to (\d+) credits? from another player/i),
  };
}

/** The actions a counteraction's condition names: "perform the Assassinate or Investigate actions", "uses the Tax action". */
function blocked(text: string): string[] {
  const m = /\b(?:perform|uses?) the (.+?) actions?\b/i.exec(text);
  return m
    ? m[1]!
        .split(/,\s*|\s+or\s+|\s+and\s+/)
        .map((s) => s.trim())
        .filter((s) => s !== '')
    : [];
}

const idParent = (r: NumberedRule) => r.idParts.slice(0, -1).join('.');

/** Subrules of the numbered rule titled `title`: by ID (also under another heading) or by heading. */
function subrulesOf(flat: readonly NumberedRule[], title: string): NumberedRule[] {
  const parents = flat.filter((r) => r.id !== null && r.title === title);
  return flat.filter((r) =>
    parents.some((p) => (r.id !== null && idParent(r) === p.id && r.idParts.length === p.idParts.length + 1) || p.children.includes(r)),
  );
}

export interface CharacterExtraction {
  characters: Character[];
  actions: Action[];
  counteractions: Counteraction[];
  courtDeck: Record<string, number>;
}

export function readCharacters(flat: readonly NumberedRule[], at: (r: NumberedRule) => Location, warnings: Warning[], page?: string): CharacterExtraction {
  const actions: Action[] = subrulesOf(flat, 'Actions').map((r) => ({
    name: r.title,
    character: null,
    text: r.text,
    ...credits(r.text),
    blockedBy: [],
    location: at(r),
  }));
  const counteractions: Counteraction[] = [];
  const byName = new Map<string, Character>();
  const characterRules = subrulesOf(flat, 'Characters');
  const characters = flat.find((r) => r.id !== null && r.title === 'Characters');
  const each = amount(characters?.text ?? '', /there (?:is|are) (\d+) cards of each character/i);
  if (characters === undefined || each === null) {
    warnings.push({
      message: 'the Court Deck: no rule "Characters" says how many cards of each character it holds ("there is N cards of each character")',
      location: characters ? at(characters) : { page },
    });
  }
  for (const r of characterRules) {
    const c = byName.get(r.title) ?? { name: r.title, actions: [], counteractions: [], cards: each ?? 0, locations: [] };
    byName.set(r.title, c);
    c.locations.push(at(r));
    const name = escapeRegExp(r.title);
    const own = amount(r.text, new RegExp(`(\\d+) ${name} cards? (?:is|are) initially`, 'i'));
    if (own !== null) c.cards = own;
    else if (new RegExp(`replaced (?:by|with) an? ${name} card`, 'i').test(r.text)) {
      c.cards = 0;
      warnings.push({
        message: `${r.title}: no count is given, and its cards only replace cards drawn from the Court Deck, so none are in it initially`,
        location: at(r),
      });
    }
    for (const line of r.text.split('\n')) {
      const m = /^(Action|Counteraction):\s*(.*)$/.exec(line.trim());
      if (!m) continue;
      const label = splitLabel(m[2]!);
      if (label === undefined) {
        warnings.push({ message: `${r.title}: the ${m[1]!.toLowerCase()} "${m[2]}" has no " - " between its name and its effect`, location: at(r) });
        continue;
      }
      if (m[1] === 'Action') {
        actions.push({
          name: label.name,
          character: r.title,
          ...(label.note ? { note: label.note } : {}),
          text: label.text,
          ...credits(label.text),
          blockedBy: [],
          location: at(r),
        });
        if (!c.actions.includes(label.name)) c.actions.push(label.name);
      } else {
        counteractions.push({ name: label.name, character: r.title, text: label.text, blocks: blocked(label.text), location: at(r) });
        if (!c.counteractions.includes(label.name)) c.counteractions.push(label.name);
      }
    }
  }
  for (const ca of counteractions) {
    for (const name of ca.blocks) {
      const targets = actions.filter((a) => a.name.toLowerCase() === name.toLowerCase());
      if (targets.length === 0)
        warnings.push({ message: `${ca.character}'s ${ca.name} names the ${name} action, which no rule defines`, location: ca.location });
      for (const a of targets) {
        if (!a.blockedBy.some((b) => b.counteraction === ca.name && b.character === ca.character))
          a.blockedBy.push({ counteraction: ca.name, character: ca.character });
      }
    }
  }
  const list = [...byName.values()];
  return { characters: list, actions, counteractions, courtDeck: Object.fromEntries(list.map((c) => [c.name, c.cards])) };
}
