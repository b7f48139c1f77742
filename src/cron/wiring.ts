// Wiring of the daemon's parts to the real config, wiki client and rollover job. Used by
// `croupier daemon` (src/cli/commands/daemon.ts) and by the integration tests.
import type { Logger } from 'pino';
import { ConfigError, type Config, type GameConfig } from '../config.ts';
import { refereeFor } from '../games/registry.ts';
import { botAddedLines } from '../jobs/request-lines.ts';
import { BelievedRecords, type GoneRows } from '../jobs/record-edits.ts';
import { rollover, type RolloverSummary, type RolloverWiki } from '../jobs/rollover.ts';
import type { WikiClient } from '../wiki/client.ts';
import { WikiError } from '../wiki/errors.ts';
import type { DaemonOptions } from './daemon.ts';
import type { DaemonWiki, DryRunWiki } from './dry-run.ts';
import { makeJobs, makeRequestsHistory, makeShutoff, RulesetCache, type JobsWiki, type RolloverRunner } from './game-jobs.ts';
import { DEFAULT_ALLOWED_GROUPS, DEFAULT_REQUESTS_LOOKBACK, makeRequestsProcessor, type RequestsWiki } from './requests.ts';
import type { JobOutcome } from './ports.ts';
import { makeStatusPublisher, type StatusWiki } from './status-page.ts';
import { makeRefereeRunner } from './referee-runner.ts';
import { checkReverts, knowReverts, revertablePages } from './pause.ts';
import { saveGamestate } from '../jobs/computed-pages.ts';
import { alerter } from './alert.ts';
import { storeRulingsCache } from './rulings-memo.ts';
import { storeGoneRows } from './gone-rows.ts';
import { TickPages } from './tick-pages.ts';
import { rulesetFiles } from './ruleset-files.ts';
import { build } from '../version.ts';
import type { RulingsCache } from '../jobs/rulings.ts';

const hasReferee = (kind: string): boolean => refereeFor(kind) !== undefined;

export function summarise(s: RolloverSummary): string {
  const phase = s.toPhase !== s.fromPhase ? `${s.period} ${s.fromPhase} → ${s.toPhase} (${s.phaseName})` : `${s.period} ${s.toPhase} (${s.phaseName})`;
  return `${phase}; ${s.changes} change(s); ${s.save.changed ? (s.save.dryRun ? 'would be saved (dry run)' : `saved revision ${s.save.revid}`) : 'no edit needed'}`;
}

function abortError(signal: AbortSignal | undefined): Error | undefined {
  if (!signal?.aborted) return undefined;
  return signal.reason instanceof Error ? signal.reason : new Error('aborted');
}

/**
 * The rollover job for the scheduler; `rulesets`: the tick's parsed Ruleset revisions, shared with the plan;
 * `dryRun`: save nothing (the save yields its diff; see ./dry-run.ts).
 */
export function rolloverRunner(
  client: RolloverWiki,
  games: GameConfig[],
  rulesets?: RulesetCache,
  opts: { dryRun?: boolean; rulings?: (game: string) => RulingsCache; goneRows?: (game: string) => GoneRows } = {},
): RolloverRunner {
  const believedRecords = new BelievedRecords();
  return async (game, o): Promise<JobOutcome> => {
    const g = games.find((x) => x.id === game.id);
    if (!g) throw new Error(`no game "${game.id}" in the config`);
    const stop = abortError(o.signal);
    if (stop) throw stop;
    const trigger = o.trigger === 'request' ? 'request' : o.trigger === 'check' || o.trigger === 'start' ? 'schedule (check)' : `schedule (${o.trigger})`;
    const s = await rollover(
      {
        wiki: client,
        ...(rulesets ? { readRuleset: (page, ro) => rulesets.read(page, ro) } : {}),
        ...(opts.rulings ? { rulingsCache: opts.rulings(g.id) } : {}),
        ...(opts.goneRows ? { goneRows: opts.goneRows(g.id) } : {}),
        believedRecords,
        // Abandon before the commit point (the Gamestate save) when the daemon is shutting down.
        checkpoint: (step) => {
          const err = step !== 'saved' ? abortError(o.signal) : undefined;
          if (err) throw err;
        },
      },
      g,
      {
        now: o.now,
        trigger,
        ...(opts.dryRun ? { dryRun: true } : {}),
        ...(o.force ? { force: true, ...(o.requestedAt ? { requestedAt: o.requestedAt } : {}) } : {}),
        ...(o.actor ? { actor: o.actor } : {}),
        // An on-wiki request: its key goes into this run's Gamestate edit (the bot's record of the page says it was done).
        ...(o.request
          ? {
              request: {
                key: o.request.key,
                by: o.request.author,
                verb: o.request.verb,
                page: o.request.page,
                revid: o.request.revid,
                timestamp: o.request.timestamp,
              },
            }
          : {}),
      },
    );
    return {
      changed: s.save.changed || s.subpages.length > 0,
      edits: (s.save.changed ? 1 : 0) + s.subpages.length + s.archived.length,
      summary: summarise(s),
    };
  };
}

/** The wiki client as the narrow interfaces of src/cron want it. */
export function wikiAdapters(client: DaemonWiki): { jobs: JobsWiki; requests: RequestsWiki; status: StatusWiki } {
  const jobs: JobsWiki = {
    readPages: (titles) => client.readPages(titles),
    // Its saves are the Gamestate pages' (a request's History row): their computed blocks go to their subpages.
    save: async (title, transform) => {
      const r = await saveGamestate(client, title, (page) => transform(page));
      return { changed: r.changed || r.subpages.length > 0 };
    },
  };
  const requests: RequestsWiki = {
    history: async (title, limit) => {
      try {
        return await client.history(title, limit);
      } catch (err) {
        if (err instanceof WikiError && err.code === 'missing') return []; // no request page yet: no requests
        throw err;
      }
    },
    userGroups: (users) => client.userGroups(users),
    save: async (title, transform) => {
      const r = await client.save(title, (page) => transform(page.text));
      return { changed: r.changed };
    },
  };
  const status: StatusWiki = {
    save: async (title, transform, opts) => {
      // The Status page is the bot's report: a revert of it does not pause the game, and the report is written again.
      const r = await client.save(title, (page) => transform(page.missing ? '' : page.text), { create: opts.create, overReverts: true });
      return { changed: r.changed };
    },
  };
  return { jobs, requests, status };
}

export interface WiringOptions {
  config: Config;
  client: WikiClient;
  logger: Logger;
  /** Only these games (default: every game with an engine). */
  games?: string[];
  /** Test hooks. */
  now?: () => Date;
  graceMs?: number;
  handleSignals?: boolean;
  /** `croupier daemon --dry-run`: every wiki access goes through this overlay, whose saves are dry runs. */
  dryRun?: DryRunWiki;
}

/** Everything `startDaemon` needs, from the config and a logged-in client. */
export function daemonOptions(o: WiringOptions): DaemonOptions {
  const { config, logger } = o;
  // A tick reads each page once (a dry run's pass keeps its own overlay of the pages instead).
  const tickPages = o.dryRun ? undefined : new TickPages(o.client);
  const client: DaemonWiki = o.dryRun ?? tickPages!;
  const games = config.games.filter((g) => !o.games || o.games.includes(g.id));
  if (games.length === 0) throw new ConfigError(`no game to schedule: the config has no game${o.games ? ` among ${o.games.join(', ')}` : ''}`);
  const wiki = wikiAdapters(client);
  const pages = games.map((g) => ({ id: g.id, kind: g.kind, ruleset: g.ruleset, gamestate: g.gamestate }));
  const byId = (id: string) => games.find((g) => g.id === id);
  // The account the bot's own revisions are saved under: only what they added is the bot's record.
  const botNames = () => o.client.names.slice(0, 1);
  // Each revision of a Ruleset is parsed once, however many jobs of a tick read it; kept beside the store for
  // the CLI's commands (a dry run's daemon writes nothing there).
  const files = build === undefined ? undefined : rulesetFiles(config.store.path, build, { write: o.dryRun === undefined });
  const rulesets = new RulesetCache(8, files);
  return {
    storePath: config.store.path,
    games: games.map((g) => g.id),
    logger,
    checkCron: config.daemon.checkCron,
    maxConsecutiveFailures: config.daemon.maxConsecutiveFailures,
    // The memo of who wrote the Rulings pages' lines lives in the store (a dry run's: in memory).
    jobs: (store) =>
      makeJobs({
        wiki: wiki.jobs,
        games: pages,
        rollover: rolloverRunner(client, games, rulesets, {
          dryRun: o.dryRun !== undefined,
          rulings: (id) => storeRulingsCache(store, id),
          goneRows: (id) => storeGoneRows(store, id),
        }),
        rulesets,
      }),
    requests: (store) =>
      makeRequestsProcessor({
        wiki: wiki.requests,
        history: makeRequestsHistory({
          wiki: wiki.jobs,
          // What the bot's own revisions added to the Gamestate page: a request's key is read there only.
          record: async (gamestate) => {
            const g = games.find((x) => x.gamestate === gamestate);
            const revisions = await wiki.requests.history(gamestate, g?.requestsLookback ?? DEFAULT_REQUESTS_LOOKBACK);
            return botAddedLines(revisions, (user) => botNames().includes(user));
          },
          games: pages,
          store,
          rulesets,
        }),
        pageFor: (id) => byId(id)?.requestsPage,
        allowedGroupsFor: (id) => byId(id)?.allowedGroups ?? DEFAULT_ALLOWED_GROUPS,
        isBot: (user) => botNames().includes(user),
        lookbackFor: (id) => byId(id)?.requestsLookback ?? DEFAULT_REQUESTS_LOOKBACK,
        ...(o.now ? { now: o.now } : {}),
      }),
    referee: (store) =>
      makeRefereeRunner({
        wiki: {
          botNames: botNames(),
          readPages: (titles, ro) => client.readPages([...titles], ro),
          save: (title, transform, so) => client.save(title, transform, { ...so, ...(o.dryRun ? { dryRun: true } : {}) }),
          history: wiki.requests.history,
          userGroups: wiki.requests.userGroups,
          purge: (titles) => client.purge(titles),
        },
        games: games
          .filter((g) => hasReferee(g.kind))
          .map((g) => ({
            id: g.id,
            kind: g.kind,
            ruleset: g.ruleset,
            gamestate: g.gamestate,
            actionsPage: g.actionsPage,
            statusPage: g.statusPage,
            lookback: g.requestsLookback,
            rulingsPage: g.rulingsPage,
            allowedGroups: g.allowedGroups,
          })),
        store,
        rulesets,
        ...(o.now ? { now: o.now } : {}),
      }),
    status: (s) =>
      makeStatusPublisher({
        wiki: wiki.status,
        pageFor: (id) => byId(id)?.statusPage,
        recentRuns: async (id) => (await s.read()).runs.filter((r) => r.game === id),
        wikiWarning: () => o.client.versionWarning,
      }),
    shutoff: makeShutoff(
      {
        readOptional: async (title) => {
          const page = (await client.readPages([title], { allowMissing: true })).get(title);
          return page?.missing ? undefined : page?.text;
        },
      },
      config.wiki.shutoff,
    ),
    // A dry run writes nothing, the store included: it does not look for reverts (a pause it found would not be kept).
    ...(o.dryRun || o.client.names[0] === undefined
      ? {}
      : {
          reverts: (store) => {
            knowReverts(o.client, store);
            return (id) => checkReverts(store, o.client, id, revertablePages(byId(id)!), o.client.names[0]!, (o.now ?? (() => new Date()))());
          },
        }),
    ...(config.alert ? { alert: alerter(config.alert.command, (m) => logger.warn(m)) } : {}),
    heartbeatGraceMs: config.daemon.heartbeatGraceSeconds * 1000,
    ...(tickPages ? { tickPages } : {}),
    ...(o.now ? { now: o.now } : {}),
    ...(o.graceMs !== undefined ? { graceMs: o.graceMs } : {}),
    ...(o.handleSignals !== undefined ? { handleSignals: o.handleSignals } : {}),
  };
}
