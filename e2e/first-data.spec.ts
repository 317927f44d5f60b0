import type { Page } from '@playwright/test';
import { ApiPaths } from '../src/contract/api-paths.js';
import { Messages } from '../src/contract/messages.js';
import { createVerifiedDeveloper } from './support/accounts.js';
import { accessTokenOf, createAppByApi, openSignedIn } from './support/apps.js';
import { expect, test } from './support/fixtures.js';
import { isPath } from './support/paths.js';

/** A signed-in screen, the calls its first paint needs, and what shows then. */
interface Screen {
  readonly path: string;
  readonly calls: readonly string[];
  readonly loaded: (page: Page, appName: string) => ReturnType<Page['getByText']>;
}

const SCREENS: readonly Screen[] = [
  {
    path: '/create-new-app',
    calls: [ApiPaths.apps],
    loaded: (page, appName) => page.getByRole('heading', { name: appName }),
  },
  {
    path: '/account',
    calls: [ApiPaths.accountProfile, ApiPaths.sessions],
    loaded: (page) => page.getByText(Messages.sessions.thisDevice),
  },
  {
    path: '/activity',
    calls: [ApiPaths.activity, ApiPaths.apps],
    loaded: (page) => page.getByRole('list', { name: Messages.activity.title }),
  },
];

// The loader and the screen ask for the same queries: the loader's request is the only one
// (decisions 042 and 043).
for (const screen of SCREENS) {
  test(`${screen.path} asks once for each call of its first paint, and shows the answer`, async ({
    page,
    request,
  }) => {
    const developer = await createVerifiedDeveloper(request);
    const token = await accessTokenOf(request, developer.email, developer.password);
    const appName = 'Early bot';
    await createAppByApi(request, token, { name: appName });
    const sent: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (screen.calls.includes(pathname)) sent.push(`${request.method()} ${pathname}`);
    });

    await openSignedIn(page, token, screen.path);
    await expect(screen.loaded(page, appName)).toBeVisible();
    expect(sent.sort()).toEqual(screen.calls.map((path) => `GET ${path}`).sort());
  });
}

test('a visitor without a session goes to /login from every signed-in screen, asking the API nothing', async ({
  page,
}) => {
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) calls.push(pathname);
  });
  for (const path of [...SCREENS.map((screen) => screen.path), '/update-app/app_unknown']) {
    await page.goto(path);
    await expect(page).toHaveURL(isPath('/login'));
  }
  expect(calls).toEqual([]);
});
