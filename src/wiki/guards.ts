// Stop switches (pure checks; the client reads the pages in the same request as the page it edits).
//
// - The emergency shutoff page: the bot edits only while it contains the configured run word.
// - {{bots}} / {{nobots}} exclusion (https://en.wikipedia.org/wiki/Template:Bots):
//     {{nobots}}                    no bot may edit
//     {{bots}}                      every bot may edit
//     {{bots|allow=A,B}}            only the listed bots ("all" / "none" allowed)
//     {{bots|deny=A,B}}             every bot but the listed ones ("all" / "none" allowed)
//     {{nobots|allow=A}}            … is read as allow=A
//   Names compare case-insensitively on the first letter, spaces and underscores alike; our name matches as the
//   account name (`Bot` of `Bot@croupier`) and as the bot password's app name (`croupier`).
// - What the wiki itself would refuse: a protected page, a blocked bot (MediaWiki says so at the read).
import { WikiError } from './errors.ts';
import type { EditRefusal, PageRevision } from './pages.ts';

export interface ShutoffSettings {
  page: string;
  runWord: string;
}

/** Null when the bot may run, else why not. A missing page counts as "not run". */
export function shutoffReason(text: string | undefined, s: ShutoffSettings): string | null {
  if (text === undefined) return `the shutoff page "${s.page}" does not exist (it must contain "${s.runWord}" for the bot to edit)`;
  const word = new RegExp(`(^|[^\\p{L}\\p{N}])${s.runWord.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}\\p{N}])`, 'iu');
  const visible = text.replace(/<!--[\s\S]*?(-->|$)/g, '');
  if (word.test(visible)) return null;
  const said = visible.trim().slice(0, 60).replace(/\s+/g, ' ');
  return `the shutoff page "${s.page}" does not contain "${s.runWord}" (it says "${said}"): no edit`;
}

export function checkShutoff(text: string | undefined, s: ShutoffSettings): void {
  const why = shutoffReason(text, s);
  if (why !== null) throw new WikiError({ code: 'shutoff', page: s.page, message: `emergency shutoff: ${why}` });
}

function norm(name: string): string {
  const s = name.trim().replace(/_/g, ' ').replace(/\s+/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Names the bot answers to, from a login name `User@BotName` (or a plain user name). */
export function botNames(login: string): string[] {
  const [user, app] = login.split('@');
  return [user, app].filter((x): x is string => !!x && x.trim() !== '').map(norm);
}

/** Null when `names` may edit `text`, else why not. */
export function exclusionReason(text: string, names: string[]): string | null {
  const me = new Set(names.map(norm));
  const body = text.replace(/<!--[\s\S]*?(-->|$)/g, '').replace(/<nowiki>[\s\S]*?<\/nowiki>/gi, '');
  const tpl = /\{\{\s*(nobots|bots)\s*(\|[^{}]*)?\}\}/gi;
  for (const m of body.matchAll(tpl)) {
    const kind = m[1]!.toLowerCase();
    const params = new Map<string, string>();
    for (const p of (m[2] ?? '').split('|').slice(1)) {
      const eq = p.indexOf('=');
      if (eq > 0) params.set(p.slice(0, eq).trim().toLowerCase(), p.slice(eq + 1).trim());
    }
    const list = (v: string): string[] =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    const hits = (v: string): boolean => list(v).some((n) => me.has(norm(n)));
    const has = (v: string, word: string): boolean => list(v).some((n) => n.toLowerCase() === word);
    const allow = params.get('allow');
    const deny = params.get('deny');
    if (allow !== undefined) {
      if (has(allow, 'all') || hits(allow)) continue;
      return `${m[0]} does not allow ${names.join('/')}`;
    }
    if (deny !== undefined) {
      if (has(deny, 'none')) continue;
      if (has(deny, 'all') || hits(deny)) return `${m[0]} denies ${names.join('/')}`;
      continue;
    }
    if (kind === 'nobots') return `the page contains ${m[0]}`;
    // {{bots}} alone, or with optout=…: allowed
  }
  return null;
}

export function checkExclusion(text: string, names: string[], page: string): void {
  const why = exclusionReason(text, names);
  if (why !== null) throw new WikiError({ code: 'bots-excluded', page, message: `"${page}": bot exclusion: ${why}; no edit` });
}

/** One of MediaWiki's reasons, in plain words (a block with who made it, why and until when). */
function describeRefusal(r: EditRefusal): string {
  if (r.block) {
    const b = r.block;
    const why = [b.by && `by ${b.by}`, b.reason && `“${b.reason}”`, b.expiry && (b.expiry === 'infinite' ? 'with no end' : `until ${b.expiry}`)].filter(
      Boolean,
    );
    return `the bot account is ${b.partial ? 'blocked from editing this page' : 'blocked'}${why.length ? ` (${why.join(', ')})` : ''}`;
  }
  return `${r.text.replace(/\s+/g, ' ').trim() || 'the wiki refuses the edit'} (${r.code})`;
}

/** The refusal of an edit the wiki said, at the read, it would not allow (thrown before any edit of the run). */
export function cannotEdit(page: PageRevision, title: string): WikiError | undefined {
  const reasons = page.cannotEdit;
  if (reasons === undefined || reasons.length === 0) return undefined;
  return new WikiError({
    code: 'cannot-edit',
    page: title,
    info: reasons.map((r) => r.code).join(', '),
    message: `"${title}": the wiki does not let the bot edit this page: ${reasons.map(describeRefusal).join('; ')}: no edit made`,
  });
}
