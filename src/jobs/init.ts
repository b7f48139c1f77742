// `croupier init --game <id>`: what a wiki needs before the bot's first run, checked and (with apply) set up.
// It checks the login and the bot account's rights, and creates the pages the bot needs that do not exist:
// the shutoff page (containing the run word: without it every save is refused, exit 4), the game's request page
// and (when its kind has readings or takes declarations) its Rulings page. A page that exists
// is never changed — a shutoff page that says stop stays so, and then nothing else is created. The Ruleset
// and the Gamestate page are the players': init only checks that they exist. The actions page turns the
// referee on for the game (docs/referee.md): init leaves that choice to the game's admins and says so.
import type { Config, GameConfig } from '../config.ts';
import { declarationsFor, readingsFor } from '../games/registry.ts';
import { shutoffReason } from '../wiki/guards.ts';
import type { WikiClient } from '../wiki/client.ts';

/** The rights a bot account needs (Special:BotPasswords grants: basic, highvolume, editpage, createeditmovepage). */
export const NEEDED_RIGHTS = ['edit', 'createpage', 'bot'] as const;

export interface InitPage {
  title: string;
  /** What it is for, as the report says it. */
  role: string;
  /** The text it is created with; undefined for a page init only checks. */
  text?: string;
}

export interface InitStep {
  page: InitPage;
  state: 'exists' | 'missing' | 'created' | 'blocked';
  revid?: number;
}

export interface InitReport {
  user: string;
  groups: string[];
  missingRights: string[];
  steps: InitStep[];
  /** Why the bot would not edit after this (a shutoff page that says stop), or null. */
  shutoff: string | null;
  notes: string[];
}

/** The pages the game needs, in the order they are made: the shutoff page first. */
export function initPages(config: Config, game: GameConfig): InitPage[] {
  const { page, runWord } = config.wiki.shutoff;
  const pages: InitPage[] = [
    {
      title: page,
      role: `the shutoff page: the bot edits only while it shows "${runWord}"`,
      text: `${runWord}\n<!-- Croupier edits the wiki only while this page shows the word "${runWord}" (outside comments). To stop it at once, replace the word. -->\n`,
    },
  ];
  pages.push({ title: game.ruleset, role: "the Ruleset (the players' page: checked, never created)" });
  pages.push({ title: game.gamestate, role: "the Gamestate page (the players' page: checked, never created)" });
  pages.push({
    title: game.requestsPage,
    role: `admins' requests (${game.allowedGroups.join(', ')})`,
    text: `Requests to Croupier for [[${game.gamestate}]], one per line as a top-level bullet, signed: \`* rollover now\`, \`* check\`, \`* clear\`. Only lines added by members of ${game.allowedGroups.join(', ')} are honoured; the bot answers each on its line.\n`,
  });
  if (declarationsFor(game.kind) !== undefined) {
    pages.push({
      title: game.rulingsPage,
      role: "the admins' declarations of the game's mechanics (and the Judge's rulings)",
      text: `Declarations of what Croupier applies in [[${game.gamestate}]] at each phase, one line each as a top-level bullet citing the ruleset sentence it implements, e.g. \`* grant 2 "Favour" to all players at each Planning Phase start — "<the sentence>"\` (the forms: the README, "Starting a new cycle"). Only lines added by members of ${game.allowedGroups.join(', ')} count.\n`,
    });
  } else if (readingsFor(game.kind).length > 0) {
    pages.push({
      title: game.rulingsPage,
      role: "the Judge's rulings on the game's readings",
      text: `The Judge's rulings on the readings of [[${game.gamestate}]], one line each as a top-level bullet: \`* <reading-id> = <value>\` (\`croupier readings --game ${game.id}\` lists them). Only lines added by members of ${game.allowedGroups.join(', ')} count.\n`,
    });
  }
  return pages;
}

/** Checks the account and the pages; with `apply`, creates the missing pages (each only if still missing). */
export async function init(client: WikiClient, config: Config, game: GameConfig, opts: { apply?: boolean; trigger?: string } = {}): Promise<InitReport> {
  const info = (await client.request({ action: 'query', meta: 'userinfo', uiprop: 'groups|rights' })) as {
    query: { userinfo: { name: string; groups?: string[]; rights?: string[] } };
  };
  const { name, groups = [], rights = [] } = info.query.userinfo;
  const missingRights = NEEDED_RIGHTS.filter((r) => !rights.includes(r));
  const pages = initPages(config, game);
  const read = await client.readPages(
    pages.map((p) => p.title),
    { allowMissing: true },
  );
  const steps: InitStep[] = pages.map((page) => ({ page, state: read.get(page.title)?.missing ? 'missing' : 'exists' }));
  const shutoffPage = read.get(config.wiki.shutoff.page)!;
  let shutoff = shutoffReason(shutoffPage.missing ? undefined : shutoffPage.text, config.wiki.shutoff);
  const notes: string[] = [];
  if (!(await client.readPages([game.actionsPage], { allowMissing: true })).get(game.actionsPage)?.missing) {
    notes.push(`the actions page [[${game.actionsPage}]] exists: the referee resolves players' requests there`);
  } else {
    notes.push(`no actions page [[${game.actionsPage}]]: the referee stays off for ${game.id} until the game's admins create it (docs/referee.md)`);
  }
  if (!opts.apply || missingRights.length > 0) return { user: name, groups, missingRights, steps, shutoff, notes };
  for (const step of steps) {
    if (step.state !== 'missing' || step.page.text === undefined) continue;
    // Only the shutoff page may be made while the shutoff page says stop (it is what is missing); a page
    // that says stop is a person's decision: nothing more is created.
    if (step.page.title !== config.wiki.shutoff.page && shutoff !== null) {
      step.state = 'blocked';
      continue;
    }
    const text = step.page.text;
    const r = await client.save(
      step.page.title,
      (page) => (page.missing ? { text, summary: `croupier init (${opts.trigger ?? 'cli'}): ${step.page.role}` } : null),
      { create: true },
    );
    step.state = r.changed ? 'created' : 'exists';
    if (r.revid !== undefined) step.revid = r.revid;
    if (step.page.title === config.wiki.shutoff.page) shutoff = shutoffReason(text, config.wiki.shutoff);
  }
  return { user: name, groups, missingRights, steps, shutoff, notes };
}

/** The report as the CLI prints it. */
export function describeInit(r: InitReport, game: GameConfig, apply: boolean): string {
  const out = [apply ? `init of ${game.id}:` : `dry run: nothing is written; --apply creates the missing pages. init of ${game.id}:`];
  out.push(
    `logged in as ${r.user} (groups: ${r.groups.join(', ') || 'none'}); rights ${NEEDED_RIGHTS.join(', ')}: ${r.missingRights.length === 0 ? 'ok' : `MISSING ${r.missingRights.join(', ')} (Special:BotPasswords grants: basic, highvolume, editpage, createeditmovepage; the account in the bot group)`}`,
  );
  for (const s of r.steps) {
    const what =
      s.state === 'exists'
        ? 'exists, kept as it is'
        : s.state === 'created'
          ? `created (revision ${s.revid})`
          : s.state === 'blocked'
            ? 'missing, NOT created: the shutoff page says stop'
            : s.page.text === undefined
              ? 'MISSING: create it before the first run'
              : apply && r.missingRights.length > 0
                ? 'missing, not created (missing rights)'
                : 'missing, would be created';
    out.push(`[[${s.page.title}]] — ${s.page.role}: ${what}`);
  }
  // A shutoff page that exists and says stop (a missing one is in the list above).
  if (r.shutoff !== null && r.steps[0]!.state === 'exists') out.push(`shutoff: ${r.shutoff}`);
  for (const n of r.notes) out.push(`note: ${n}`);
  return out.join('\n');
}

/** Whether the wiki is ready for the bot's first run after this init. */
export function initProblems(r: InitReport, apply: boolean): string[] {
  const out: string[] = [];
  if (r.missingRights.length > 0) out.push(`the bot account lacks the rights ${r.missingRights.join(', ')}`);
  for (const s of r.steps) if (s.page.text === undefined && s.state === 'missing') out.push(`[[${s.page.title}]] does not exist`);
  if (apply && r.shutoff !== null) out.push(r.shutoff);
  return out;
}
