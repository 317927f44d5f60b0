import type { Page } from '@playwright/test';

/**
 * Holds every request of the page to `path` until the answered function is called, so a
 * test can look at a screen while its request runs.
 */
export async function holdRequests(page: Page, path: string): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      await released;
      await route.continue();
    },
  );
  return () => release();
}
