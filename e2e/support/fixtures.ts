import { AxeBuilder } from '@axe-core/playwright';
import { test as base, expect, type ConsoleMessage, type Page } from '@playwright/test';

export interface PortalTestOptions {
  /**
   * A test that loads an unknown path on purpose sets this: Chromium then logs "Failed to
   * load resource ... 404" for the document itself. Only that message, for a main-frame
   * document that really answered 404, is let through; every other error still fails.
   */
  allowNotFoundDocument: boolean;
}

const DOCUMENT_404 = 'Failed to load resource: the server responded with a status of 404';
const FAILED_RESOURCE = 'Failed to load resource: the server responded with a status of ';

interface FailedResponseAllowance {
  readonly path: string;
  readonly status: number;
}

export interface PortalTestFixtures {
  page: Page;
  /**
   * A test that provokes an API error on purpose (a wrong password, a wrong code) names it
   * here: Chromium logs "Failed to load resource ... status of N" for it. Only that message,
   * for that status and a resource of that path, is let through.
   */
  allowFailedResponse: (path: string, status: number) => void;
  failedResponseAllowances: FailedResponseAllowance[];
}

/**
 * `page` fails the test on any console error or uncaught page error (house rule), so a
 * CSP violation or a React warning cannot pass unnoticed.
 */
export const test = base.extend<PortalTestOptions & PortalTestFixtures>({
  allowNotFoundDocument: [false, { option: true }],
  // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
  failedResponseAllowances: async ({}, use) => {
    await use([]);
  },
  allowFailedResponse: async ({ failedResponseAllowances }, use) => {
    await use((path, status) => failedResponseAllowances.push({ path, status }));
  },
  page: async ({ page, allowNotFoundDocument, failedResponseAllowances }, use) => {
    const errors: ConsoleMessage[] = [];
    const pageErrors: string[] = [];
    const notFoundDocuments = new Set<string>();
    page.on('response', (response) => {
      const request = response.request();
      if (
        response.status() === 404 &&
        request.isNavigationRequest() &&
        request.frame() === page.mainFrame()
      ) {
        notFoundDocuments.add(response.url());
      }
    });
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message);
    });
    page.on('pageerror', (error) => pageErrors.push(`pageerror: ${error.message}`));
    await use(page);
    // Judged after the test, when every response event has arrived.
    const isAllowedFailedResponse = (message: ConsoleMessage) => {
      const url = message.location().url;
      return failedResponseAllowances.some(
        ({ path, status }) =>
          message.text().startsWith(`${FAILED_RESOURCE}${status} `) &&
          URL.canParse(url) &&
          new URL(url).pathname === path,
      );
    };
    const problems = [
      ...errors
        .filter(
          (message) =>
            !(
              allowNotFoundDocument &&
              message.text().startsWith(DOCUMENT_404) &&
              notFoundDocuments.has(message.location().url)
            ),
        )
        .filter((message) => !isAllowedFailedResponse(message))
        .map((message) => `console.error: ${message.text()} (${message.location().url})`),
      ...pageErrors,
    ];
    expect(problems, 'the page logged errors').toEqual([]);
  },
});

export { expect };

/**
 * Waits until every animation that ends has ended (a notice fading in, a dialog sliding up):
 * axe judges colours as painted, and a half-faded notice fails the contrast rule. Endless
 * ones (the spinner) never settle and are not waited for.
 */
async function animationsSettled(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
}

/** Runs axe (WCAG 2.1 A and AA and best practices) and expects no violation. */
export async function expectNoAxeViolations(page: Page) {
  await animationsSettled(page);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(summary, 'axe violations').toEqual([]);
}
