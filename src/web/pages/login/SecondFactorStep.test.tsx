import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ToastContainer } from 'react-toastify/unstyled';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testBrand } from '../../../../test/support/brand.js';
import { fakeApi, json } from '../../../../test/support/fake-api.js';
import { ApiPaths } from '../../../contract/api-paths.js';
import { UserAttributeNames, type AuthResponse } from '../../../contract/auth.js';
import { TwoFactorMessages } from '../../../contract/messages-two-factor.js';
import { Messages } from '../../../contract/messages.js';
import { ClientPaths } from '../../../contract/routes.js';
import { BrandProvider } from '../../brand.js';
import { StorageKeys } from '../../session/storage.js';
import LoginPage from './LoginPage.js';
import { PasskeyMessages } from '../../../contract/messages-passkeys.js';
import { PasskeyPaths } from '../../../contract/passkey-paths.js';

vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: () => true,
  startAuthentication: () =>
    Promise.resolve({ id: 'a2V5', rawId: 'a2V5', type: 'public-key', response: {} }),
}));

const CHALLENGE = {
  status: 'success',
  message: TwoFactorMessages.secondFactorNeeded,
  user_status: { ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: 'challenge-1' },
};

function signedIn(extra: Record<string, string> = {}): AuthResponse {
  return {
    status: 'success',
    message: Messages.login.success,
    profile: {
      UserAttributes: UserAttributeNames.map((name) => ({ Name: name, Value: name })),
    },
    user_status: {
      AuthenticationResult: {
        AccessToken: 'access-1',
        RefreshToken: 'refresh-1',
        ExpiresIn: 900,
        TokenType: 'Bearer',
      },
      ...extra,
    },
  };
}

function renderLogin() {
  const router = createMemoryRouter(
    [
      { path: ClientPaths.login, element: <LoginPage /> },
      { path: ClientPaths.myApps, element: <h1>My Apps</h1> },
      { path: ClientPaths.account, element: <h1>My Account</h1> },
    ],
    { initialEntries: [ClientPaths.login] },
  );
  render(
    <BrandProvider brand={testBrand}>
      <RouterProvider router={router} />
      <ToastContainer />
    </BrandProvider>,
  );
  return router;
}

async function signInWithPassword(user: ReturnType<typeof userEvent.setup>) {
  // Pasted, not typed: key by key, the whole flow ran past the test's time on a busy machine.
  await user.click(screen.getByLabelText('Email'));
  await user.paste('asha@example.com');
  await user.click(screen.getByLabelText('Password'));
  await user.paste('Str0ng!pass');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the sign-in second step', () => {
  it('asks the authenticator code after the password, says a wrong one is wrong, signs in with the right one', async () => {
    const seen = fakeApi((request) => {
      if (request.url === ApiPaths.signin) return json(200, CHALLENGE);
      return (JSON.parse(request.body) as { code: string }).code === '123456'
        ? json(200, signedIn())
        : json(400, { status: 'error', code: 'code_invalid', message: 'Wrong' });
    });
    const router = renderLogin();
    const user = userEvent.setup();
    await signInWithPassword(user);

    const code = await screen.findByLabelText(TwoFactorMessages.codeLabel);
    expect(screen.getByRole('heading', { name: TwoFactorMessages.stepTitle })).toBeVisible();
    expect(localStorage.getItem(StorageKeys.accessToken)).toBeNull();
    await user.click(code);
    await user.paste('654321');
    await user.click(screen.getByRole('button', { name: TwoFactorMessages.verify }));
    expect(await screen.findByText(TwoFactorMessages.codeWrong)).toBeVisible();
    await user.clear(code);
    await user.paste('123456');
    await user.click(screen.getByRole('button', { name: TwoFactorMessages.verify }));

    await waitFor(() => expect(router.state.location.pathname).toBe(ClientPaths.myApps));
    expect(localStorage.getItem(StorageKeys.accessToken)).toBe('access-1');
    expect(seen.map((r) => [r.url, r.body])).toEqual([
      [ApiPaths.signin, JSON.stringify({ email: 'asha@example.com', password: 'Str0ng!pass' })],
      [ApiPaths.signinSecondFactor, JSON.stringify({ session: 'challenge-1', code: '654321' })],
      [ApiPaths.signinSecondFactor, JSON.stringify({ session: 'challenge-1', code: '123456' })],
    ]);
  });

  it('takes a recovery code instead, and starts over when the challenge ran out', async () => {
    fakeApi((request) =>
      request.url === ApiPaths.signin
        ? json(200, CHALLENGE)
        : json(401, {
            status: 'error',
            code: 'second_factor_challenge_expired',
            message: TwoFactorMessages.challengeExpired,
          }),
    );
    renderLogin();
    const user = userEvent.setup();
    await signInWithPassword(user);
    await user.click(await screen.findByRole('button', { name: TwoFactorMessages.useRecovery }));
    await user.click(screen.getByLabelText(TwoFactorMessages.recoveryLabel));
    await user.paste('abcde-fghjk');
    await user.click(screen.getByRole('button', { name: TwoFactorMessages.verify }));

    expect(await screen.findByText(TwoFactorMessages.challengeExpired)).toBeVisible();
    expect(await screen.findByLabelText('Password')).toBeVisible();
  });

  it('takes a developer whose broker requires a factor to setting one up', async () => {
    fakeApi(() => json(200, signedIn({ ChallengeName: 'MFA_SETUP' })));
    const router = renderLogin();
    await signInWithPassword(userEvent.setup());
    await waitFor(() => expect(router.state.location.pathname).toBe(ClientPaths.account));
    expect(router.state.location.hash).toBe('#two-factor');
  });

  it('offers a passkey when the account has one and signs in with it', async () => {
    const seen = fakeApi((request) => {
      if (request.url === ApiPaths.signin) {
        return json(200, {
          ...CHALLENGE,
          user_status: {
            ChallengeName: 'WEB_AUTHN',
            Session: 'challenge-1',
            AvailableChallenges: ['WEB_AUTHN', 'SOFTWARE_TOKEN_MFA'],
          },
        });
      }
      if (request.url === PasskeyPaths.secondFactorOptions) {
        return json(200, { status: 'success', message: 'ok', options: { challenge: 'Yw' } });
      }
      return json(200, signedIn());
    });
    const router = renderLogin();
    const user = userEvent.setup();
    await signInWithPassword(user);

    await user.click(await screen.findByRole('button', { name: PasskeyMessages.usePasskey }));

    await waitFor(() => expect(router.state.location.pathname).toBe(ClientPaths.myApps));
    expect(seen.map((r) => [r.url, r.body]).slice(1)).toEqual([
      [PasskeyPaths.secondFactorOptions, JSON.stringify({ session: 'challenge-1' })],
      [
        PasskeyPaths.secondFactor,
        JSON.stringify({
          session: 'challenge-1',
          credential: { id: 'a2V5', rawId: 'a2V5', type: 'public-key', response: {} },
        }),
      ],
    ]);
  });

  it('offers no passkey to an account without one', async () => {
    fakeApi(() => json(200, CHALLENGE));
    renderLogin();
    await signInWithPassword(userEvent.setup());

    expect(await screen.findByLabelText(TwoFactorMessages.codeLabel)).toBeVisible();
    expect(screen.queryByRole('button', { name: PasskeyMessages.usePasskey })).toBeNull();
  });
});
