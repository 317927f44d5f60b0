import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt, testBrand } from '../../../../test/support/brand.js';
import { appResponse } from '../../../../test/support/app-response.js';
import { usageAnswer } from '../../../../test/support/usage-answer.js';
import { fakeApi, json } from '../../../../test/support/fake-api.js';
import { ApiPaths } from '../../../contract/api-paths.js';
import { Messages } from '../../../contract/messages.js';
import { maskApiKey } from '../../../contract/rules.js';
import { UsageMessages } from '../../../contract/usage.js';
import { ConnectSessionMessages } from '../../../contract/connect-sessions-text.js';
import { ClientPaths, updateAppPath } from '../../../contract/routes.js';
import { BrandProvider } from '../../brand.js';
import { formatTime } from '../../ui/format-time.js';
import { StorageKeys } from '../../session/storage.js';
import UpdateAppPage from './UpdateAppPage.js';
import { ConnectSessionPaths } from '../../../contract/connect-session-paths.js';
import { AppSectionPaths } from '../../../contract/app-section-paths.js';

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: ClientPaths.updateApp, element: <UpdateAppPage /> }], {
    initialEntries: [updateAppPath('app-1')],
  });
  render(
    <BrandProvider brand={testBrand}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </BrandProvider>,
  );
}

beforeEach(() => localStorage.setItem(StorageKeys.accessToken, fakeJwt(2_000_000_000)));
afterEach(() => vi.unstubAllGlobals());

describe('the update screen before its app is shown', () => {
  it('says it is loading under its own title, then shows a failure with a retry', async () => {
    let calls = 0;
    fakeApi(() => {
      calls += 1;
      return json(404, { status: 'error', code: 'not_found', message: Messages.apps.notFound });
    });
    renderPage();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      Messages.screens.updateAppTitle,
    );
    expect(screen.getByRole('status')).toHaveTextContent(Messages.screens.loadingApp);
    expect(await screen.findByRole('alert')).toHaveTextContent(Messages.apps.notFound);
    expect(screen.getByRole('heading', { level: 1 })).not.toHaveTextContent(
      Messages.screens.myApps,
    );
    await userEvent.click(screen.getByRole('button', { name: Messages.screens.retry }));
    expect(calls).toBe(2);
  });

  it('while loading keeps the layout: Go Back, the title, the key tile and the form around a status', () => {
    fakeApi(() => new Response(new ReadableStream()));
    renderPage();
    expect(screen.getByRole('link', { name: Messages.screens.goBack })).toBeVisible();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      Messages.screens.updateAppTitle,
    );
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(Messages.screens.loadingApp);
    // The loaded screen's boxes (CSS module classes, unscoped in these tests), still empty.
    const layout = status.closest('.layout');
    expect(layout?.querySelector(':scope > .tile')).not.toBeNull();
    expect(status.closest('.form')?.parentElement).toBe(layout);
  });
});

// The form's, the postbacks section's and the usage section's code is imported on demand; on the shared 2-core
// machines its first import (transformed by Vitest) can take longer than findBy's default second.
const CODE_LOAD = { timeout: 10_000 };

const KEY = 'livekey-0123456789-abcdefghijklmnopqrstuvw';
const APP = appResponse('app-1', KEY);

/** No client signed in through Connect today. */
const NO_CONNECT_SESSIONS = json(200, {
  status: 'success',
  message: ConnectSessionMessages.listed,
  sessions: [],
});

/**
 * The server for one app's screen: the caller's address, a quiet usage window, no Connect
 * session, and `app`.
 */
function answerWith(app: typeof APP) {
  fakeApi((request) =>
    request.url === ApiPaths.myIp
      ? json(200, { status: 'success', message: '', ip: '203.0.113.9' })
      : request.url === AppSectionPaths.usage(APP.applicationId)
        ? json(200, usageAnswer('24h'))
        : request.url === ConnectSessionPaths.list(APP.applicationId)
          ? NO_CONNECT_SESSIONS.clone()
          : json(200, app),
  );
}

describe('the update screen once its app is loaded (decision 034)', () => {
  it(
    'shows the heading and the key tile, then the form, the postbacks, usage and Connect sessions sections as their code comes',
    async () => {
      const seen = fakeApi((request) => {
        if (request.url === ApiPaths.myIp) {
          return json(200, { status: 'success', message: '', ip: '203.0.113.9' });
        }
        if (request.url === AppSectionPaths.usage(APP.applicationId)) {
          return json(200, usageAnswer('24h', [{ allowed: 3, refused: 0, reasons: [] }]));
        }
        if (request.url === ConnectSessionPaths.list(APP.applicationId)) {
          return NO_CONNECT_SESSIONS.clone();
        }
        return json(200, APP);
      });
      // The status switch measures itself; jsdom has no ResizeObserver.
      vi.stubGlobal(
        'ResizeObserver',
        class {
          observe() {}
          unobserve() {}
          disconnect() {}
        },
      );
      renderPage();
      expect(
        await screen.findByRole('heading', { level: 1, name: APP.applicationName }),
      ).toBeVisible();
      expect(screen.getByRole('complementary', { name: 'Keys' })).toHaveTextContent(
        maskApiKey(KEY),
      );
      expect(await screen.findByRole('textbox', { name: 'App name*' }, CODE_LOAD)).toHaveValue(
        APP.applicationName,
      );
      expect(
        await screen.findByRole('button', { name: Messages.screens.save }, CODE_LOAD),
      ).toBeVisible();
      expect(
        await screen.findByRole('region', { name: Messages.postbacks.title }, CODE_LOAD),
      ).toBeVisible();
      const usage = await screen.findByRole('region', { name: UsageMessages.title }, CODE_LOAD);
      expect(await within(usage).findByRole('img', {}, CODE_LOAD)).toHaveAccessibleName(
        `${UsageMessages.chartTitle['24h']}: ${UsageMessages.chartSummary(3, 0)}`,
      );
      expect(
        seen.find((request) => request.url === AppSectionPaths.usage(APP.applicationId))?.search,
      ).toBe('?window=24h');
      const connect = screen.getByRole('region', { name: ConnectSessionMessages.title });
      expect(
        await within(connect).findByText(ConnectSessionMessages.empty, {}, CODE_LOAD),
      ).toBeVisible();
      expect(screen.queryByText(Messages.screens.loadingApp)).toBeNull();
    },
    3 * CODE_LOAD.timeout,
  );

  it("shows an operator's hold with the reason, the status switch disabled", async () => {
    const reason = 'Orders from this app breach the exchange rules.';
    const held = { ...APP, isActive: false, operatorHold: { reason, since: APP.renewalDate } };
    answerWith(held);
    renderPage();
    const toggle = await screen.findByRole(
      'switch',
      { name: Messages.screens.appStatus },
      CODE_LOAD,
    );
    expect(toggle).toBeDisabled();
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(
      `${Messages.app.statusPaused} ${Messages.app.heldNotice(reason)}`,
    );
    expect(screen.getByText(Messages.app.heldNotice(reason))).toBeVisible();
  });

  it("shows the provider's block with the reason, the status switch and the key roll disabled", async () => {
    const reason = 'Runaway orders flood the exchange.';
    const since = '2026-11-28T10:00:00.000Z';
    const blocked = { ...APP, block: { scope: 'application' as const, reason, since } };
    answerWith(blocked);
    renderPage();
    const notice = Messages.app.blockedNotice(reason, formatTime(since));
    expect(await screen.findByText(notice, {}, CODE_LOAD)).toBeVisible();
    const roll = screen.getByRole('button', { name: Messages.keys.roll });
    expect(roll).toBeDisabled();
    expect(roll).toHaveAccessibleDescription(notice);
    const toggle = await screen.findByRole(
      'switch',
      { name: Messages.screens.appStatus },
      CODE_LOAD,
    );
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAccessibleDescription(`${Messages.app.statusActive} ${notice}`);
    expect(screen.getByRole('button', { name: Messages.screens.save })).toBeVisible();
  });

  it('names the icon by the name it was chosen with, never by the stored hash', async () => {
    const logoUrl = '/uploads/logos/16f728a0.png';
    answerWith({ ...APP, logoUrl, logoName: 'momentum-icon.png', description: 'Buys\nSells' });
    renderPage();
    const save = await screen.findByRole('button', { name: Messages.screens.save }, CODE_LOAD);
    const form = save.closest('form');
    if (form === null) throw new Error('Save outside its form');
    // The contract's last 12 characters, the whole name on hover.
    expect(within(form).getByText('tum-icon.png')).toHaveAttribute('title', 'momentum-icon.png');
    expect(within(form).queryByText(/16f728a0/)).toBeNull();
    const description = screen.getByRole('textbox', { name: 'Description' });
    expect(description).toHaveValue('Buys\nSells');
    expect(description).toHaveAccessibleDescription(Messages.app.descriptionCount(10));
  });

  it('calls an icon stored without its name the current icon', async () => {
    answerWith({ ...APP, logoUrl: '/uploads/logos/16f728a0.png', logoName: null });
    renderPage();
    const save = await screen.findByRole('button', { name: Messages.screens.save }, CODE_LOAD);
    const form = save.closest('form');
    if (form === null) throw new Error('Save outside its form');
    expect(within(form).getByText(Messages.app.logoCurrent)).toBeVisible();
    expect(within(form).queryByText(/16f728a0/)).toBeNull();
  });

  it("says when the block is on every application of the developer's account", async () => {
    const reason = 'Unpaid dues.';
    const since = '2026-11-28T10:00:00.000Z';
    const blocked = { ...APP, block: { scope: 'developer' as const, reason, since } };
    answerWith(blocked);
    renderPage();
    expect(
      await screen.findByText(
        Messages.app.developerBlockedNotice(reason, formatTime(since)),
        {},
        CODE_LOAD,
      ),
    ).toBeVisible();
  });
});
