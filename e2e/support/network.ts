import type { Page } from '@playwright/test';

/**
 * Holds every request of the page to `path` until the answered function is called, so a
 * test can look at a screen while its request runs. With `atMostMs`, a held request goes on
 * by itself after that long: the web client gives up on a request after 30 s (its timeout in
 * src/web/api/http.ts), and a slow axe run must not turn a loading state into a failure.
 */
export async function holdRequests(
  page: Page,
  path: string,
  { atMostMs }: { atMostMs?: number } = {},
): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const heldLongEnough = () =>
    new Promise<void>((resolve) => {
      if (atMostMs !== undefined) setTimeout(resolve, atMostMs);
    });
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      await Promise.race([released, heldLongEnough()]);
      await route.continue();
    },
  );
  return () => release();
}
