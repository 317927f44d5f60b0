import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse, { type Result } from 'lighthouse';
import { ClientPaths, updateAppPath } from '../../src/contract/routes.js';
import { startPortal } from '../../e2e/support/portal-process.js';
import { CHROMIUM_ARGS } from '../../e2e/support/chromium-args.js';
import { freePort } from '../../test/support/free-port.js';
import { writeFigures } from '../figures/write-figures.js';
import { signedInSession, type SignedInSession } from './signed-in-session.js';

// `npm run perf:web`: Lighthouse (mobile preset, simulated throttling) on the pages of
// docs/performance.md against the production build, the median of PERF_RUNS runs per page.

interface PerfPage {
  readonly path: (session: SignedInSession) => string;
  readonly signedIn: boolean;
}

/** The measured pages; a page the server answers 404 (a screen not built yet) is skipped. */
const PAGES: readonly PerfPage[] = [
  { path: () => ClientPaths.login, signedIn: false },
  { path: () => ClientPaths.signup, signedIn: false },
  { path: () => ClientPaths.myApps, signedIn: true },
  { path: () => ClientPaths.createApp, signedIn: true },
  { path: (session) => updateAppPath(session.applicationId), signedIn: true },
  { path: () => ClientPaths.account, signedIn: true },
  { path: () => '/activity', signedIn: true },
];

/** docs/product.md section 13. */
const BUDGET = { performance: 95, accessibility: 100, bestPractices: 100, seo: 100 } as const;

// Debian's Chromium, headless, with the browser tests' flags.
const CHROMIUM_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface Measure {
  readonly page: string;
  readonly performance: number;
  readonly accessibility: number;
  readonly bestPractices: number;
  readonly seo: number;
  readonly lcpMs: number;
  readonly tbtMs: number;
  readonly cls: number;
  readonly scriptKb: number;
  /** Audits below full marks outside performance, to say why a category missed 100. */
  readonly failing: readonly string[];
}

function score(result: Result, category: (typeof CATEGORIES)[number]): number {
  return Math.round((result.categories[category]?.score ?? 0) * 100);
}

function numeric(result: Result, audit: string): number {
  return result.audits[audit]?.numericValue ?? Number.NaN;
}

function scriptBytes(result: Result): number {
  const details = result.audits['resource-summary']?.details;
  if (details?.type !== 'table') return Number.NaN;
  const row = details.items.find((item) => item.resourceType === 'script');
  return typeof row?.transferSize === 'number' ? row.transferSize : Number.NaN;
}

function measureOf(page: string, result: Result): Measure {
  const failing = CATEGORIES.filter((category) => category !== 'performance').flatMap((category) =>
    (result.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (result.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id),
  );
  return {
    page,
    performance: score(result, 'performance'),
    accessibility: score(result, 'accessibility'),
    bestPractices: score(result, 'best-practices'),
    seo: score(result, 'seo'),
    lcpMs: numeric(result, 'largest-contentful-paint'),
    tbtMs: numeric(result, 'total-blocking-time'),
    cls: numeric(result, 'cumulative-layout-shift'),
    scriptKb: scriptBytes(result) / 1024,
    failing,
  };
}

function meetsBudget(measure: Measure): boolean {
  return (
    measure.performance >= BUDGET.performance &&
    measure.accessibility >= BUDGET.accessibility &&
    measure.bestPractices >= BUDGET.bestPractices &&
    measure.seo >= BUDGET.seo
  );
}

function cells(measure: Measure): string[] {
  return [
    `\`${measure.page}\``,
    measure.performance,
    measure.accessibility,
    measure.bestPractices,
    measure.seo,
    `${(measure.lcpMs / 1000).toFixed(1)} s`,
    `${measure.tbtMs.toFixed(0)} ms`,
    measure.cls.toFixed(3),
    `${measure.scriptKb.toFixed(0)} KB`,
    measure.failing.join(', '),
  ].map(String);
}

const row = (measure: Measure) => cells(measure).join(' | ');

const runs = Number(process.env.PERF_RUNS ?? '3');
if (!Number.isInteger(runs) || runs < 1) throw new Error('PERF_RUNS must be a whole number >= 1');

// PERF_REPORTS=<dir>: each page's median Lighthouse report as JSON there, to see the LCP
// element, the request chain and the main-thread work behind a figure.
const reportDir = process.env.PERF_REPORTS;

// PERF_PAGES=/update-app,/create-app: only the pages whose path starts with one of these, to
// measure one screen's change without the whole list (the printed figures are then partial).
const onlyPages = process.env.PERF_PAGES?.split(',').filter((prefix) => prefix !== '');

async function saveReport(dir: string, pagePath: string, report: Result): Promise<void> {
  await mkdir(dir, { recursive: true });
  const name = pagePath.replace(/^\//, '').replaceAll('/', '_') || 'root';
  await writeFile(path.join(dir, `${name}.json`), JSON.stringify(report));
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-perf-'));
const profileDir = await mkdtemp(path.join(tmpdir(), 'portal-perf-chromium-'));
const portal = await startPortal({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
const debuggingPort = await freePort();
const browserProcess = spawn(
  '/usr/bin/chromium',
  [
    ...CHROMIUM_FLAGS,
    `--remote-debugging-port=${String(debuggingPort)}`,
    `--user-data-dir=${profileDir}`,
    // A blank first tab: with the default new-tab page, connecting over CDP sometimes waited
    // for that tab until Playwright's 30 s timeout.
    'about:blank',
  ],
  { stdio: 'ignore' },
);
const loadBefore = loadavg()[0] ?? 0;
try {
  const browser = await connect(debuggingPort);
  const context = browser.contexts()[0];
  if (context === undefined) throw new Error('Chromium has no default context');
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  const session = await signedInSession(portal.baseUrl);
  const measures: Measure[] = [];
  for (const page of PAGES) {
    const pagePath = page.path(session);
    if (onlyPages !== undefined && !onlyPages.some((prefix) => pagePath.startsWith(prefix))) {
      continue;
    }
    const url = portal.baseUrl + pagePath;
    if ((await fetch(url)).status === 404) {
      console.log(`${page.path(session)}: not served (404), skipped`);
      continue;
    }
    await tab.goto(portal.baseUrl + '/favicon.svg');
    await tab.evaluate(
      (entries) => {
        localStorage.clear();
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
      },
      page.signedIn ? session.storage : {},
    );
    const results: { measure: Measure; report: Result }[] = [];
    for (let run = 0; run < runs; run += 1) {
      // A first visit each time: nothing cached, the session kept (Lighthouse's own storage
      // reset would drop the local storage that signs the developer in).
      await cdp.send('Network.clearBrowserCache');
      const answer = await lighthouse(url, {
        port: debuggingPort,
        logLevel: 'error',
        disableStorageReset: true,
        onlyCategories: [...CATEGORIES],
      });
      if (answer === undefined) throw new Error(`Lighthouse gave no result for ${url}`);
      results.push({ measure: measureOf(page.path(session), answer.lhr), report: answer.lhr });
    }
    results.sort((a, b) => a.measure.performance - b.measure.performance);
    const median = results[Math.floor(results.length / 2)];
    if (median !== undefined) {
      measures.push(median.measure);
      console.log(row(median.measure));
      if (reportDir !== undefined) await saveReport(reportDir, page.path(session), median.report);
    }
  }
  await browser.close();
  console.log(
    `\nLighthouse mobile (simulated throttling), median of ${String(runs)} runs; ` +
      `load average ${loadBefore.toFixed(1)} before, ${(loadavg()[0] ?? 0).toFixed(1)} after\n`,
  );
  console.log('page | perf | a11y | best practices | SEO | LCP | TBT | CLS | script | below 100');
  console.log('--- | --- | --- | --- | --- | --- | --- | --- | --- | ---');
  for (const measure of measures) console.log(row(measure));
  // Only a run of every page replaces docs/performance.md's figures.
  if (onlyPages === undefined) {
    await writeFigures('docs/performance.md', 'lighthouse', {
      command: `PERF_RUNS=${String(runs)} npm run perf:web`,
      columns: [
        'page',
        'perf',
        'a11y',
        'best practices',
        'SEO',
        'LCP',
        'TBT',
        'CLS',
        'script',
        'below 100',
      ],
      rows: measures.map(cells),
    });
  }
  const missed = measures.filter((measure) => !meetsBudget(measure));
  if (missed.length > 0) {
    console.error(`\nbelow the budget: ${missed.map((m) => m.page).join(', ')}`);
    process.exitCode = 1;
  }
} finally {
  browserProcess.kill();
  await portal.stop();
  await rm(dataDir, { recursive: true, force: true });
  await rm(profileDir, { recursive: true, force: true });
}

/** Connects once Chromium's debugging port answers. */
async function connect(port: number) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      return await chromium.connectOverCDP(`http://127.0.0.1:${String(port)}`);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
