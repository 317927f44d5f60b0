import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../../../test/support/fake-api.js';
import { OpsApiPaths, OpsClientPaths } from '../../../contract/ops.js';
import { OpsMessages } from '../../../contract/ops-messages.js';
import { loginPathWith } from '../../session/login-notice.js';
import LoginPage from './LoginPage.js';

function renderLogin(path: string = OpsClientPaths.login) {
  const router = createMemoryRouter(
    [
      { path: OpsClientPaths.login, element: <LoginPage /> },
      { path: OpsClientPaths.root, element: <h1>Console</h1> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

async function signIn(code: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(OpsMessages.login.email), 'rita@ops.example');
  await user.type(screen.getByLabelText(OpsMessages.login.password), 'Str0ng!pass');
  await user.type(screen.getByLabelText(OpsMessages.login.code), code);
  await user.click(screen.getByRole('button', { name: OpsMessages.login.submit }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/ops/login', () => {
  it("shows the server's refusal and stays", async () => {
    const seen = fakeApi(() =>
      json(401, {
        status: 'error',
        code: 'bad_credentials',
        message: OpsMessages.login.badCredentials,
      }),
    );
    const router = renderLogin();
    await signIn('123456');
    expect(await screen.findByText(OpsMessages.login.badCredentials)).toHaveAttribute(
      'role',
      'alert',
    );
    expect(router.state.location.pathname).toBe(OpsClientPaths.login);
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({
      email: 'rita@ops.example',
      password: 'Str0ng!pass',
      code: '123456',
    });
  });

  it('refuses a code that is not 6 digits before asking the server', async () => {
    const seen = fakeApi(() => json(500, {}));
    renderLogin();
    await signIn('12ab');
    expect(screen.getByLabelText(OpsMessages.login.code)).toHaveAttribute('aria-invalid', 'true');
    expect(seen).toHaveLength(0);
  });

  it('goes into the console once signed in', async () => {
    fakeApi((request) =>
      request.url === OpsApiPaths.session
        ? json(200, { operator: { id: 'op-1', email: 'rita@ops.example', role: 'reviewer' } })
        : json(404, {}),
    );
    const router = renderLogin();
    await signIn('123456');
    expect(await screen.findByRole('heading', { name: 'Console' })).toBeVisible();
    expect(router.state.location.pathname).toBe(OpsClientPaths.root);
  });

  it.each([
    ['enrolled', OpsMessages.enroll.done],
    ['ended', OpsMessages.login.sessionEnded],
  ] as const)('says why the operator is here (%s)', (notice, text) => {
    renderLogin(loginPathWith(notice));
    expect(screen.getByRole('status')).toHaveTextContent(text);
  });
});
