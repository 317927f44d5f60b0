import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt, testBrand } from '../../../../test/support/brand.js';
import { fakeApi, json } from '../../../../test/support/fake-api.js';
import { Messages } from '../../../contract/messages.js';
import { ClientPaths } from '../../../contract/routes.js';
import { BrandProvider } from '../../brand.js';
import { StorageKeys } from '../../session/storage.js';
import CreateAppPage from './CreateAppPage.js';

// The form's code is imported on demand; on the shared 2-core machines its first import
// (transformed by Vitest) can take longer than findBy's default second.
const CODE_LOAD = { timeout: 10_000 };

beforeEach(() => localStorage.setItem(StorageKeys.accessToken, fakeJwt(2_000_000_000)));
afterEach(() => vi.unstubAllGlobals());

describe('the create screen (decision 034)', () => {
  it('shows its title at once, then the form once its code has come', async () => {
    fakeApi(() => json(200, { status: 'success', message: '', ip: '203.0.113.9' }));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const router = createMemoryRouter(
      [{ path: ClientPaths.createApp, element: <CreateAppPage /> }],
      { initialEntries: [ClientPaths.createApp] },
    );
    render(
      <BrandProvider brand={testBrand}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </BrandProvider>,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      Messages.screens.createAppTitle,
    );
    expect(await screen.findByRole('textbox', { name: 'App name*' }, CODE_LOAD)).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Create' })).toBeDisabled();
  });
});
