import { readDocument, type WikiDocument } from './document.ts';

// One check tick reads a game's Gamestate page in several steps — its plan, the rollover, the plan again, the
// referee's questions — and each read it whole: five parses of the same text per tick (measured on the bench
// wiki's Cycle 16 game). The pages read last are kept here as documents without their parse (a rule's text, if read,
// parses the page again: no Gamestate reader reads one), one per page: a page's new text (after a save) lets its old
// document go before it is parsed, so a large page is never held twice. A document is only read, never written
// (test/unit/parse/page-memo.test.ts runs every game's steps on frozen ones). The daemon forgets them when it goes
// idle (src/cron/collect-garbage.ts): a large page's tables are not kept between ticks.

/** Pages kept: a game's Gamestate page and the pages a step reads beside it. */
const KEPT = 4;

const kept: { text: string; page: string | undefined; doc: WikiDocument }[] = [];

/** Page `page`'s `text` read (readDocument, without its parse), once while it is among the last pages asked for. */
export function documentOf(text: string, page: string | undefined): WikiDocument {
  const at = kept.findIndex((e) => e.page === page);
  if (at >= 0 && kept[at]!.text === text) {
    const [hit] = kept.splice(at, 1);
    kept.unshift(hit!);
    return hit!.doc;
  }
  if (at >= 0) kept.splice(at, 1); // the page's older text: let go before its new text is parsed
  const entry = { text, page, doc: readDocument(text, { page, keepParse: false }) };
  kept.unshift(entry);
  kept.length = Math.min(kept.length, KEPT);
  return entry.doc;
}

/** Lets every kept document go (the daemon, idle). */
export function forgetDocuments(): void {
  kept.length = 0;
}
