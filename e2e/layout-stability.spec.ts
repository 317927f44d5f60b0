import type { Locator, Page } from '@playwright/test';
import { maskApiKey } from '../src/contract/rules.js';
import { Messages } from '../src/contract/messages.js';
import { createVerifiedDeveloper } from './support/accounts.js';
import { accessTokenOf, appByApi, createAppByApi, freshIp } from './support/apps.js';
import { expect, test } from './support/fixtures.js';
import { isPath } from './support/paths.js';
import { signInWithForm } from './support/screens.js';

// A fast first page (docs/performance.md): a signed-in screen keeps its layout while its data loads, so
// nothing moves when the data arrives (Lighthouse's cumulative layout shift, docs/performance.md).
// Each screen is loaded afresh, its API answers held back a little so the loading state is
// painted before the content, as on a slow phone network.

/** Lighthouse's "good" CLS (web.dev/cls): the screens stay below it at both widths. */
const CLS_LIMIT = 0.1;
/** How long each API answer is held: longer than a frame, so the loading state is painted. */
const API_DELAY_MS = 400;
const AFTER_LOAD = { timeout: 15_000 };

interface ShiftReport {
  readonly cls: number;
  readonly shifts: readonly string[];
}

/**
 * The page's cumulative layout shift so far: the sum of every buffered layout-shift entry
 * without recent input, each named by what moved (element, from and to), for the message.
 */
function layoutShift(page: Page): Promise<ShiftReport> {
  return page.evaluate(async () => {
    interface Rect {
      readonly x: number;
      readonly y: number;
      readonly width: number;
      readonly height: number;
    }
    interface Shift extends PerformanceEntry {
      readonly value: number;
      readonly hadRecentInput: boolean;
      readonly sources: readonly {
        readonly node: Node | null;
        readonly previousRect: Rect;
        readonly currentRect: Rect;
      }[];
    }
    const entries: Shift[] = [];
    const observer = new PerformanceObserver((list) => {
      entries.push(...(list.getEntries() as Shift[]));
    });
    observer.observe({ type: 'layout-shift', buffered: true });
    // The buffered entries arrive in a task of their own.
    await new Promise((resolve) => setTimeout(resolve, 100));
    entries.push(...(observer.takeRecords() as Shift[]));
    observer.disconnect();
    const rect = (r: Rect) =>
      `${String(Math.round(r.x))},${String(Math.round(r.y))} ${String(Math.round(r.width))}x${String(Math.round(r.height))}`;
    const name = (node: Node | null) => {
      if (!(node instanceof Element)) return node?.nodeName ?? '(gone)';
      const text = node.textContent.trim().slice(0, 30);
      return `<${node.tagName.toLowerCase()} class="${node.getAttribute('class') ?? ''}"> "${text}"`;
    };
    const counted = entries.filter((entry) => !entry.hadRecentInput);
    return {
      cls: counted.reduce((sum, entry) => sum + entry.value, 0),
      shifts: counted.map(
        (entry) =>
          `${entry.value.toFixed(3)}: ` +
          entry.sources
            .map(
              (source) =>
                `${name(source.node)} ${rect(source.previousRect)} -> ${rect(source.currentRect)}`,
            )
            .join('; '),
      ),
    };
  });
}

interface Screen {
  readonly path: string;
  /** What is on screen once the data has arrived. */
  readonly shown: (page: Page) => Promise<void>;
}

async function visible(locator: Locator) {
  await expect(locator).toBeVisible(AFTER_LOAD);
}

function screensOf(applicationId: string, appName: string, maskedKey: string): Screen[] {
  return [
    {
      path: '/create-new-app',
      shown: (page) => visible(page.getByRole('heading', { level: 2, name: appName })),
    },
    {
      path: '/create-app',
      shown: async (page) => {
        await expect(page.getByLabel('Redirect URL*')).toHaveValue('https://', AFTER_LOAD);
        await visible(page.getByRole('button', { name: 'Add IP address' }));
      },
    },
    {
      path: `/update-app/${applicationId}`,
      shown: async (page) => {
        await visible(
          page.getByRole('complementary', { name: 'Keys' }).getByText(maskedKey, { exact: true }),
        );
        await expect(page.getByRole('textbox', { name: 'App name*', exact: true })).toHaveValue(
          appName,
        );
        await visible(page.getByRole('heading', { level: 2, name: Messages.postbacks.title }));
      },
    },
    {
      path: '/account',
      shown: async (page) => {
        await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(
          'Asha Rao',
          AFTER_LOAD,
        );
        await visible(page.getByText(Messages.sessions.thisDevice));
      },
    },
    {
      path: '/activity',
      shown: (page) =>
        visible(
          page
            .getByRole('list', { name: Messages.activity.title })
            .getByText(Messages.activity.kinds['sign_in.succeeded'])
            .first(),
        ),
    },
  ];
}

for (const width of [1280, 390] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    // A sign-in and five full page loads, each with its answers held back.
    test.slow();

    test('the signed-in screens do not move when their data arrives', async ({ page, request }) => {
      const developer = await createVerifiedDeveloper(request);
      const token = await accessTokenOf(request, developer.email, developer.password);
      const appName = 'Steady bot';
      const id = await createAppByApi(request, token, { name: appName, ips: [freshIp()] });
      const maskedKey = maskApiKey((await appByApi(request, token, id)).secret);
      await page.goto('/login');
      await signInWithForm(page, developer.email, developer.password);
      await expect(page).toHaveURL(isPath('/create-new-app'), AFTER_LOAD);

      await page.route('**/api/**', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, API_DELAY_MS));
        await route.fallback();
      });
      for (const screen of screensOf(id, appName, maskedKey)) {
        await page.goto(screen.path);
        await screen.shown(page);
        await page.waitForLoadState('networkidle');
        const report = await layoutShift(page);
        expect
          .soft(report.cls, `${screen.path} at ${String(width)} px:\n${report.shifts.join('\n')}`)
          .toBeLessThan(CLS_LIMIT);
      }
    });
  });
}
