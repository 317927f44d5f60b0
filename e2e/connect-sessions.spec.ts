import { createHash, randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { InternalPaths } from '../src/contract/api-paths.js';
import { ConnectPaths } from '../src/contract/connect.js';
import { ConnectSessionMessages as text } from '../src/contract/connect-sessions-text.js';
import { createVerifiedDeveloper } from './support/accounts.js';
import { accessTokenOf, appByApi, createAppByApi, freshIp, openSignedIn } from './support/apps.js';
import { expect, expectNoAxeViolations, test } from './support/fixtures.js';
import { flowProviderScreen, passFlowCodeStep } from './support/screens.js';
import { e2eGatewayUrl } from './support/server-env.js';

// The update screen's Connect sessions (docs/connect.md, "Sessions"): a trading client signs
// in to the application through the whole flow in the browser (the embedded /dev/flow
// provider, the consent page), the application exchanges its code; the developer sees the
// session and ends it, and the gateway refuses the token at once. Axe clean at both widths.

const REDIRECT = 'https://bot.example.com/callback';
const AFTER_LOAD = { timeout: 15_000 };

/** The client's walk in the browser: authorize, the provider's form, Allow; the code sent back. */
async function signInInBrowser(page: Page, applicationId: string, clientCode: string) {
  const verifier = randomBytes(32).toString('base64url');
  const sentBack = new Promise<URL>((resolve) => {
    void page.route(`${REDIRECT}**`, async (route) => {
      resolve(new URL(route.request().url()));
      await route.fulfill({ contentType: 'text/plain', body: 'signed in' });
    });
  });
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: applicationId,
    redirect_uri: REDIRECT,
    state: 'e2e-state',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  });
  await page.goto(`${ConnectPaths.authorize}?${query.toString()}`);
  const provider = flowProviderScreen(page);
  await provider.clientCode.fill(clientCode);
  await provider.name.fill('Ravi Kumar');
  await provider.email.fill(`${clientCode.toLowerCase()}@example.com`);
  await provider.continue.click();
  await passFlowCodeStep(page);
  await page.getByRole('button', { name: 'Allow' }).click();
  const back = await sentBack;
  // The route answers after it has told us the URL: the page lands on the redirect only then,
  // and a navigation started before it lands is cut short by it.
  await page.waitForURL(`${REDIRECT}**`);
  expect(back.searchParams.get('state')).toBe('e2e-state');
  return { code: back.searchParams.get('code') ?? '', verifier };
}

/** One call of the gateway check with the token, from an address on the app's list. */
async function checkToken(accessToken: string, ip: string) {
  const response = await fetch(`${e2eGatewayUrl()}${InternalPaths.gatewayCheck}`, {
    headers: { authorization: `Bearer ${accessToken}`, 'x-real-ip': ip },
  });
  return `${String(response.status)} ${response.headers.get('x-deny-reason') ?? ''}`.trim();
}

for (const width of [1280, 390] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("the developer sees a client's Connect session and ends it", async ({ page, request }) => {
      const developer = await createVerifiedDeveloper(request);
      const token = await accessTokenOf(request, developer.email, developer.password);
      const ip = freshIp();
      const clientCode = `CS${String(Date.now() % 1_000_000)}`;
      const id = await createAppByApi(request, token, {
        name: 'Connect bot',
        ips: [ip],
        clientId: clientCode,
      });
      const secret = (await appByApi(request, token, id)).secret;

      const { code, verifier } = await signInInBrowser(page, id, clientCode);
      const exchanged = await request.post(ConnectPaths.token, {
        form: {
          grant_type: 'authorization_code',
          code,
          redirect_uri: REDIRECT,
          code_verifier: verifier,
          client_id: id,
          client_secret: secret,
        },
      });
      expect(exchanged.status()).toBe(200);
      const accessToken = ((await exchanged.json()) as { access_token: string }).access_token;
      await expect.poll(() => checkToken(accessToken, ip)).toBe('200');

      await openSignedIn(page, token, `/update-app/${id}`);
      const section = page.getByRole('region', { name: text.title });
      await section.scrollIntoViewIfNeeded(AFTER_LOAD);
      const table = section.getByRole('table', { name: text.title });
      await expect(table.getByRole('rowheader')).toHaveText([clientCode], AFTER_LOAD);
      await expect(table.getByRole('row').nth(1)).toContainText('127.0.0.1');
      await expectNoAxeViolations(page);

      await section.getByRole('button', { name: `${text.endSession} ${clientCode}` }).click();
      const dialog = page.getByRole('dialog', { name: text.confirmTitle });
      await expect(dialog).toContainText(text.confirmText(clientCode));
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: text.endSession }).click();

      await expect(page.getByText(text.ended)).toBeVisible();
      await expect(section.getByText(text.empty)).toBeVisible();
      await expect(section.getByRole('heading', { name: text.title })).toBeFocused();
      await expect.poll(() => checkToken(accessToken, ip)).toBe('401 token_revoked');
      await expectNoAxeViolations(page);
    });
  });
}
