import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt } from '../../../../test/support/brand.js';
import { fakeApi, json, type Seen } from '../../../../test/support/fake-api.js';
import { Messages } from '../../../contract/messages.js';
import {
  PostbackMessages,
  type PostbackEvent,
  type PostbackEventResponse,
} from '../../../contract/postbacks.js';
import { ClientPaths, postbacksPath } from '../../../contract/routes.js';
import { StorageKeys } from '../../session/storage.js';
import { formatTime } from '../../ui/format-time.js';
import PostbackLogPage from './PostbackLogPage.js';
import { AppSectionPaths } from '../../../contract/app-section-paths.js';

const ID = 'app_log';
const text = Messages.postbacks;

const DELIVERED: PostbackEvent = {
  eventId: 'ev_delivered',
  eventType: 'order.updated',
  state: 'delivered',
  isTest: true,
  createdAt: '2026-11-26T10:00:00.000Z',
  attempts: 1,
  nextAttemptAt: null,
  lastStatus: 200,
  lastLatencyMs: 35,
  attemptsSummary: [],
};
const FAILING: PostbackEvent = {
  ...DELIVERED,
  eventId: 'ev_failing',
  eventType: 'order.cancelled',
  state: 'pending',
  isTest: false,
  attempts: 2,
  nextAttemptAt: '2026-11-26T10:05:05.000Z',
  lastStatus: 500,
  lastLatencyMs: 120,
};

const DETAIL: PostbackEventResponse = {
  status: 'success',
  message: PostbackMessages.found,
  event: {
    ...FAILING,
    payload: { orderId: 'o-1' },
    attemptsLog: [
      {
        number: 1,
        at: '2026-11-26T10:00:00.000Z',
        responseStatus: 500,
        latencyMs: 120,
        error: null,
        requestHeaders: { 'webhook-signature': 'v1,abc' },
        requestBody: '{"type":"order.cancelled"}',
        responseHeaders: { 'content-type': 'text/plain' },
        responseBody: 'receiver broke',
      },
    ],
  },
};

const listed = (events: PostbackEvent[]) =>
  json(200, { status: 'success', message: PostbackMessages.listed, events });

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [{ path: ClientPaths.postbacks, element: <PostbackLogPage /> }],
    {
      initialEntries: [postbacksPath(ID)],
    },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/** The log API: the list (by `list`), one event whole, replay; the app for its name. */
function logFake(list: (request: Seen) => Response) {
  return fakeApi((request) => {
    if (request.url === AppSectionPaths.log(ID)) return list(request);
    if (request.url === AppSectionPaths.event(ID, FAILING.eventId)) return json(200, DETAIL);
    if (request.url === AppSectionPaths.replay(ID, FAILING.eventId)) {
      return json(202, { status: 'success', message: PostbackMessages.replayed, state: 'pending' });
    }
    return json(404, { status: 'error', code: 'not_found', message: Messages.apps.notFound });
  });
}

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=nonce.signature';
  localStorage.setItem(StorageKeys.accessToken, fakeJwt(2_000_000_000));
});
afterEach(() => vi.unstubAllGlobals());

// Many role queries per walk, which jsdom answers slowly on the shared 2-core machines.
const WALK = { timeout: 30_000 };

describe('the postback delivery log', WALK, () => {
  it('lists the events newest first with type, local time as every screen writes it, attempts, status, latency and next retry', async () => {
    logFake(() => listed([FAILING, DELIVERED]));
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent(text.loading);
    const list = await screen.findByRole('list', { name: text.logTitle });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      `order.cancelled${text.states.pending}`,
      `order.updated${text.states.delivered}${text.test}`,
    ]);
    const first = within(items[0] as HTMLElement);
    expect(first.getByText(formatTime(FAILING.createdAt), { exact: true })).toBeVisible();
    expect(first.queryByText(/GMT/)).toBeNull();
    expect(first.getByText(text.attempts).nextElementSibling).toHaveTextContent('2');
    expect(first.getByText(text.lastStatus).nextElementSibling).toHaveTextContent('500');
    expect(first.getByText(text.latencyMs(120))).toBeVisible();
    expect(first.getByText(formatTime(FAILING.nextAttemptAt ?? ''))).toBeVisible();
    const second = within(items[1] as HTMLElement);
    expect(second.getByText(text.nextRetry).nextElementSibling).toHaveTextContent(text.none);
  });

  it('filters by status through the query string', async () => {
    const seen = logFake((request) =>
      listed(request.search === '?status=delivered' ? [DELIVERED] : [FAILING, DELIVERED]),
    );
    renderPage();
    await screen.findByRole('list', { name: text.logTitle });
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: text.filterLabel }),
      text.states.delivered,
    );
    await vi.waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(seen.some((request) => request.search === '?status=delivered')).toBe(true);
  });

  it('shows each attempt whole on Details, and the replay result in a status', async () => {
    const seen = logFake(() => listed([FAILING]));
    renderPage();
    const item = within(await screen.findByRole('listitem'));
    const details = item.getByRole('button', { name: text.details });
    expect(details).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(details);
    expect(await item.findByRole('heading', { name: text.attempt(1) })).toBeVisible();
    expect(item.getByRole('button', { name: text.hideDetails })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(item.getByLabelText(`${text.response} ${text.body}`)).toHaveTextContent(
      'receiver broke',
    );
    expect(item.getByLabelText(`${text.request} ${text.headers}`)).toHaveTextContent('v1,abc');

    await userEvent.click(item.getByRole('button', { name: text.replay }));
    expect(await item.findByText(PostbackMessages.replayed)).toHaveAttribute('role', 'status');
    const replay = seen.find(
      (request) => request.url === AppSectionPaths.replay(ID, FAILING.eventId),
    );
    expect(replay?.method).toBe('POST');
  });

  it('says when there is nothing yet', async () => {
    logFake(() => listed([]));
    renderPage();
    expect(await screen.findByText(text.empty)).toBeVisible();
  });

  it('shows a load failure with a retry that loads again', async () => {
    let calls = 0;
    logFake(() => {
      calls += 1;
      return calls === 1
        ? json(404, { status: 'error', code: 'not_found', message: Messages.apps.notFound })
        : listed([DELIVERED]);
    });
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(text.loadFailed);
    expect(alert).toHaveTextContent(Messages.apps.notFound);
    await userEvent.click(screen.getByRole('button', { name: Messages.screens.retry }));
    expect(await screen.findByRole('listitem')).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
