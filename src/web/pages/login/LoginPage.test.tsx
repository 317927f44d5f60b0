import { act, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ToastContainer } from 'react-toastify/unstyled';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testBrand } from '../../../../test/support/brand.js';
import { fakeApi, json } from '../../../../test/support/fake-api.js';
import { ApiPaths } from '../../../contract/api-paths.js';
import { Limits } from '../../../contract/limits.js';
import { Messages } from '../../../contract/messages.js';
import { PasskeyMessages } from '../../../contract/messages-passkeys.js';
import { ClientPaths } from '../../../contract/routes.js';
import { BrandProvider } from '../../brand.js';
import LoginPage from './LoginPage.js';

function renderLogin(brand = testBrand) {
  const router = createMemoryRouter(
    [
      { path: ClientPaths.login, element: <LoginPage /> },
      { path: ClientPaths.verifyOtp, element: <h1>Verify</h1> },
    ],
    { initialEntries: [ClientPaths.login] },
  );
  render(
    <BrandProvider brand={brand}>
      <RouterProvider router={router} />
      <ToastContainer />
    </BrandProvider>,
  );
  return router;
}

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Email'), 'asha@example.com');
  await user.type(screen.getByLabelText('Password'), 'Str0ng!pass');
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('sign-in right after sign-up', () => {
  it('goes to /verify-otp when the resend answers 429 because a code went out a moment ago', async () => {
    const seen = fakeApi((request) =>
      request.url === ApiPaths.signin
        ? json(403, {
            status: 'error',
            code: 'developer_not_verified',
            message: Messages.login.developerNotVerified,
          })
        : json(429, {
            status: 'error',
            code: 'code_resend_too_soon',
            message: Messages.auth.resendTooSoon(45),
          }),
    );
    const router = renderLogin();
    const user = userEvent.setup();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(ClientPaths.verifyOtp));
    expect(await screen.findByText(Messages.otp.recentCodeWorks)).toBeVisible();
    expect(seen.map((r) => r.url)).toEqual([ApiPaths.signin, ApiPaths.sendConfirmation]);
  });
});

describe('the sign-in click counter', () => {
  it('disables the button after too many clicks, and enables it again after the pause', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fakeApi(() =>
      json(401, {
        status: 'error',
        code: 'bad_credentials',
        message: Messages.auth.badCredentials,
      }),
    );
    renderLogin();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await fillIn(user);
    const button = screen.getByRole('button', { name: 'Sign in' });
    for (let click = 0; click <= Limits.signInClicksAllowed; click += 1) {
      await waitFor(() => expect(button).toBeEnabled());
      await user.click(button);
    }
    expect(await screen.findByText(Messages.login.tooManyClicks)).toBeVisible();
    expect(button).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(Limits.signInClickPauseMs));
    expect(button).toBeEnabled();
  });
});

describe('sign-in by a passkey alone', () => {
  it('is offered only where the portal allows it', async () => {
    renderLogin();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(screen.queryByRole('button', { name: PasskeyMessages.signInWithPasskey })).toBeNull();
  });

  it('says so in a browser without passkeys, asking the server nothing, and stays', async () => {
    const seen = fakeApi(() => json(500, {}));
    const router = renderLogin({ ...testBrand, passkeySignIn: true });
    const user = userEvent.setup();

    await user.click(
      await screen.findByRole('button', { name: PasskeyMessages.signInWithPasskey }),
    );

    expect(await screen.findByText(PasskeyMessages.unsupported)).toBeVisible();
    expect(seen).toEqual([]);
    expect(router.state.location.pathname).toBe(ClientPaths.login);
  });
});
