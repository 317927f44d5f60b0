import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Messages } from '../contract/messages.js';
import { testBrand } from '../../test/support/brand.js';
import { BrandProvider } from './brand.js';
import { createRoutes, rootRedirect } from './routes.js';

describe('rootRedirect (docs/product.md section 2, the root row)', () => {
  it.each([
    ['', '/login'],
    ['?other=1', '/login'],
    ['?loc=https://www.oldbroker.com/x', '/login?loc=https%3A%2F%2Fwww.oldbroker.com%2Fx'],
    ['?loc=OLDBROKER.IN', '/login?loc=OLDBROKER.IN'],
    ['?loc=https://example.org', null],
    ['?loc=', null],
  ])('%s -> %s', (search, target) => {
    expect(rootRedirect(search, testBrand)).toBe(target);
  });
});

function renderAt(path: string) {
  const router = createMemoryRouter(createRoutes(testBrand), { initialEntries: [path] });
  render(
    <BrandProvider brand={testBrand}>
      <RouterProvider router={router} />
    </BrandProvider>,
  );
  return router;
}

describe('the route table', () => {
  it('sends the root with a legacy loc to /login keeping loc', async () => {
    const router = renderAt('/?loc=oldbroker.com');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?loc=oldbroker.com');
  });

  it('stays on the root with another loc and sets the page meta', async () => {
    const router = renderAt('/?loc=partner.example');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Acme Trade Developer Portal' }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/');
    await waitFor(() => expect(document.title).toBe('Developer Portal | Acme Trade Developers'));
    expect(document.querySelector('link[rel="canonical"]')).toHaveAttribute(
      'href',
      'https://portal.example.com/',
    );
    expect(document.querySelector('meta[name="title"]')).toHaveAttribute('content', document.title);
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toContain(
      'Build trading & investing platforms',
    );
  });

  it('shows a not-found screen with the current path as canonical for other paths', async () => {
    renderAt('/nowhere');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Page not found | Acme Trade Developers'));
    expect(document.querySelector('link[rel="canonical"]')).toHaveAttribute(
      'href',
      'https://portal.example.com/nowhere',
    );
  });
});

describe('the login route', () => {
  it('opens the rebranding notice for a legacy loc', async () => {
    renderAt('/login?loc=https://www.oldbroker.in/');
    // The notice is its own chunk after the route's (decision 029): two imports to wait for.
    expect(
      await screen.findByRole(
        'heading',
        { level: 2, name: /We have rebranded/ },
        { timeout: 5_000 },
      ),
    ).toBeVisible();
    expect(screen.getByText('trade.example.com')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Okay! got it' })).toBeVisible();
  });
});

describe('a screen that fails', () => {
  it('shows its error inside the layout, header and footer kept, with a reload', async () => {
    const chunkGone = new TypeError('Failed to fetch dynamically imported module');
    const routes = createRoutes(testBrand);
    // The real table, with one screen whose code chunk is gone after a deploy.
    routes[0]?.children?.[0]?.children?.unshift({
      path: '/gone',
      lazy: () => Promise.reject(chunkGone),
    });
    const router = createMemoryRouter(routes, { initialEntries: ['/gone'] });
    render(
      <BrandProvider brand={testBrand}>
        <RouterProvider router={router} />
      </BrandProvider>,
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Something went wrong' }),
    ).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Footer' })).toBeVisible();
    expect(screen.getByRole('banner')).toBeVisible();
    const reload = vi.fn();
    Object.defineProperty(window, 'location', {
      configurable: true,
      value: { origin: window.location.origin, reload },
    });
    await userEvent.click(screen.getByRole('button', { name: Messages.screens.reloadPage }));
    expect(reload).toHaveBeenCalledOnce();
  });
});
