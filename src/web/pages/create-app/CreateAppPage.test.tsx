import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify/unstyled';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt, testBrand } from '../../../../test/support/brand.js';
import { fakeApi, json } from '../../../../test/support/fake-api.js';
import { ApiPaths } from '../../../contract/api-paths.js';
import { classifyIpEntries, IpCheckRequestSchema } from '../../../contract/ip-check.js';
import { Messages } from '../../../contract/messages.js';
import { ClientPaths } from '../../../contract/routes.js';
import { ApiError } from '../../api/api-error.js';
import { appsApi } from '../../api/apps-api.js';
import { BrandProvider } from '../../brand.js';
import { StorageKeys } from '../../session/storage.js';
import { CreateAppForm } from './CreateAppForm.js';
import CreateAppPage from './CreateAppPage.js';

// The form's code is imported on demand; on the shared 2-core machines its first import
// (transformed by Vitest) can take longer than findBy's default second.
const CODE_LOAD = { timeout: 10_000 };
// Typing into the whole form after that load, on the same machines.
const FORM_TEST_MS = 30_000;

beforeEach(() => localStorage.setItem(StorageKeys.accessToken, fakeJwt(2_000_000_000)));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

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

  it('describes the Algo ID field by its note, beside it', async () => {
    fakeApi(() => json(200, { status: 'success', message: '', ip: '203.0.113.9' }));
    const router = createMemoryRouter(
      [{ path: ClientPaths.createApp, element: <CreateAppPage /> }],
      { initialEntries: [ClientPaths.createApp] },
    );
    render(
      <BrandProvider brand={testBrand}>
        <QueryClientProvider client={new QueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </BrandProvider>,
    );
    const algoId = await screen.findByRole('textbox', { name: 'Algo ID' }, CODE_LOAD);
    expect(algoId).toHaveAccessibleDescription(Messages.app.algoIdHint);
  });
});

/** The form with the notices area, its IP calls answered as for IPs nobody else uses. */
async function renderForm() {
  fakeApi((request) => {
    if (request.url === ApiPaths.myIp) {
      return json(200, { status: 'success', message: Messages.ips.myIpFound, ip: '203.0.113.9' });
    }
    const { ips } = IpCheckRequestSchema.parse(JSON.parse(request.body));
    const results = classifyIpEntries(ips, new Set(), new Set());
    return json(200, { status: 'success', message: Messages.ips.checked, results });
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <BrandProvider brand={testBrand}>
      <QueryClientProvider client={queryClient}>
        <CreateAppForm />
        <ToastContainer />
      </QueryClientProvider>
    </BrandProvider>,
  );
  await userEvent.type(await screen.findByRole('textbox', { name: 'App name*' }, CODE_LOAD), 'Bot');
  await userEvent.type(
    screen.getByRole('textbox', { name: `${Messages.app.clientIdLabel(testBrand.productName)}*` }),
    'AB1234',
  );
  await userEvent.type(screen.getByRole('textbox', { name: 'Redirect URL*' }), 'bot.example.com');
}

describe('the family-members confirmation (docs/product.md section 2.7)', () => {
  it(
    'is not asked for while no IP is listed',
    async () => {
      await renderForm();
      expect(screen.getByRole('button', { name: 'Create' })).toBeEnabled();
      expect(screen.queryByText(Messages.ips.confirmOwnOrFamily)).toBeNull();
    },
    FORM_TEST_MS,
  );

  it(
    'says beside the box and on the button why Create waits once an IP is listed',
    async () => {
      await renderForm();
      await userEvent.type(screen.getByLabelText('IP address 1', { exact: true }), '198.51.100.7');
      const create = screen.getByRole('button', { name: 'Create' });
      expect(create).toBeDisabled();
      expect(screen.getByText(Messages.ips.confirmOwnOrFamily)).toBeVisible();
      expect(create).toHaveAccessibleDescription(Messages.ips.confirmOwnOrFamily);

      await userEvent.click(screen.getByRole('checkbox', { name: Messages.ips.ownOrFamily }));
      expect(create).toBeEnabled();
      expect(screen.queryByText(Messages.ips.confirmOwnOrFamily)).toBeNull();
      expect(create).not.toHaveAccessibleDescription(Messages.ips.confirmOwnOrFamily);
    },
    FORM_TEST_MS,
  );
});

describe('the description (docs/product.md section 5)', () => {
  it(
    'takes several lines, with its count to the limit, and sends them as typed',
    async () => {
      await renderForm();
      const description = screen.getByRole('textbox', { name: 'Description' });
      expect(description).toHaveAccessibleDescription(Messages.app.descriptionCount(0));
      await userEvent.type(description, 'Buys{Enter}Sells');
      expect(description).toHaveAccessibleDescription(Messages.app.descriptionCount(10));
      const create = vi.spyOn(appsApi, 'create').mockReturnValue(new Promise(() => undefined));
      await userEvent.click(screen.getByRole('button', { name: 'Create' }));
      expect(create.mock.calls[0]?.[0].get('description')).toBe('Buys\nSells');
    },
    FORM_TEST_MS,
  );
});

describe('a refused create', () => {
  it(
    'shows the refusal as a notice and leaves Create usable',
    async () => {
      await renderForm();
      const refusal = Messages.apps.tooManyApps(20);
      const create = vi
        .spyOn(appsApi, 'create')
        .mockRejectedValue(new ApiError(409, refusal, { code: 'too_many_applications' }));
      await userEvent.click(screen.getByRole('button', { name: 'Create' }));
      expect(await screen.findByText(refusal)).toBeVisible();
      expect(create).toHaveBeenCalledTimes(1);
      expect(screen.getByRole('button', { name: 'Create' })).toBeEnabled();
    },
    FORM_TEST_MS,
  );
});
