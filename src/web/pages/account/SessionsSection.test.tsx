import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify/unstyled';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt } from '../../../../test/support/brand.js';
import { fakeApi, json, type Seen } from '../../../../test/support/fake-api.js';
import { ApiPaths } from '../../../contract/api-paths.js';
import { Messages } from '../../../contract/messages.js';
import type { Session } from '../../../contract/sessions.js';
import { StorageKeys } from '../../session/storage.js';
import { formatTime } from '../../ui/format-time.js';
import { SessionsSection } from './SessionsSection.js';

const THIS: Session = {
  id: 'session-here',
  browser: 'Chrome on Linux',
  ip: '203.0.113.7',
  place: 'Asia/Kolkata',
  signedInAt: '2026-11-20T08:00:00.000Z',
  lastUsedAt: '2026-11-26T09:30:00.000Z',
  isCurrent: true,
};
const PHONE: Session = {
  id: 'session-phone',
  browser: 'Safari on iOS',
  ip: '198.51.100.20',
  place: null,
  signedInAt: '2026-11-01T10:00:00.000Z',
  lastUsedAt: '2026-11-25T18:45:00.000Z',
  isCurrent: false,
};
const TABLET: Session = { ...PHONE, id: 'session-tablet', browser: 'Chrome on Android' };
const TOKEN = fakeJwt(2_000_000_000);

const listed = (sessions: Session[]) =>
  json(200, { status: 'success', message: Messages.sessions.listed, sessions });

/** The sessions API over the real HTTP client: answers from `live`, which writes change. */
function sessionsApiWith(initial: Session[], refuse?: (request: Seen) => Response | undefined) {
  let live = initial;
  return fakeApi((request) => {
    const refused = refuse?.(request);
    if (refused !== undefined) return refused;
    if (request.method === 'GET') return listed(live);
    if (request.url === ApiPaths.signOutOtherSessions) {
      const ended = live.filter((s) => !s.isCurrent).length;
      live = live.filter((s) => s.isCurrent);
      return json(200, {
        status: 'success',
        message: Messages.sessions.othersSignedOut(ended),
        ended,
      });
    }
    live = live.filter((s) => ApiPaths.session(s.id) !== request.url);
    return json(200, { status: 'success', message: Messages.sessions.signedOut });
  });
}

function renderSection() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <SessionsSection />
      <ToastContainer />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=nonce.signature';
  localStorage.setItem(StorageKeys.accessToken, TOKEN);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SessionsSection', () => {
  it('lists each device with browser, IP, time zone, first sign-in and last use, this one marked', async () => {
    const seen = sessionsApiWith([THIS, PHONE]);
    renderSection();
    const section = screen.getByRole('region', { name: 'Sessions' });
    expect(section).toHaveAttribute('id', 'sessions');
    const list = await within(section).findByRole('list', { name: 'Sessions' });
    const [here, phone] = within(list).getAllByRole('listitem');
    expect(here).toHaveAttribute('aria-current', 'true');
    expect(here).toHaveTextContent('Chrome on Linux');
    expect(here).toHaveTextContent(Messages.sessions.thisDevice);
    expect(here).toHaveTextContent('203.0.113.7');
    expect(within(here ?? section).getByText('Time zone').nextElementSibling).toHaveTextContent(
      'Asia/Kolkata',
    );
    expect(here).toHaveTextContent(formatTime(THIS.signedInAt));
    expect(here).toHaveTextContent(formatTime(THIS.lastUsedAt));
    expect(within(here ?? section).queryByRole('button')).toBeNull();
    expect(phone).not.toHaveAttribute('aria-current');
    expect(phone).not.toHaveTextContent(Messages.sessions.thisDevice);
    expect(phone).toHaveTextContent(Messages.sessions.unknownPlace);
    expect(
      within(phone ?? section).getByRole('button', {
        name: 'Sign out Safari on iOS, 198.51.100.20',
      }),
    ).toBeEnabled();
    expect(seen[0]?.url).toBe(ApiPaths.sessions);
    expect(seen[0]?.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
  });

  it('signs one other device out, says so, drops its row and keeps focus in the section', async () => {
    const seen = sessionsApiWith([THIS, PHONE, TABLET]);
    renderSection();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Sign out Safari on iOS, 198.51.100.20' }),
    );
    expect(await screen.findByText(Messages.sessions.signedOut)).toBeVisible();
    await vi.waitFor(() => expect(screen.queryByText('Safari on iOS')).toBeNull());
    expect(screen.getByText('Chrome on Android')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Sessions' })).toHaveFocus();
    const write = seen.find((r) => r.method === 'DELETE');
    expect(write?.url).toBe(ApiPaths.session(PHONE.id));
    expect(write?.headers.get('x-xsrf-token')).toBe('nonce.signature');
  });

  it('signs out every other device at once', async () => {
    const seen = sessionsApiWith([THIS, PHONE, TABLET]);
    renderSection();
    await userEvent.click(
      await screen.findByRole('button', { name: Messages.sessions.signOutOthers }),
    );
    expect(await screen.findByText(Messages.sessions.othersSignedOut(2))).toBeVisible();
    expect(await screen.findByText(Messages.sessions.noOthers)).toBeVisible();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: Messages.sessions.signOutOthers })).toBeNull();
    expect(seen.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual([
      ApiPaths.signOutOtherSessions,
    ]);
  });

  it("shows the server's message when a sign-out fails, and keeps the row", async () => {
    sessionsApiWith([THIS, PHONE], (request) =>
      request.method === 'DELETE'
        ? json(404, { status: 'error', message: Messages.sessions.notFound })
        : undefined,
    );
    renderSection();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Sign out Safari on iOS, 198.51.100.20' }),
    );
    expect(await screen.findByText(Messages.sessions.notFound)).toBeVisible();
    expect(screen.getByText('Safari on iOS')).toBeVisible();
  });

  it('shows why the list could not be loaded', async () => {
    sessionsApiWith([], () => json(500, { status: 'error', message: 'Internal Server Error' }));
    renderSection();
    expect(await screen.findByRole('alert')).toHaveTextContent('Internal Server Error');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
