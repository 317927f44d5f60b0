import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify/unstyled';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt } from '../../../../test/support/brand.js';
import { fakeApi, json } from '../../../../test/support/fake-api.js';
import { TwoFactorMessages as text } from '../../../contract/messages-two-factor.js';
import type { TwoFactorPolicy } from '../../../contract/two-factor.js';
import { StorageKeys } from '../../session/storage.js';
import { TwoFactorSection } from './TwoFactorSection.js';
import { TwoFactorPaths } from '../../../contract/two-factor-paths.js';

const CODES = Array.from({ length: 10 }, (_, n) => `abcd${String(n + 2)}-fghjk`);

/** The second-factor API: set up once the code 123456 confirms it. */
function twoFactorApiWith(policy: TwoFactorPolicy, enrolledAt: number | null = null) {
  let enrolled = enrolledAt;
  return fakeApi((request) => {
    if (request.method === 'GET') {
      return json(200, {
        status: 'success',
        message: text.title,
        policy,
        totpEnrolledAt: enrolled,
        recoveryCodesLeft: enrolled === null ? 0 : 10,
      });
    }
    if (request.url === TwoFactorPaths.totp) {
      return json(200, {
        status: 'success',
        message: text.started,
        secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        otpauthUri: 'otpauth://totp/x',
        qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
      });
    }
    const { code } = JSON.parse(request.body) as { code: string };
    if (code !== '123456') {
      return json(400, { status: 'error', code: 'code_invalid', message: text.codeWrong });
    }
    enrolled = Date.UTC(2026, 10, 29);
    return json(200, { status: 'success', message: text.enrolled, recoveryCodes: CODES });
  });
}

function renderSection() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <TwoFactorSection />
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

describe('TwoFactorSection', () => {
  it('sets up the app: QR and key, a wrong code said beside the field, then the recovery codes once', async () => {
    const seen = twoFactorApiWith('optional');
    renderSection();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: text.setUp }));

    expect(await screen.findByRole('img', { name: text.qrAlt })).toBeVisible();
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    const field = screen.getByLabelText(text.confirmCodeLabel);
    await user.type(field, '000000');
    await user.click(screen.getByRole('button', { name: text.confirm }));
    expect(await screen.findByText(text.codeWrong)).toBeVisible();
    await user.clear(field);
    await user.type(field, '123456');
    await user.click(screen.getByRole('button', { name: text.confirm }));

    const codes = await screen.findByRole('region', { name: text.recoveryTitle });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    await user.click(within(codes).getByRole('button', { name: text.recoverySaved }));
    expect(screen.queryByRole('region', { name: text.recoveryTitle })).toBeNull();
    expect(await screen.findByText(/10 of 10 recovery codes left/)).toBeVisible();
    expect(seen.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual([
      TwoFactorPaths.totp,
      TwoFactorPaths.totpConfirm,
      TwoFactorPaths.totpConfirm,
    ]);
  });

  it('says the broker requires a factor when none is set up', async () => {
    twoFactorApiWith('required');
    renderSection();
    expect(await screen.findByRole('status')).toHaveTextContent(text.required);
  });

  it('shows nothing when second factors are off', async () => {
    const seen = twoFactorApiWith('off');
    renderSection();
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    expect(screen.queryByRole('region', { name: text.title })).toBeNull();
  });

  it('removes the app with the password and a code, a wrong code said beside its field', async () => {
    const seen = fakeApi((request) => {
      if (request.method === 'GET') {
        return json(200, {
          status: 'success',
          message: text.title,
          policy: 'optional',
          totpEnrolledAt: Date.UTC(2026, 10, 1),
          recoveryCodesLeft: 7,
        });
      }
      return json(400, { status: 'error', code: 'code_invalid', message: text.codeWrong });
    });
    renderSection();
    const user = userEvent.setup();
    const remove = await screen.findByRole('form', { name: text.remove });
    await user.type(within(remove).getByLabelText(text.passwordLabel), 'Str0ng!Pass');
    await user.type(within(remove).getByLabelText(text.codeOrRecoveryLabel), '999999');
    await user.click(within(remove).getByRole('button', { name: text.remove }));

    expect(await within(remove).findByText(text.codeWrong)).toBeVisible();
    expect(screen.getByText(/7 of 10 recovery codes left/)).toBeVisible();
    expect(seen.at(-1)?.body).toBe(JSON.stringify({ password: 'Str0ng!Pass', code: '999999' }));
  });
});
