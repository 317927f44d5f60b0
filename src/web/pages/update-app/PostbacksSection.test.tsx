import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ToastContainer } from 'react-toastify/unstyled';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt } from '../../../../test/support/brand.js';
import { fakeApi, json, type Seen } from '../../../../test/support/fake-api.js';
import { Messages } from '../../../contract/messages.js';
import { PostbackMessages, type PostbackTestResponse } from '../../../contract/postbacks.js';
import { ClientPaths, postbacksPath } from '../../../contract/routes.js';
import { StorageKeys } from '../../session/storage.js';
import { PostbacksSection } from './PostbacksSection.js';
import { AppSectionPaths } from '../../../contract/app-section-paths.js';
import { StepUpMessages } from '../../../contract/messages-step-up.js';
import { StepUpPaths } from '../../../contract/step-up.js';

const ID = 'app_pb';
const text = Messages.postbacks;
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const SIGNATURE = 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=';

const SENT: PostbackTestResponse = {
  status: 'success',
  message: PostbackMessages.tested,
  eventId: 'ev_1',
  ok: true,
  responseStatus: 200,
  latencyMs: 42,
  responseBody: '{"status":"ok"}',
  error: null,
  signatureHeaders: {
    'webhook-id': 'ev_1',
    'webhook-timestamp': '1795000000',
    'webhook-signature': SIGNATURE,
  },
};

function renderSection() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: ClientPaths.updateApp, element: <PostbacksSection applicationId={ID} /> },
      { path: ClientPaths.postbacks, element: <h1>log</h1> },
    ],
    { initialEntries: [`/update-app/${ID}`] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ToastContainer />
    </QueryClientProvider>,
  );
  return { section: screen.getByRole('region', { name: text.title }), router };
}

/** The postbacks API: the test route answers `test`; roll and reveal answer secrets. */
/** The section's calls; the secret's reveal asks a step-up by code first (a developer with a factor). */
function postbacksFake(test: (request: Seen) => Response) {
  let isSteppedUp = false;
  return fakeApi((request) => {
    if (request.url === AppSectionPaths.test(ID)) return test(request);
    if (request.url === StepUpPaths.stepUp) {
      isSteppedUp = true;
      return json(200, { status: 'success', message: StepUpMessages.granted, stepUpUntil: '' });
    }
    if (request.url === AppSectionPaths.revealSecret(ID) && !isSteppedUp) {
      return json(403, {
        status: 'error',
        code: 'step_up_required',
        message: StepUpMessages.required,
        stepUpWith: 'code',
      });
    }
    if (request.url === AppSectionPaths.rollSecret(ID)) {
      return json(200, {
        status: 'success',
        message: PostbackMessages.secretRolled,
        secrets: [
          { id: 's-new', masked: 'whsec_NEW1', expiresAt: null },
          { id: 's-old', masked: 'whsec_OLD1', expiresAt: '2026-11-26T11:00:00.000Z' },
        ],
      });
    }
    return json(200, {
      status: 'success',
      message: PostbackMessages.secretRevealed,
      secrets: [{ id: 's-1', masked: 'whsec_MfKQ', expiresAt: null, secret: SECRET }],
      revealedUntil: new Date(Date.now() + 300_000).toISOString(),
    });
  });
}

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=nonce.signature';
  localStorage.setItem(StorageKeys.accessToken, fakeJwt(2_000_000_000));
});
afterEach(() => vi.unstubAllGlobals());

// Dialog walks through many role queries, which jsdom answers slowly on the shared 2-core machines.
const WALK = { timeout: 30_000 };

describe('PostbacksSection: Send test postback', WALK, () => {
  it('shows the status, latency, answer and the signature headers sent, in a live region', async () => {
    const seen = postbacksFake(() => json(200, SENT));
    const { section } = renderSection();
    await userEvent.click(within(section).getByRole('button', { name: text.sendTest }));

    const heading = await within(section).findByRole('heading', { name: text.testResultTitle });
    expect(heading.closest('[aria-live="polite"]')).not.toBeNull();
    expect(within(section).getByText(text.testDelivered)).toBeVisible();
    expect(within(section).getByText(text.statusCode).nextElementSibling).toHaveTextContent('200');
    expect(within(section).getByText(text.latencyMs(42))).toBeVisible();
    expect(within(section).getByText('{"status":"ok"}')).toBeVisible();
    expect(within(section).getByText('webhook-signature')).toBeVisible();
    expect(within(section).getByText(SIGNATURE)).toBeVisible();
    const sent = seen.find((request) => request.url === AppSectionPaths.test(ID));
    expect(sent?.method).toBe('POST');
  });

  it('says what went wrong by the sender error code when there was no answer', async () => {
    postbacksFake(() =>
      json(200, { ...SENT, ok: false, responseStatus: null, error: 'blocked_address' }),
    );
    const { section } = renderSection();
    await userEvent.click(within(section).getByRole('button', { name: text.sendTest }));
    expect(await within(section).findByText(text.sendErrors.blocked_address ?? '')).toBeVisible();
    expect(within(section).getByText(text.statusCode).nextElementSibling).toHaveTextContent(
      text.noAnswer,
    );
  });

  it('asks for a postback URL first when none is saved (by the error code)', async () => {
    postbacksFake(() =>
      json(409, { status: 'error', code: 'postback_url_missing', message: 'server words' }),
    );
    const { section } = renderSection();
    await userEvent.click(within(section).getByRole('button', { name: text.sendTest }));
    expect(await within(section).findByText(text.noPostbackUrl)).toBeVisible();
    expect(within(section).queryByText('server words')).toBeNull();
  });
});

describe('PostbacksSection: secret, roll and how to verify', WALK, () => {
  it('masks the secret, reveals it after the step-up’s code, and rolls with the chosen grace', async () => {
    const seen = postbacksFake(() => json(200, SENT));
    const { section } = renderSection();
    expect(within(section).getByText(text.secretHidden)).toBeVisible();
    expect(within(section).getByText(/new Webhook\(/)).toBeVisible();

    await userEvent.click(within(section).getByRole('button', { name: text.reveal }));
    const dialog = await screen.findByRole('dialog', { name: StepUpMessages.title });
    expect(within(dialog).getByText(StepUpMessages.leadCode)).toBeVisible();
    await userEvent.type(within(dialog).getByLabelText(StepUpMessages.codeLabel), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: StepUpMessages.confirm }));
    expect(await within(section).findByText(SECRET)).toBeVisible();
    const stepUp = seen.find((request) => request.url === StepUpPaths.stepUp);
    expect(JSON.parse(stepUp?.body ?? '')).toEqual({ code: '123456' });
    const reveals = seen.filter((request) => request.url === AppSectionPaths.revealSecret(ID));
    expect(reveals.map((request) => JSON.parse(request.body) as unknown)).toEqual([{}, {}]);

    await userEvent.click(within(section).getByRole('button', { name: text.roll }));
    const roll = screen.getByRole('dialog', { name: text.rollTitle });
    const graces = within(roll).getByRole('group', { name: text.graceLegend });
    await userEvent.click(within(graces).getByRole('radio', { name: Messages.keys.grace1h }));
    await userEvent.click(within(roll).getByRole('button', { name: text.roll }));
    expect(await screen.findByText(PostbackMessages.secretRolled)).toBeVisible();
    const rolled = seen.find((request) => request.url === AppSectionPaths.rollSecret(ID));
    expect(JSON.parse(rolled?.body ?? '')).toEqual({ grace: '1h' });
    expect(within(section).getByText('whsec_NEW1')).toBeVisible();
    expect(within(section).getByText('whsec_OLD1')).toBeVisible();
    expect(within(section).getByText(text.oldSecretLabel)).toBeVisible();
    expect(within(section).queryByText(SECRET)).toBeNull();
  });

  it('links to the delivery log', async () => {
    postbacksFake(() => json(200, SENT));
    const { section, router } = renderSection();
    await userEvent.click(within(section).getByRole('link', { name: text.logLink }));
    expect(router.state.location.pathname).toBe(postbacksPath(ID));
  });
});
