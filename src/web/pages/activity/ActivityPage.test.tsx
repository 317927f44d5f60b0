import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify/unstyled';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt } from '../../../../test/support/brand.js';
import { fakeApi, json, type Seen } from '../../../../test/support/fake-api.js';
import type { ActivityEvent } from '../../../contract/activity.js';
import { ApiPaths } from '../../../contract/api-paths.js';
import { Messages } from '../../../contract/messages.js';
import { StorageKeys } from '../../session/storage.js';
import { formatTime } from '../../ui/format-time.js';
import ActivityPage from './ActivityPage.js';

const text = Messages.activity;
const IPS: ActivityEvent = {
  id: 'e2',
  kind: 'app.ips_changed',
  at: '2026-11-26T09:30:00.000Z',
  applicationId: 'app_1',
  ip: '203.0.113.7',
  device: 'Firefox on Linux',
  details: { applicationName: 'Bot', before: ['1.1.1.1'], after: ['1.1.1.1', '2.2.2.2'] },
};
const SIGN_IN: ActivityEvent = {
  id: 'e1',
  kind: 'sign_in.succeeded',
  at: '2026-11-26T09:00:00.000Z',
  applicationId: null,
  ip: '203.0.113.7',
  device: 'Firefox on Linux',
  details: {},
};

/** The activity API: the first page holds IPS and a cursor to the page holding SIGN_IN. */
function activityApiWith(answer?: (request: Seen) => Response | undefined) {
  return fakeApi((request) => {
    const given = answer?.(request);
    if (given !== undefined) return given;
    if (request.url === ApiPaths.apps) {
      return json(200, [{ applicationId: 'app_1', applicationName: 'Bot' }]);
    }
    const isSecond = request.search.includes('cursor=next');
    return json(200, {
      status: 'success',
      message: text.listed,
      events: isSecond ? [SIGN_IN] : [IPS],
      nextCursor: isSecond ? null : 'next',
    });
  });
}

/** An event of the list by its kind's label (the kind filter's options say the same). */
async function findEvent(label: string) {
  const list = await screen.findByRole('list', { name: text.title });
  return within(list).findByText(label);
}

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ActivityPage />
      <ToastContainer />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=nonce.signature';
  localStorage.setItem(StorageKeys.accessToken, fakeJwt(2_000_000_000));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ActivityPage', () => {
  it('lists events newest first with kind label, time, application, IP, device and details', async () => {
    activityApiWith();
    renderPage();
    const list = await screen.findByRole('list', { name: text.title });
    const [first] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent(text.kinds['app.ips_changed']);
    expect(first).toHaveTextContent(formatTime(IPS.at));
    expect(first).toHaveTextContent('Bot');
    expect(first).toHaveTextContent('203.0.113.7');
    expect(first).toHaveTextContent('Firefox on Linux');
    expect(first).toHaveTextContent('Before: 1.1.1.1');
    expect(first).toHaveTextContent('After: 1.1.1.1, 2.2.2.2');
  });

  it('pages to older events by the cursor and back to the newest', async () => {
    const seen = activityApiWith();
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: text.older }));
    expect(await findEvent(text.kinds['sign_in.succeeded'])).toBeVisible();
    expect(screen.queryByRole('button', { name: text.older })).toBeNull();
    expect(seen.at(-1)?.search).toBe('?cursor=next');
    await userEvent.click(screen.getByRole('button', { name: text.newest }));
    expect(await findEvent(text.kinds['app.ips_changed'])).toBeVisible();
  });

  it('sends the chosen application, kind and local days, and starts again from the newest', async () => {
    const seen = activityApiWith();
    renderPage();
    await screen.findByRole('option', { name: 'Bot' });
    await userEvent.selectOptions(screen.getByLabelText(text.applicationLabel), 'app_1');
    await userEvent.selectOptions(
      screen.getByLabelText(text.kindLabel),
      text.kinds['app.ips_changed'],
    );
    await userEvent.type(screen.getByLabelText(text.fromLabel), '2026-11-01');
    await userEvent.type(screen.getByLabelText(text.toLabel), '2026-11-26');
    await userEvent.click(screen.getByRole('button', { name: text.apply }));
    await vi.waitFor(() => expect(seen.at(-1)?.search).toContain('kind=app.ips_changed'));
    const query = new URLSearchParams(seen.at(-1)?.search);
    expect(query.get('applicationId')).toBe('app_1');
    expect(query.get('from')).toBe(new Date(2026, 10, 1).toISOString());
    expect(query.get('to')).toBe(new Date(2026, 10, 27).toISOString());
  });

  it("shows the server's message and a retry when the log cannot be loaded", async () => {
    let isDown = true;
    activityApiWith((request) =>
      isDown && request.url === ApiPaths.activity
        ? json(500, { status: 'error', message: 'Something went wrong' })
        : undefined,
    );
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(text.loadFailed);
    isDown = false;
    await userEvent.click(screen.getByRole('button', { name: text.retry }));
    expect(await findEvent(text.kinds['app.ips_changed'])).toBeVisible();
  });

  it('downloads the CSV of the same filters through the session layer', async () => {
    const seen = activityApiWith((request) =>
      request.url === ApiPaths.activityCsv
        ? new Response('time,event\r\n', { headers: { 'content-type': 'text/csv' } })
        : undefined,
    );
    const saved = vi.fn(() => 'blob:csv');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: saved, revokeObjectURL: vi.fn() }));
    const click = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    renderPage();
    await screen.findByRole('list', { name: text.title });
    await userEvent.click(screen.getByRole('button', { name: text.exportCsv }));
    await vi.waitFor(() => expect(click).toHaveBeenCalled());
    const csv = seen.find((request) => request.url === ApiPaths.activityCsv);
    expect(csv?.headers.get('authorization')).toMatch(/^Bearer /);
    expect(saved).toHaveBeenCalledTimes(1);
  });
});
