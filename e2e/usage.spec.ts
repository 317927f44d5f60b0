import type { APIRequestContext } from '@playwright/test';
import { InternalPaths } from '../src/contract/api-paths.js';
import { gatewayMessage, GatewayHeaders } from '../src/contract/gateway.js';
import { UsageMessages, UsageReasonLabels, type UsageResponse } from '../src/contract/usage.js';
import { createVerifiedDeveloper } from './support/accounts.js';
import { accessTokenOf, appByApi, createAppByApi, freshIp, openSignedIn } from './support/apps.js';
import { expect, expectNoAxeViolations, test } from './support/fixtures.js';
import { e2eGatewayUrl } from './support/server-env.js';
import { AppSectionPaths } from '../src/contract/app-section-paths.js';

// The update screen's Usage section (docs/product.md section 2.8, docs/gateway.md "Usage"):
// calls made through the gateway check's own port, as a broker's gateway makes them, show on the
// screen after the next flush (GATEWAY_USAGE_FLUSH_MS, 200 ms for the e2e server): allowed and
// refused, the refusal's reason and the refused address. Axe clean at desktop and phone widths.

const AFTER_LOAD = { timeout: 15_000 };

/** One call of the forward-auth check, with the headers NGINX's auth_request sends. */
async function checkCall(key: string, ip: string): Promise<number> {
  const response = await fetch(`${e2eGatewayUrl()}${InternalPaths.gatewayCheck}`, {
    headers: { [GatewayHeaders.apiKey]: key, 'x-real-ip': ip },
  });
  return response.status;
}

/** The application's usage over 24 hours, as the screen asks for it. */
async function usageOf(request: APIRequestContext, token: string, id: string) {
  const response = await request.get(`${AppSectionPaths.usage(id)}?window=24h`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await response.json()) as UsageResponse;
}

for (const width of [1280, 390] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('calls through the gateway show as allowed and refused, with the reason and the address', async ({
      page,
      request,
    }) => {
      const developer = await createVerifiedDeveloper(request);
      const token = await accessTokenOf(request, developer.email, developer.password);
      const listed = freshIp();
      const stranger = freshIp();
      const id = await createAppByApi(request, token, { name: 'Usage bot', ips: [listed] });
      const key = (await appByApi(request, token, id)).secret;

      // The check learns of the new application within its refresh (GATEWAY_REFRESH_MS); a key
      // it does not know yet counts for no application.
      await expect.poll(() => checkCall(key, listed)).toBe(200);
      expect([
        await checkCall(key, listed),
        await checkCall(key, listed),
        await checkCall(key, stranger),
      ]).toEqual([200, 200, 403]);
      // The counts reach the database with the next flush, a fraction of a second later.
      await expect
        .poll(async () => (await usageOf(request, token, id)).buckets.at(-1)?.refused)
        .toBe(1);

      await openSignedIn(page, token, `/update-app/${id}`);
      const usage = page.getByRole('region', { name: UsageMessages.title });
      await expect(usage.getByRole('img')).toHaveAccessibleName(
        `${UsageMessages.chartTitle['24h']}: ${UsageMessages.chartSummary(3, 1)}`,
        AFTER_LOAD,
      );
      await expect(
        usage.getByRole('list', { name: UsageMessages.byReason }).getByRole('listitem'),
      ).toHaveText([`${UsageReasonLabels.address_not_allowed} 1`]);
      const refused = usage.getByRole('table', { name: UsageMessages.refusedAddresses });
      await expect(refused.getByRole('rowheader')).toHaveText([stranger]);
      await expect(refused.getByRole('cell').first()).toHaveText(
        gatewayMessage('address_not_allowed', stranger),
      );

      await usage.getByText(UsageMessages.showTable).click();
      const hours = usage.getByRole('table', { name: UsageMessages.chartTitle['24h'] });
      await expect(hours.getByRole('row').last()).toContainText(
        `31${UsageReasonLabels.address_not_allowed}: 1`,
      );
      await expectNoAxeViolations(page);

      await usage.getByRole('button', { name: UsageMessages.windows['7d'] }).click();
      await expect(usage.getByRole('img')).toHaveAccessibleName(
        `${UsageMessages.chartTitle['7d']}: ${UsageMessages.chartSummary(3, 1)}`,
      );
      await expectNoAxeViolations(page);
    });

    test('an application without calls says so', async ({ page, request }) => {
      const developer = await createVerifiedDeveloper(request);
      const token = await accessTokenOf(request, developer.email, developer.password);
      const id = await createAppByApi(request, token, { name: 'Quiet bot' });

      await openSignedIn(page, token, `/update-app/${id}`);
      const usage = page.getByRole('region', { name: UsageMessages.title });
      await expect(usage.getByText(UsageMessages.noCalls['24h'])).toBeVisible(AFTER_LOAD);
      await expect(usage.getByText(UsageMessages.noRefusedAddresses)).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}
