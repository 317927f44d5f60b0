import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify/unstyled';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt } from '../../../../test/support/brand.js';
import { fakeApi, json } from '../../../../test/support/fake-api.js';
import { PasskeyMessages as text } from '../../../contract/messages-passkeys.js';
import { TwoFactorMessages } from '../../../contract/messages-two-factor.js';
import { PasskeyPaths } from '../../../contract/passkey-paths.js';
import type { Passkey } from '../../../contract/passkeys.js';
import { StorageKeys } from '../../session/storage.js';
import { PasskeysSection } from './PasskeysSection.js';

vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: () => true,
  startRegistration: () =>
    Promise.resolve({ id: 'bmV3', rawId: 'bmV3', type: 'public-key', response: {} }),
  startAuthentication: () =>
    Promise.resolve({ id: 'b2xk', rawId: 'b2xk', type: 'public-key', response: {} }),
}));

const CODES = Array.from({ length: 10 }, (_, n) => `abcd${String(n + 2)}-fghjk`);
const DAY = Date.UTC(2026, 10, 29);

/** The passkey API: a list that the add and remove calls change. */
function passkeyApi(initial: Passkey[]) {
  let passkeys = initial;
  return fakeApi((request) => {
    const ok = { status: 'success', message: text.options };
    if (request.method === 'GET') return json(200, { ...ok, passkeys });
    if (
      request.url === PasskeyPaths.registerOptions ||
      request.url === PasskeyPaths.removeOptions
    ) {
      return json(200, { ...ok, options: { challenge: 'Y2hhbGxlbmdl' } });
    }
    if (request.url === PasskeyPaths.register) {
      const { name } = JSON.parse(request.body) as { name: string };
      const passkey = { credentialId: 'bmV3', name, createdAt: DAY, lastUsedAt: null };
      passkeys = [...passkeys, passkey];
      return json(200, { ...ok, message: text.addedWithCodes, passkey, recoveryCodes: CODES });
    }
    const { credentialId } = JSON.parse(request.body) as { credentialId: string };
    passkeys = passkeys.filter((p) => p.credentialId !== credentialId);
    return json(200, { status: 'success', message: text.removed });
  });
}

function renderSection() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <PasskeysSection onFactorsChanged={() => Promise.resolve()} />
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

describe('PasskeysSection', () => {
  it('adds a named passkey: the first one shows the recovery codes, then the list has it', async () => {
    const seen = passkeyApi([]);
    renderSection();
    const user = userEvent.setup();
    expect(await screen.findByText(text.none)).toBeVisible();

    await user.click(screen.getByRole('button', { name: text.add }));
    expect(screen.getByText(text.nameRequired)).toBeVisible();
    await user.type(screen.getByLabelText(text.nameLabel), 'Work laptop');
    await user.click(screen.getByRole('button', { name: text.add }));

    expect(await screen.findByText(CODES[0] ?? '')).toBeVisible();
    const added = seen.find((r) => r.url === PasskeyPaths.register && r.method === 'POST');
    expect(JSON.parse(added?.body ?? '{}')).toMatchObject({
      name: 'Work laptop',
      credential: { id: 'bmV3' },
    });
    await user.click(screen.getByRole('button', { name: TwoFactorMessages.recoverySaved }));
    expect(await screen.findByText('Work laptop')).toBeVisible();
    expect(screen.getByText(/never used/)).toBeVisible();
  });

  it('removes a passkey with the password, confirmed by a passkey when no code is typed', async () => {
    const seen = passkeyApi([
      { credentialId: 'b2xk', name: 'Old phone', createdAt: DAY, lastUsedAt: DAY },
    ]);
    renderSection();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: text.remove('Old phone') }));
    const form = screen.getByRole('form', { name: text.remove('Old phone') });
    await user.type(within(form).getByLabelText(TwoFactorMessages.passwordLabel), 'Str0ng!Pass');
    await user.click(within(form).getByRole('button', { name: text.removeConfirm }));

    expect(await screen.findByText(text.none)).toBeVisible();
    const removal = seen.find((r) => r.url === PasskeyPaths.remove);
    expect(JSON.parse(removal?.body ?? '{}')).toEqual({
      credentialId: 'b2xk',
      password: 'Str0ng!Pass',
      assertion: { id: 'b2xk', rawId: 'b2xk', type: 'public-key', response: {} },
    });
  });
});
