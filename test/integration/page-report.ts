// A report of how the demo's four Gamestate pages look to a reader, for a closing note's before/after:
// `npx tsx test/integration/page-report.ts <index.php URL> <name prefix>` screenshots each page at 1280 and
// 375 px into artifacts/screenshots/<prefix>-<game>-<width>.png and prints, per page, its HTML weight, its
// height, the tables passing the content's edge, its red links and its junk words, as JSON.
import { DESKTOP, junkWords, launchChromium, measureLayout, PHONE, viewPage } from './browser.ts';

export const DEMO_GAMESTATES = {
  cycle16: 'Cycle 16/Gamestate',
  round10: 'Round 10/Gamestate',
  cycle15: 'Cycle 15/Gamestate',
  nomicoup: 'Nomicoup/Gamestate',
  cycle17: 'Cycle 17/Gamestate',
} as const;

async function main(index: string, prefix: string): Promise<void> {
  const chromium = await launchChromium();
  const report: Record<string, unknown> = {};
  try {
    for (const [game, title] of Object.entries(DEMO_GAMESTATES)) {
      const url = `${index}?title=${encodeURIComponent(title.replaceAll(' ', '_'))}`;
      const html = await (await fetch(url)).text();
      const wikitext = await (await fetch(`${url}&action=raw`)).text();
      for (const [viewport, w] of [
        [DESKTOP, 'desktop'],
        [PHONE, 'phone'],
      ] as const) {
        const seen = await viewPage(chromium.browser, url, `${prefix}-${game}-${w}`, viewport, measureLayout);
        report[`${game} ${w}`] = {
          htmlBytes: Buffer.byteLength(html),
          wikitextBytes: Buffer.byteLength(wikitext),
          height: seen.measured.height,
          wideTables: seen.measured.tables
            .filter((t) => t.overflow > 0)
            .map((t) => `${t.overflow} px${t.box && t.box.overflow <= 1 ? ' (scrolls in its box)' : ''}: ${t.header.slice(0, 60)}`),
          redLinks: seen.measured.redLinks,
          junk: junkWords(seen.text),
        };
      }
    }
  } finally {
    await chromium.close();
  }
  console.log(JSON.stringify(report, null, 2));
}

if (process.argv[1]?.endsWith('page-report.ts')) await main(process.argv[2]!, process.argv[3] ?? 'page');
