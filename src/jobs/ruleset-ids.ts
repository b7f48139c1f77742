// Job: write on a game's Ruleset page what its own rules assign there (Cycle 15: “If an ID is not
// assigned to a garbage item, it is automatically assigned the lowest positive integer …”).
// A dry run unless `apply`: the Ruleset is the players' page, edited only when someone asks for it.
// Conflict-safe through WikiClient.save: the transform is recomputed on the page as it is then.
import type { GameConfig } from '../config.ts';
import { escapeWikitext } from '../parse/escape.ts';
import { amendRuleset } from '../games/registry.ts';
import type { SaveOptions, SaveResult } from '../wiki/client.ts';
import type { JobContext } from './publish-tables.ts';

export interface RulesetIdsOptions {
  /** Save the edit; without it, nothing is written (the diff is the result). */
  apply?: boolean;
  trigger?: string;
  /** Test hook passed to WikiClient.save. */
  beforeEdit?: SaveOptions['beforeEdit'];
}

export interface RulesetIdsResult {
  page: string;
  /** One line per assignment ('row 99 "Lint": ID 99'), as last computed. */
  changes: string[];
  save: SaveResult;
}

export async function rulesetIds(ctx: JobContext, game: GameConfig, opts: RulesetIdsOptions = {}): Promise<RulesetIdsResult> {
  const trigger = opts.trigger ?? 'cli';
  let changes: string[] = [];
  const save = await ctx.client.save(
    game.ruleset,
    (page) => {
      const amended = amendRuleset(page.text, { page: page.title, kind: game.kind });
      changes = amended?.changes ?? [];
      if (amended === null) return null;
      const summary = `Croupier: ${escapeWikitext(amended.changes.join('; '))} — ${escapeWikitext(amended.rule)} (trigger: ${escapeWikitext(trigger)})`;
      return { text: amended.text, summary };
    },
    { dryRun: !opts.apply, beforeEdit: opts.beforeEdit },
  );
  ctx.logger?.info(
    { game: game.id, page: game.ruleset, changed: save.changed, revid: save.revid, dryRun: save.dryRun },
    changes.join('; ') || 'nothing to assign',
  );
  return { page: game.ruleset, changes: save.changed ? changes : [], save };
}
