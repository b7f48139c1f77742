import type { AstNodes } from 'wikiparser-node/dist/internal.js';
import type { List, ListItem } from './model.ts';
import type { Section } from './parser.ts';
import { plainText, type Piece } from './plain.ts';
import { proseListItems } from './prose.ts';

interface Line {
  item: ListItem;
  /** The node the line's prefix sits in (a prose section: the section): lines of one list share it. */
  parent: unknown;
}

/**
 * Lists from line prefixes (`*`, `#`, `#*`…). wikiparser-node marks only the prefix; the item is
 * what follows it up to the end of the line. Adjacent lines form one list; longer prefixes nest.
 */
export function readLists(section: Section, text: string): Omit<List, 'rule' | 'ruleIndex'>[] {
  const { root, start } = section;
  const lines: Line[] =
    root === undefined
      ? proseListItems(section.prose, start).map((item) => ({ item, parent: section }))
      : root.querySelectorAll('list').map((token) => ({ item: readItem(token, text, start), parent: token.parentNode }));
  const lists: Omit<List, 'rule' | 'ruleIndex'>[] = [];
  let stack: ListItem[] = [];
  let previous: Line | undefined;
  for (const line of lines) {
    const { item } = line;
    const continues = previous !== undefined && previous.parent === line.parent && item.start === previous.item.end + 1;
    if (!continues) {
      lists.push({ ordered: item.ordered, items: [], start: item.start, end: item.end });
      stack = [];
    }
    const list = lists[lists.length - 1]!;
    while (stack.length > 0 && stack[stack.length - 1]!.marker.length >= item.marker.length) stack.pop();
    (stack[stack.length - 1]?.children ?? list.items).push(item);
    stack.push(item);
    list.end = item.end;
    previous = line;
  }
  return lists;
}

function readItem(token: AstNodes, text: string, base: number): ListItem {
  const start = base + token.getAbsoluteIndex();
  const prefix = String(token);
  const marker = /^[*#:;]+/.exec(prefix)?.[0] ?? prefix.trim();
  const contentStart = start + prefix.length;
  const pieces: Piece[] = [];
  let end: number | undefined;
  for (let node = token.nextSibling; node !== undefined; node = node.nextSibling) {
    if (node.type === 'text') {
      const nl = node.data.indexOf('\n');
      if (nl >= 0) {
        pieces.push(node.data.slice(0, nl));
        end = base + node.getAbsoluteIndex() + nl;
        break;
      }
    }
    pieces.push(node);
  }
  end ??= base + (token.parentNode?.getAbsoluteIndex() ?? 0) + String(token.parentNode ?? '').length;
  return {
    marker,
    ordered: marker.endsWith('#'),
    text: plainText(pieces),
    raw: text.slice(contentStart, end).trim(),
    start,
    end,
    children: [],
  };
}
