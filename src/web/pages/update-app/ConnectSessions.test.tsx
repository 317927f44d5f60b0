import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify/unstyled';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt } from '../../../../test/support/brand.js';
import { fakeApi, json } from '../../../../test/support/fake-api.js';
import {
  ConnectSessionMessages as text,
  type ConnectSession,
} from '../../../contract/connect-sessions.js';
import { StorageKeys } from '../../session/storage.js';
import { formatTime } from '../../ui/format-time.js';
import { ConnectSessions } from './ConnectSessions.js';
import { ConnectSessionPaths } from '../../../contract/connect-session-paths.js';

const APP = 'app-1';
const RAVI: ConnectSession = {
  id: 'AAAAAAAAAAAAAAAAAAAAAA',
  clientCode: 'AB1234',
  since: '2026-11-29T03:30:00.000Z',
  ip: '203.0.113.7',
};
const MEERA: ConnectSession = { ...RAVI, id: 'BBBBBBBBBBBBBBBBBBBBBB', clientCode: 'CD5678' };

/** The sessions API over the real HTTP client: answers from `live`, which an end changes. */
function sessionsApiWith(initial: ConnectSession[]) {
  let live = initial;
  return fakeApi((request) => {
    if (request.method === 'GET') {
      return json(200, { status: 'success', message: text.listed, sessions: live });
    }
    live = live.filter((s) => ConnectSessionPaths.one(APP, s.id) !== request.url);
    return json(200, { status: 'success', message: text.ended });
  });
}

function renderSection() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ConnectSessions applicationId={APP} />
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

describe('ConnectSessions', () => {
  it('lists each session with client code, since when and the address', async () => {
    sessionsApiWith([RAVI, MEERA]);
    renderSection();
    const table = await screen.findByRole('table', { name: text.title });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      `${text.clientCode}${text.since}${text.address}${text.actions}`,
      `AB1234${formatTime(RAVI.since)}203.0.113.7${text.endSession} AB1234`,
      `CD5678${formatTime(MEERA.since)}203.0.113.7${text.endSession} CD5678`,
    ]);
  });

  it('ends a session only after the confirmation, and the row goes', async () => {
    const seen = sessionsApiWith([RAVI, MEERA]);
    renderSection();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `${text.endSession} AB1234` }));
    const dialog = screen.getByRole('dialog', { name: text.confirmTitle });
    expect(dialog).toHaveTextContent(text.confirmText('AB1234'));
    await user.click(within(dialog).getByRole('button', { name: text.cancel }));
    expect(seen.filter((r) => r.method === 'DELETE')).toEqual([]);

    await user.click(screen.getByRole('button', { name: `${text.endSession} AB1234` }));
    await user.click(
      within(screen.getByRole('dialog', { name: text.confirmTitle })).getByRole('button', {
        name: text.endSession,
      }),
    );
    expect(await screen.findByText(text.ended)).toBeInTheDocument();
    expect(seen.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual([
      ConnectSessionPaths.one(APP, RAVI.id),
    ]);
    await vi.waitFor(() =>
      expect(screen.queryByRole('button', { name: `${text.endSession} AB1234` })).toBeNull(),
    );
    expect(screen.getByRole('button', { name: `${text.endSession} CD5678` })).toBeVisible();
    expect(screen.getByRole('heading', { name: text.title })).toHaveFocus();
  });

  it('says so when no client is signed in today', async () => {
    sessionsApiWith([]);
    renderSection();
    expect(await screen.findByText(text.empty)).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
