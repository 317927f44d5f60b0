import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../test/support/fake-api.js';
import { OpsApiPaths, OpsClientPaths, type Operator } from '../contract/ops.js';
import { OpsMessages } from '../contract/ops-messages.js';
import { createOpsRoutes } from './routes.js';

const reviewer: Operator = { id: 'op-1', email: 'rita@ops.example', role: 'reviewer' };
const support: Operator = { id: 'op-2', email: 'sam@ops.example', role: 'support' };
const admin: Operator = { id: 'op-3', email: 'ada@ops.example', role: 'admin' };

function openConsole(path: string) {
  const router = createMemoryRouter(createOpsRoutes(), { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

function signedInAs(operator: Operator | null) {
  return fakeApi((request) => {
    if (request.url === OpsApiPaths.session && request.method === 'GET') {
      return operator === null
        ? json(401, { status: 'error', code: 'unauthorized', message: 'Sign in.' })
        : json(200, { operator });
    }
    if (request.url === OpsApiPaths.session && request.method === 'DELETE') {
      return new Response(null, { status: 204 });
    }
    if (request.url === OpsApiPaths.proofs) return json(200, { proofs: [] });
    return json(404, { status: 'error', code: 'not_found', message: 'Not found' });
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const navNames = () =>
  within(screen.getByRole('navigation', { name: OpsMessages.nav.label }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('the console shell', () => {
  it('sends a visitor without a session to the sign-in page', async () => {
    signedInAs(null);
    const router = openConsole(OpsClientPaths.proofs);
    // The first test to load the page's module waits for its transform too.
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: OpsMessages.login.title },
        { timeout: 10_000 },
      ),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe(OpsClientPaths.login);
  });

  it.each([
    [reviewer, [OpsMessages.nav.proofs], OpsClientPaths.proofs],
    [support, [OpsMessages.nav.find], OpsClientPaths.find],
    [
      admin,
      [
        OpsMessages.nav.proofs,
        OpsMessages.nav.find,
        OpsMessages.nav.audit,
        OpsMessages.nav.operators,
      ],
      OpsClientPaths.proofs,
    ],
  ])(
    'shows $role the areas the role may use and lands on the first',
    async (operator, nav, landing) => {
      signedInAs(operator);
      const router = openConsole(OpsClientPaths.root);
      expect(
        await screen.findByText(
          OpsMessages.nav.signedInAs(operator.email, OpsMessages.roles[operator.role]),
        ),
      ).toBeVisible();
      expect(navNames()).toEqual(nav);
      await waitFor(() => expect(router.state.location.pathname).toBe(landing));
    },
  );

  it.each([OpsClientPaths.find, '/ops/developers/dev-1', '/ops/apps/app-1', OpsClientPaths.audit])(
    'tells a reviewer on %s that the role does not allow it, and calls nothing for it',
    async (path) => {
      const seen = signedInAs(reviewer);
      openConsole(path);
      expect(await screen.findByText(OpsMessages.session.forbidden)).toBeVisible();
      expect(seen.map((request) => request.url)).toEqual([OpsApiPaths.session]);
    },
  );

  it('signs out to the sign-in page, which says so', async () => {
    const seen = signedInAs(admin);
    const router = openConsole(OpsClientPaths.proofs);
    await userEvent.click(await screen.findByRole('button', { name: OpsMessages.nav.signOut }));
    expect(await screen.findByText(OpsMessages.login.signedOut)).toBeVisible();
    expect(router.state.location.pathname).toBe(OpsClientPaths.login);
    expect(seen.some((request) => request.method === 'DELETE')).toBe(true);
  });

  it('shows its not-found page for an unknown console path', async () => {
    signedInAs(admin);
    openConsole('/ops/nothing-here');
    expect(await screen.findByText(OpsMessages.shell.notFound)).toBeVisible();
  });
});
