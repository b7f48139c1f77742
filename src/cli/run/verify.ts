import type { Command } from 'commander';
import { engineFor } from '../../games/registry.ts';
import { archiveTitle, linkedArchives, type HistoryTableSpec } from '../../games/history-archive.ts';
import { findRegion } from '../../parse/regions.ts';
import { describeReport, historyLines, verifyDraws, type HistoryLine } from '../../jobs/verify.ts';
import { EXIT, gameContext } from '../context.ts';
import { UsageError } from '../usage.ts';
import { printNotes, readSource } from '../input.ts';
import { logFormatOf } from '../options.ts';

// What `croupier verify` does (its options: src/cli/commands/verify.ts).

export interface VerifyCliOptions {
  game?: string;
  config?: string;
  phase?: string;
  gamestate?: string;
  history?: string[];
  kind?: string;
  json?: boolean;
}

function parsePhase(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text)) throw new UsageError(`--phase must be a phase number (0, 1, 2…), not "${text}"`);
  return Number(text);
}

/** Recomputes the draws and prints the findings; exit 1 when one does not match. */
export async function runVerify(opts: VerifyCliOptions, command: Command): Promise<void> {
  const phase = parsePhase(opts.phase);
  let lines: HistoryLine[];
  if (opts.game === undefined) {
    if (opts.gamestate === undefined && opts.history === undefined)
      throw new UsageError('give --game <id>, or --gamestate <file> (and --history <file>… for archived rows)');
    let spec: HistoryTableSpec;
    try {
      spec = engineFor(opts.kind ?? 'cycle16').history;
    } catch (err) {
      throw new UsageError((err as Error).message);
    }
    lines = [];
    for (const file of [...(opts.history ?? []), ...(opts.gamestate === undefined ? [] : [opts.gamestate])]) {
      const source = await readSource(file, opts.config);
      printNotes(source);
      lines.push(...historyLines({ title: source.name, text: source.text }, spec));
    }
  } else {
    const { game, ...ctx } = await gameContext({ config: opts.config, dryRun: true, logFormat: logFormatOf(command) }, opts.game, 'game');
    const spec = engineFor(game.kind).history;
    const page = (await ctx.client.readPages([game.gamestate])).get(game.gamestate)!;
    const region = findRegion(page.text, 'history-archives', game.gamestate);
    const archives =
      region === undefined
        ? []
        : linkedArchives(region.content, game.gamestate)
            .sort((a, b) => a - b)
            .map((n) => archiveTitle(game.gamestate, n));
    const read = archives.length === 0 ? new Map() : await ctx.client.readPages(archives, { allowMissing: true });
    ctx.progress.stop();
    lines = [
      ...archives.flatMap((t) => {
        const p = read.get(t);
        return p === undefined || p.missing ? [] : historyLines({ title: t, text: p.text }, spec);
      }),
      ...historyLines({ title: game.gamestate, text: page.text }, spec),
    ];
  }
  const report = verifyDraws(lines, phase === undefined ? {} : { phase });
  console.log(opts.json ? JSON.stringify(report, null, 2) : describeReport(report));
  if (report.findings.some((f) => !f.ok)) process.exitCode = EXIT.failure;
}
