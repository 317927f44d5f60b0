import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt, testBrand } from '../../../test/support/brand.js';
import { fakeApi, json } from '../../../test/support/fake-api.js';
import { ApiPaths } from '../../contract/api-paths.js';
import { UserAttributeNames, type AuthResponse } from '../../contract/auth.js';
import { Messages } from '../../contract/messages.js';
import { PLACE_HEADER } from '../../contract/sessions.js';
import { authApi, isChallenge } from '../api/auth-api.js';
import { BrandProvider } from '../brand.js';
import CreateAppPage from '../pages/create-app/CreateAppPage.js';
import { storeSession } from '../session/session.js';
import { StorageKeys } from '../session/storage.js';
import { logout } from './Header.js';

function signedIn(id: string, email: string, refreshToken: string): AuthResponse {
  const attributes: Record<string, string> = { sub: id, name: 'Dev', email };
  return {
    status: 'success',
    message: Messages.login.success,
    profile: {
      UserAttributes: UserAttributeNames.map((name) => ({
        Name: name,
        Value: attributes[name] ?? '',
      })),
    },
    user_status: {
      AuthenticationResult: {
        AccessToken: fakeJwt(Math.floor(Date.now() / 1000) + 900),
        RefreshToken: refreshToken,
        ExpiresIn: 900,
        TokenType: 'Bearer',
      },
    },
  };
}

const assignSpy = vi.fn();

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=nonce.signature';
  Object.defineProperty(window, 'location', {
    configurable: true,
    value: { origin: window.location.origin, assign: assignSpy },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('logout on a shared browser', () => {
  it("revokes the refresh token and leaves nothing of developer A for developer B's Create", async () => {
    const a = signedIn('dev-a', 'a@example.com', 'refresh-a');
    const b = signedIn('dev-b', 'b@example.com', 'refresh-b');
    const seen = fakeApi((request) =>
      request.url === ApiPaths.signin
        ? json(200, b)
        : json(200, { status: 'success', message: Messages.auth.loggedOut }),
    );
    // Developer A arrived by the hand-off login, which stores the client code.
    storeSession(a);
    localStorage.setItem(StorageKeys.clientCode, 'A12345');

    await logout();
    expect(seen.map((r) => [r.url, r.body])).toEqual([
      [ApiPaths.logout, JSON.stringify({ refresh_token: 'refresh-a' })],
    ]);
    for (const key of Object.values(StorageKeys)) expect(localStorage.getItem(key)).toBeNull();
    expect(assignSpy).toHaveBeenCalledWith('/login');

    // Developer B signs in with a password on the same browser.
    const answer = await authApi.signin({ email: 'b@example.com', password: 'Str0ng!Pass' });
    if (isChallenge(answer)) throw new Error('no second factor was set up');
    storeSession(answer);
    expect(seen[1]?.headers.get(PLACE_HEADER)).toBe(
      Intl.DateTimeFormat().resolvedOptions().timeZone,
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <BrandProvider brand={testBrand}>
          <MemoryRouter>
            <CreateAppPage />
          </MemoryRouter>
        </BrandProvider>
      </QueryClientProvider>,
    );
    // The form's code loads after the title paints (decision 034).
    const clientId = await screen.findByRole(
      'textbox',
      { name: new RegExp(Messages.app.clientIdLabel(testBrand.productName)) },
      { timeout: 10_000 },
    );
    expect(clientId).toHaveValue('');
    expect(clientId).toBeEnabled();
    expect(JSON.parse(localStorage.getItem(StorageKeys.developer) ?? '')).toMatchObject({
      id: 'dev-b',
    });
  });
});
