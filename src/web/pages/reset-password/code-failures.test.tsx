import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ToastContainer } from 'react-toastify/unstyled';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testBrand } from '../../../../test/support/brand.js';
import { fakeApi, json } from '../../../../test/support/fake-api.js';
import { ApiPaths } from '../../../contract/api-paths.js';
import { Messages } from '../../../contract/messages.js';
import { ClientPaths } from '../../../contract/routes.js';
import { BrandProvider } from '../../brand.js';
import { StorageKeys } from '../../session/storage.js';
import ForgotPasswordPage from '../forgot-password/ForgotPasswordPage.js';
import VerifyOtpPage from '../verify-otp/VerifyOtpPage.js';
import ResetPasswordPage from './ResetPasswordPage.js';

// docs/product.md section 12, departures from the contract: a refused code call shows the
// server's message alone (no status), and the reset screen shows its HTTP errors too.

const refused = (status: number, message: string) =>
  json(status, { status: 'error', code: 'bad_request', message });

function renderAt(path: string, page: ReactElement) {
  const router = createMemoryRouter([{ path, element: page }], { initialEntries: [path] });
  render(
    <BrandProvider brand={testBrand}>
      <RouterProvider router={router} />
      <ToastContainer />
    </BrandProvider>,
  );
}

beforeEach(() => {
  localStorage.setItem(StorageKeys.email, 'asha@example.com');
});

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('a wrong one-time code on /verify-otp', () => {
  it('marks the field with the message beside it until the code changes', async () => {
    fakeApi(() =>
      json(400, { status: 'error', code: 'code_invalid', message: Messages.auth.codeInvalid }),
    );
    renderAt(ClientPaths.verifyOtp, <VerifyOtpPage />);
    const user = userEvent.setup();
    const field = screen.getByLabelText('One-time code');
    await user.type(field, '123456');
    await user.click(screen.getByRole('button', { name: 'Validate OTP' }));
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription(Messages.auth.codeInvalid);

    await user.type(field, '{Backspace}7');
    expect(field).toHaveAttribute('aria-invalid', 'false');
    expect(field).not.toHaveAttribute('aria-describedby');
  });
});

describe('a refused code call shows the message without the status', () => {
  it('on /verify-otp', async () => {
    fakeApi(() => refused(400, Messages.auth.codeInvalid));
    renderAt(ClientPaths.verifyOtp, <VerifyOtpPage />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('One-time code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Validate OTP' }));
    expect(await screen.findByText(Messages.auth.codeInvalid)).toBeVisible();
    expect(screen.queryByText(/400/)).toBeNull();
  });

  it('on /forgot-password', async () => {
    fakeApi(() => refused(429, Messages.auth.resendTooSoon(30)));
    renderAt(ClientPaths.forgotPassword, <ForgotPasswordPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Send Code' }));
    expect(await screen.findByText(Messages.auth.resendTooSoon(30))).toBeVisible();
    expect(screen.queryByText(/429/)).toBeNull();
  });

  it('on /reset-password, where an HTTP error shows too instead of being only logged', async () => {
    const seen = fakeApi((request) =>
      request.url === ApiPaths.forgotPasswordVerify
        ? json(200, { status: 'success', message: 'Code is valid', valid: true })
        : refused(400, Messages.auth.codeExpired),
    );
    renderAt(ClientPaths.resetPassword, <ResetPasswordPage />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Code'), '123456');
    await user.type(screen.getByLabelText('New Password'), 'Str0ng!pass');
    await user.type(screen.getByLabelText('Confirm Password'), 'Str0ng!pass');
    const submit = screen.getByRole('button', { name: 'Submit' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    expect(await screen.findByText(Messages.auth.codeExpired)).toBeVisible();
    expect(screen.queryByText(/400/)).toBeNull();
    expect(seen.map((request) => request.url)).toContain(ApiPaths.forgotPasswordConfirm);
  });
});
