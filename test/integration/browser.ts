// Headless Chromium for the integration tests: Debian's `chromium` (installed by scripts/chromium.sh, as the
// local wiki's packages are by scripts/devwiki.sh), driven by puppeteer-core — no browser is downloaded.
// What a reader sees of a wiki page: its tables cell by cell, its text, its error boxes, a screenshot
// kept in artifacts/screenshots/ (gitignored; see README "Tests").
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { removeDir } from '../temp-dir.ts';
import { root } from './wiki-dirs.ts';

export const SCREENSHOTS = `${root}artifacts/screenshots`;
/** A loaded 2-core machine: a page load, a screenshot or the browser's start may take long. */
const TIMEOUT = 120_000;

export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 375, height: 740 };

/** The Chromium binary, installed with apt-get if missing (may take minutes on a fresh machine). */
export function chromiumPath(): string {
  const out = execFileSync('bash', [`${root}scripts/chromium.sh`], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], timeout: 900_000 });
  return out.trim().split('\n').at(-1)!;
}

export interface Chromium {
  browser: Browser;
  /** Closes the browser (kills the process it launched if it does not close) and removes its profile. */
  close(): Promise<void>;
}

export async function launchChromium(): Promise<Chromium> {
  const profile = mkdtempSync(join(tmpdir(), 'croupier-chromium-'));
  let browser: Browser;
  try {
    browser = await puppeteer.launch({
      executablePath: chromiumPath(),
      headless: true,
      userDataDir: profile,
      // Root has no sandbox; /dev/shm may be small in containers.
      args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu', '--no-first-run', '--font-render-hinting=none'],
      timeout: TIMEOUT,
      protocolTimeout: TIMEOUT,
    });
  } catch (err) {
    removeDir(profile);
    throw err;
  }
  const close = async () => {
    const child = browser.process();
    const closed = browser.close().then(
      () => true,
      () => false,
    );
    const inTime = await Promise.race([closed, new Promise<boolean>((r) => setTimeout(() => r(false), 30_000))]);
    // Only the process this test launched, by its PID (Chromium's helpers exit with it).
    if (!inTime && child?.pid !== undefined && child.exitCode === null) child.kill('SIGKILL');
    removeDir(profile);
  };
  return { browser, close };
}

/** One cell as the reader sees it. */
export interface SeenCell {
  text: string;
  header: boolean;
}

export interface SeenTable {
  rows: SeenCell[][];
  /** Nested in another element with this id, class or data-croupier name (closest), when any. */
  region: string | null;
}

export interface SeenPage {
  status: number;
  title: string;
  /** The rendered article's text (innerText: what a reader reads). */
  text: string;
  tables: SeenTable[];
  /** MediaWiki's error boxes and parser error messages in the article or around it. */
  errors: string[];
  /** Horizontal overflow of the whole page (document scroll width beyond the window). */
  overflow: number;
}

/**
 * Opens `url` at `viewport`, reads what a reader sees (and what `measure` finds on the page), saves a
 * full-page screenshot as artifacts/screenshots/<name>.png, and closes the tab.
 */
export async function viewPage<T = undefined>(
  browser: Browser,
  url: string,
  name: string,
  viewport = DESKTOP,
  measure?: (page: Page) => Promise<T>,
): Promise<SeenPage & { measured: T }> {
  const page = await browser.newPage();
  try {
    return await readPage(page, url, name, viewport, measure);
  } finally {
    await page.close();
  }
}

async function readPage<T>(
  page: Page,
  url: string,
  name: string,
  viewport: { width: number; height: number },
  measure?: (page: Page) => Promise<T>,
): Promise<SeenPage & { measured: T }> {
  page.setDefaultTimeout(TIMEOUT);
  page.setDefaultNavigationTimeout(TIMEOUT);
  await page.setCacheEnabled(false); // each view is the page as the wiki renders it now (never a 304)
  await page.setViewport(viewport);
  const response = await page.goto(url, { waitUntil: 'load' });
  const seen = await page.evaluate(() => {
    const article = document.querySelector('#mw-content-text .mw-parser-output') ?? document.querySelector('#mw-content-text');
    const tables = [...(article?.querySelectorAll('table') ?? [])].map((t) => ({
      rows: [...t.rows].map((r) => [...r.cells].map((c) => ({ text: (c as HTMLElement).innerText.replace(/\s+/g, ' ').trim(), header: c.tagName === 'TH' }))),
      region: t.closest('[data-croupier]')?.getAttribute('data-croupier') ?? null,
    }));
    const errors = [...document.querySelectorAll('.error, .errorbox, .mw-message-box-error, .cdx-message--error, #mw-content-text .noarticletext')].map((e) =>
      (e as HTMLElement).innerText.trim(),
    );
    return {
      title: document.title,
      text: (article as HTMLElement | null)?.innerText ?? '',
      tables,
      errors,
      overflow: document.documentElement.scrollWidth - window.innerWidth,
    };
  });
  const measured = (measure ? await measure(page) : undefined) as T;
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
  return { ...seen, status: response?.status() ?? 0, measured };
}

/** Wikitext that shows up as text when a table or a link broke. */
export const WIKITEXT_MARKERS = ['{|', '|}', '||', '|-', '[[', ']]', '{{', '}}', '<nowiki>', '</nowiki>', '~~~~', '__NOTOC__'] as const;

/** The markers of WIKITEXT_MARKERS found in `text` once the `literal` strings (names meant to show as written) are taken out. */
export function leakedMarkup(text: string, literal: readonly string[]): string[] {
  let rest = text;
  for (const l of [...literal].sort((a, b) => b.length - a.length)) rest = rest.split(l).join(' ');
  return WIKITEXT_MARKERS.filter((m) => rest.includes(m)).map((m) => `${m} in …${rest.slice(Math.max(0, rest.indexOf(m) - 40), rest.indexOf(m) + 40)}…`);
}

/** The seen table whose header row is exactly `labels` (as the wikitext writes them). */
export function tableWithHeaders(tables: readonly SeenTable[], labels: readonly string[]): SeenTable | undefined {
  const want = labels.map((l) => l.replace(/\s+/g, ' ').trim());
  return tables.find((t) => t.rows[0]?.every((c) => c.header) && t.rows[0].map((c) => c.text).join('\u0000') === want.join('\u0000'));
}

/** A data row's cell under `label`. */
export function cellUnder(table: SeenTable, row: SeenCell[], label: string): string | undefined {
  const i = table.rows[0]!.findIndex((c) => c.text === label);
  return i < 0 ? undefined : row[i]?.text;
}

export interface SeenBar {
  width: number;
  height: number;
  title: string;
}

export interface SeenChart {
  /** The chart element's box in the window, and the window's width. */
  left: number;
  right: number;
  windowWidth: number;
  /** How far the chart's content is wider than the chart (0: it fits). */
  overflow: number;
  series: {
    title: string;
    rows: { name: string; now: string; height: number; bars: SeenBar[]; goal: number | null }[];
  }[];
}

/** The chart in the element `[data-croupier=name]`: its box, and per table each row's name, bars (sizes in px) and value now. */
export async function measureChart(page: Page, name: string): Promise<SeenChart | null> {
  return page.evaluate((name) => {
    const chart = document.querySelector(`[data-croupier="${name}"]`) as HTMLElement | null;
    if (!chart) return null;
    const box = chart.getBoundingClientRect();
    const series = [...chart.querySelectorAll('table')].map((t) => ({
      title: (t.rows[0]?.cells[1] as HTMLElement | undefined)?.innerText.split(',')[0]?.trim() ?? '',
      rows: [...t.rows].slice(1).map((r) => {
        const bars = r.cells[1]!.querySelector('div[role="img"]') as HTMLElement;
        const spans = [...bars.children].filter((s) => getComputedStyle(s).position !== 'absolute') as HTMLElement[];
        const goal = [...bars.children].find((s) => getComputedStyle(s).position === 'absolute') as HTMLElement | undefined;
        const base = bars.getBoundingClientRect();
        return {
          name: (r.cells[0] as HTMLElement).innerText.trim(),
          now: (r.cells[2] as HTMLElement).innerText.trim(),
          height: base.height,
          bars: spans.map((s) => ({ width: s.getBoundingClientRect().width, height: s.getBoundingClientRect().height, title: s.title })),
          goal: goal ? base.bottom - goal.getBoundingClientRect().top : null,
        };
      }),
    }));
    return { left: box.left, right: box.right, windowWidth: window.innerWidth, overflow: chart.scrollWidth - chart.clientWidth, series };
  }, name);
}

export interface SeenLayout {
  /** The article's content box width (px). */
  contentWidth: number;
  /** How far what the article holds is wider than its content box (0: nothing in it widens the page; a table scrolling in a box of its own does not). */
  contentOverflow: number;
  /**
   * Each table of the article: its header row's text, how far its right edge passes the content's (0: within), its
   * bot region, and the box it scrolls in (its closest ancestor in the article that scrolls sideways), when it has
   * one: how far that box's right edge passes the content's.
   */
  tables: { header: string; overflow: number; region: string | null; box: { overflow: number } | null }[];
  /** Links to pages that do not exist (MediaWiki's red links, class "new"): their titles. */
  redLinks: string[];
  /** The page's full height (px). */
  height: number;
}

/** Where the article's tables end against its content box, its red links, and its height. */
export async function measureLayout(page: Page): Promise<SeenLayout> {
  return page.evaluate(() => {
    const content = (document.querySelector('#mw-content-text') as HTMLElement).getBoundingClientRect();
    const article = document.querySelector('#mw-content-text') as HTMLElement;
    const tables = [...document.querySelectorAll('#mw-content-text table')].map((t) => {
      // The closest ancestor in the article that scrolls sideways (a plain loop: no named function in page code).
      let box: HTMLElement | null = t.parentElement;
      while (box && box !== article && !/^(auto|scroll)$/.test(getComputedStyle(box).overflowX)) box = box.parentElement;
      if (box === article) box = null;
      return {
        header: ((t as HTMLTableElement).rows[0] as HTMLElement | undefined)?.innerText.replace(/\s+/g, ' ').trim() ?? '',
        overflow: Math.max(0, Math.round(Math.max(t.getBoundingClientRect().right, t.getBoundingClientRect().left + t.scrollWidth) - content.right)),
        region: t.closest('[data-croupier]')?.getAttribute('data-croupier') ?? null,
        box: box && { overflow: Math.max(0, Math.round(box.getBoundingClientRect().right - content.right)) },
      };
    });
    const redLinks = [...document.querySelectorAll('#mw-content-text a.new')].map((a) => (a as HTMLAnchorElement).title);
    return {
      contentWidth: content.width,
      contentOverflow: article.scrollWidth - article.clientWidth,
      tables,
      redLinks,
      height: document.documentElement.scrollHeight,
    };
  });
}

/** Words that say a value went missing (`null`, `undefined`, `NaN`) in `text`, outside quoted rule sentences (“…”, "…"). */
export function junkWords(text: string): string[] {
  const unquoted = text.replace(/“[^”]*”/g, ' ').replace(/"[^"\n]*"/g, ' ');
  return [...unquoted.matchAll(/\b(null|undefined|NaN)\b/g)].map((m) => `${m[1]} in …${unquoted.slice(Math.max(0, m.index - 50), m.index + 50)}…`);
}
