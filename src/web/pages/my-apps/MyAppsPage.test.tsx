import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt } from '../../../../test/support/brand.js';
import { fakeApi, json } from '../../../../test/support/fake-api.js';
import type { Application } from '../../../contract/apps.js';
import { Messages } from '../../../contract/messages.js';
import { ClientPaths } from '../../../contract/routes.js';
import { StorageKeys } from '../../session/storage.js';
import { formatDay } from '../../ui/format-time.js';
import MyAppsPage from './MyAppsPage.js';

const APP: Application = {
  applicationId: 'app-1',
  applicationName: 'Algo one',
  logoUrl: '/logos/default.png',
  logoName: null,
  callbackUrl: 'https://example.com/callback',
  postbackUrl: 'https://example.com/postback',
  allowedUsers: 'AB1234',
  isActive: true,
  secret: 'k'.repeat(32),
  keys: [{ id: 'key-1', masked: `kkkk${'•'.repeat(8)}kkkk`, expiresAt: null }],
  description: '',
  algoId: '',
  // 00:30 on 27 November in India
  renewalDate: '2026-11-26T19:00:00.000Z',
  ipChangeAllowedAt: null,
  ipRecordsWithFamilyPending: [],
  operatorHold: null,
  block: null,
};

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: ClientPaths.myApps, element: <MyAppsPage /> }], {
    initialEntries: [ClientPaths.myApps],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const zone = process.env.TZ;

beforeEach(() => {
  localStorage.setItem(StorageKeys.accessToken, fakeJwt(2_000_000_000));
  process.env.TZ = 'Asia/Kolkata';
});

afterEach(() => {
  vi.unstubAllGlobals();
  process.env.TZ = zone;
});

describe('My Apps in loading and error states', () => {
  it('offers Create New App while loading and after a failure, and a retry that shows the list', async () => {
    let calls = 0;
    fakeApi(() => {
      calls += 1;
      return calls === 1
        ? json(404, { status: 'error', code: 'not_found', message: 'Not found' })
        : json(200, [APP]);
    });
    renderPage();
    expect(screen.getByRole('link', { name: Messages.screens.createNewApp })).toBeVisible();
    expect(await screen.findByRole('alert')).toHaveTextContent('Not found');
    expect(screen.getByRole('link', { name: Messages.screens.createNewApp })).toHaveAttribute(
      'href',
      ClientPaths.createApp,
    );
    await userEvent.click(screen.getByRole('button', { name: Messages.screens.retry }));
    expect(await screen.findByRole('list', { name: 'Your apps' })).toHaveTextContent('Algo one');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('the renewal date', () => {
  it('is the date where the developer is, not the UTC date', async () => {
    expect(formatDay(APP.renewalDate)).toBe('2026-11-27');
    fakeApi(() => json(200, [APP]));
    renderPage();
    expect(await screen.findByRole('list', { name: 'Your apps' })).toHaveTextContent('2026-11-27');
  });

  it('marks an application the provider blocked, and only that one', async () => {
    const blocked: Application = {
      ...APP,
      applicationId: 'app-2',
      applicationName: 'Algo two',
      block: { scope: 'application', reason: 'Runaway orders', since: APP.renewalDate },
    };
    fakeApi(() => json(200, [APP, blocked]));
    renderPage();
    const two = await screen.findByRole('article', { name: 'Algo two' });
    expect(two).toHaveTextContent(Messages.app.blockedBadge);
    expect(screen.getByRole('article', { name: 'Algo one' })).not.toHaveTextContent(
      Messages.app.blockedBadge,
    );
  });
});

describe('the empty list (docs/product.md section 12, departures from the contract)', () => {
  it('offers Create New App once, in the empty state, not also in the title row', async () => {
    fakeApi(() => json(200, []));
    renderPage();
    expect(await screen.findByText(Messages.screens.noAppsYet)).toBeVisible();
    expect(screen.getAllByRole('link', { name: Messages.screens.createNewApp })).toHaveLength(1);
  });
});
