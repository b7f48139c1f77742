import { createHash } from 'node:crypto';
import { FakeWiki } from '../../games/cycle16/engine/fake-wiki.ts';
import type { RefereeWiki } from '../../../../src/jobs/referee.ts';
import type { RequestPageRevision } from '../../../../src/cron/requests.ts';

/** The in-memory wiki of the engine tests, with each page's revisions and their authors (for the actions page). */
export class RefereeFakeWiki extends FakeWiki implements RefereeWiki {
  // Set by the first `put`, which the base constructor makes (before field initialisers would run).
  declare byTitle: Map<string, RequestPageRevision[]>;
  /** Who the next `put` is made by (the bot's saves are "Bot"). */
  declare user: string;
  readonly botNames = ['Bot'];
  /** The wiki's user groups, when a test gives them (absent: the referee trusts no person's edit of its record). */
  userGroups?: RefereeWiki['userGroups'];

  override put(title: string, text: string): void {
    super.put(title, text);
    this.byTitle ??= new Map();
    this.user ??= 'Bot';
    const list = this.byTitle.get(title) ?? [];
    const revid = this.pages.get(title)!.revid;
    list.unshift({
      revid,
      parentid: list[0]?.revid ?? 0,
      user: this.user,
      timestamp: '2026-11-18T17:00:00Z',
      text,
      sha1: createHash('sha1').update(text).digest('hex'),
    });
    this.byTitle.set(title, list);
  }

  /** An edit by a person. */
  as(user: string, title: string, text: string): void {
    const before = this.user;
    this.user = user;
    this.put(title, text);
    this.user = before;
  }

  async history(title: string, limit: number): Promise<RequestPageRevision[]> {
    return (this.byTitle.get(title) ?? []).slice(0, limit);
  }
}

/** A wiki with the Ruleset `R`, the Gamestate `G` and an actions page on which `author` wrote `lines`, one revision each. */
export function wikiWithRequests(pages: { R: string; G: string }, actionsPage: string, author: string, lines: readonly string[]): RefereeFakeWiki {
  const wiki = new RefereeFakeWiki(pages);
  let text = '== Requests ==\n';
  wiki.as('Admin', actionsPage, text);
  for (const line of lines) {
    text += `${line}\n`;
    wiki.as(author, actionsPage, text);
  }
  return wiki;
}
