import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify/unstyled';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt } from '../../../../test/support/brand.js';
import { appResponse } from '../../../../test/support/app-response.js';
import { fakeApi, json, type Seen } from '../../../../test/support/fake-api.js';
import { ApiPaths } from '../../../contract/api-paths.js';
import type { ApplicationResponse } from '../../../contract/apps.js';
import type { ApiKey } from '../../../contract/keys.js';
import { StepUpMessages } from '../../../contract/messages-step-up.js';
import { StepUpPaths } from '../../../contract/step-up.js';
import { Messages } from '../../../contract/messages.js';
import { maskApiKey } from '../../../contract/rules.js';
import { appKeys, appsApi } from '../../api/apps-api.js';
import { StorageKeys } from '../../session/storage.js';
import { formatTime } from '../../ui/format-time.js';
import { KeyTile } from './KeyTile.js';

const ID = 'app_keys';
const OLD_KEY = 'oldkey-0123456789-abcdefghijklmnopqrstuvwxy';
const NEW_KEY = 'newkey-0123456789-abcdefghijklmnopqrstuvwxy';
const CURRENT: ApiKey = { id: 'k-old', masked: maskApiKey(OLD_KEY), expiresAt: null };
const PASSWORD = 'Str0ng!Pass';

const APP: ApplicationResponse = appResponse(ID, OLD_KEY, { keys: [CURRENT] });

const GRANT_MS = 5 * 60_000;

/** The keys API: rolls with the grace asked for; reveals after a step-up with PASSWORD. */
function keysApiFake(read: ApplicationResponse = APP) {
  let app = read;
  let isSteppedUp = false;
  return fakeApi((request: Seen) => {
    if (request.method === 'GET') return json(200, app);
    if (request.url === StepUpPaths.stepUp) {
      const { password } = JSON.parse(request.body) as { password: string };
      if (password !== PASSWORD) {
        return json(401, {
          status: 'error',
          code: 'password_wrong',
          message: Messages.keys.passwordWrong,
          field: 'password',
        });
      }
      isSteppedUp = true;
      return json(200, { status: 'success', message: StepUpMessages.granted, stepUpUntil: '' });
    }
    if (request.url === ApiPaths.rollKey(ID)) {
      const { grace } = JSON.parse(request.body) as { grace: string };
      const expiresAt = grace === '1h' ? '2026-11-26T11:00:00.000Z' : '2026-11-27T10:00:00.000Z';
      const keys = [
        { id: 'k-new', masked: maskApiKey(NEW_KEY), expiresAt: null },
        { ...CURRENT, expiresAt },
      ];
      app = { ...app, secret: NEW_KEY, keys };
      return json(200, { status: 'success', message: Messages.keys.rolled, secret: NEW_KEY, keys });
    }
    if (!isSteppedUp) {
      return json(403, {
        status: 'error',
        code: 'step_up_required',
        message: StepUpMessages.passwordRequired,
        stepUpWith: 'password',
      });
    }
    return json(200, {
      status: 'success',
      message: Messages.keys.revealed,
      keys: app.keys.map((key) => ({ ...key, key: key.id === 'k-new' ? NEW_KEY : OLD_KEY })),
      revealedUntil: new Date(Date.now() + GRANT_MS).toISOString(),
    });
  });
}

function LoadedTile() {
  const app = useQuery({ queryKey: appKeys.one(ID), queryFn: () => appsApi.get(ID) });
  return app.data === undefined ? null : <KeyTile app={app.data} />;
}

async function renderTile() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <LoadedTile />
      <ToastContainer />
    </QueryClientProvider>,
  );
  return screen.findByRole('complementary', { name: 'Keys' });
}

function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=nonce.signature';
  localStorage.setItem(StorageKeys.accessToken, fakeJwt(2_000_000_000));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

// Each test walks a dialog through many role queries, which jsdom answers slowly: on the
// shared 2-core machines a walk takes 3 to 5 s, past the default 5 s under load.
const WALK = { timeout: 15_000 };

describe('KeyTile: Roll key', WALK, () => {
  it('rolls with the chosen grace and lists the new key and the old one with its end', async () => {
    const seen = keysApiFake();
    const tile = await renderTile();
    expect(within(tile).getByText(maskApiKey(OLD_KEY))).toBeVisible();

    await userEvent.click(within(tile).getByRole('button', { name: Messages.keys.roll }));
    const dialog = screen.getByRole('dialog', { name: Messages.keys.rollTitle });
    const graces = within(dialog).getByRole('group', { name: Messages.keys.graceLegend });
    expect(
      within(graces)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['now', '1h', '24h', '7d']);
    await userEvent.click(within(graces).getByRole('radio', { name: Messages.keys.grace1h }));
    await userEvent.click(within(dialog).getByRole('button', { name: Messages.keys.roll }));

    expect(await screen.findByText(Messages.keys.rolled)).toBeVisible();
    const roll = seen.find((request) => request.method === 'POST');
    expect(roll?.url).toBe(ApiPaths.rollKey(ID));
    expect(JSON.parse(roll?.body ?? '')).toEqual({ grace: '1h' });
    expect(roll?.headers.get('x-xsrf-token')).toBe('nonce.signature');
    expect(within(tile).getByText(maskApiKey(NEW_KEY))).toBeVisible();
    expect(within(tile).getByText(maskApiKey(OLD_KEY))).toBeVisible();
    expect(within(tile).getByText(Messages.keys.old)).toBeVisible();
    expect(
      within(tile).getByText(Messages.keys.stopsAt(formatTime('2026-11-26T11:00:00.000Z'))),
    ).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('KeyTile: Reveal keys and copy', WALK, () => {
  it('asks the step-up in a dialog: nothing whole after a wrong password, the keys for 5 minutes after the right one', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    keysApiFake();
    const tile = await renderTile();
    const revealButton = within(tile).getByRole('button', { name: Messages.keys.reveal });
    await user.click(revealButton);
    const dialog = await screen.findByRole('dialog', { name: StepUpMessages.title });
    const password = within(dialog).getByLabelText(StepUpMessages.passwordLabel);
    expect(password).toHaveFocus();

    await user.type(password, 'Wr0ng!Pass');
    await user.click(within(dialog).getByRole('button', { name: StepUpMessages.confirm }));
    expect(await within(dialog).findByText(Messages.keys.passwordWrong)).toBeVisible();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(within(tile).queryByText(OLD_KEY)).toBeNull();
    // The refused password is not a dead session: no refresh was tried, the tab stays.
    expect(localStorage.getItem(StorageKeys.accessToken)).not.toBeNull();

    await user.clear(password);
    await user.type(password, PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: StepUpMessages.confirm }));
    expect(await within(tile).findByText(OLD_KEY)).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(revealButton).toHaveFocus();
    expect(within(tile).getByRole('button', { name: Messages.keys.hide })).toBeVisible();

    act(() => {
      vi.advanceTimersByTime(GRANT_MS);
    });
    expect(within(tile).queryByText(OLD_KEY)).toBeNull();
    expect(within(tile).getByText(maskApiKey(OLD_KEY))).toBeVisible();
  });

  it('Escape cancels the step-up: no key shown, no error notice, focus back on Reveal', async () => {
    const seen = keysApiFake();
    const tile = await renderTile();
    const revealButton = within(tile).getByRole('button', { name: Messages.keys.reveal });
    await userEvent.click(revealButton);
    const dialog = await screen.findByRole<HTMLDialogElement>('dialog', {
      name: StepUpMessages.title,
    });

    // jsdom has no Escape for dialogs: the browser closes it so (e2e/step-up.spec.ts presses it).
    act(() => dialog.close());

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(dialog).not.toBeInTheDocument();
    expect(revealButton).toHaveFocus();
    expect(within(tile).queryByText(OLD_KEY)).toBeNull();
    expect(screen.queryByText(StepUpMessages.passwordRequired)).toBeNull();
    expect(seen.filter((request) => request.url === StepUpPaths.stepUp)).toEqual([]);
  });

  it('with masked reads (API_KEY_IN_READS=masked), Copy reveals first through the step-up', async () => {
    keysApiFake({ ...APP, secret: maskApiKey(OLD_KEY) });
    const tile = await renderTile();
    const writeText = vi.fn(() => Promise.resolve());
    stubClipboard(writeText);
    await userEvent.click(
      within(tile).getByRole('button', { name: `Copy ${Messages.screens.apiKey}` }),
    );
    const dialog = await screen.findByRole('dialog', { name: StepUpMessages.title });
    await userEvent.type(within(dialog).getByLabelText(StepUpMessages.passwordLabel), PASSWORD);
    await userEvent.click(within(dialog).getByRole('button', { name: StepUpMessages.confirm }));

    expect(await screen.findByText(Messages.copy.apiKey)).toBeVisible();
    expect(writeText).toHaveBeenCalledWith(OLD_KEY);
    expect(writeText).not.toHaveBeenCalledWith(maskApiKey(OLD_KEY));
  });

  it('copies the whole key without a reveal', async () => {
    keysApiFake();
    const tile = await renderTile();
    const writeText = vi.fn(() => Promise.resolve());
    stubClipboard(writeText);
    fireEvent.click(within(tile).getByRole('button', { name: `Copy ${Messages.screens.apiKey}` }));
    expect(await screen.findByText(Messages.copy.apiKey)).toBeVisible();
    expect(writeText).toHaveBeenCalledWith(OLD_KEY);
  });

  it('shows the whole key selected in a dialog when the clipboard is refused', async () => {
    keysApiFake();
    const tile = await renderTile();
    stubClipboard(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    fireEvent.click(within(tile).getByRole('button', { name: `Copy ${Messages.screens.apiKey}` }));

    const dialog = await screen.findByRole('dialog', { name: Messages.keys.copyFallbackTitle });
    const field = within(dialog).getByRole<HTMLInputElement>('textbox', {
      name: Messages.screens.apiKey,
    });
    expect(field).toHaveValue(OLD_KEY);
    expect(field).toHaveAttribute('readonly');
    expect(field).toHaveFocus();
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, OLD_KEY.length]);
    expect(field).toHaveAccessibleDescription(Messages.keys.copyFallbackText);

    await userEvent.click(within(dialog).getByRole('button', { name: Messages.keys.close }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
