import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../../../test/support/fake-api.js';
import { renderOpsPage } from '../../../../test/support/ops-page.js';
import { OPS_APPLICATION } from '../../../../test/support/ops-records.js';
import { usageAnswer } from '../../../../test/support/usage-answer.js';
import {
  OpsApiPaths,
  OpsClientPaths,
  opsApplicationPath,
  opsDeveloperPath,
} from '../../../contract/ops.js';
import { OpsMessages } from '../../../contract/ops-messages.js';
import { UsageMessages, UsageReasonLabels } from '../../../contract/usage.js';
import ApplicationPage from './ApplicationPage.js';

const text = OpsMessages.application;
const ACTIVE = OPS_APPLICATION;

function applicationApi() {
  let answer = ACTIVE;
  return fakeApi((request) => {
    if (request.url === OpsApiPaths.applicationStatus('app_1')) {
      answer = { ...ACTIVE, application: { ...ACTIVE.application, isActive: false } };
      return json(200, { message: text.pausedDone });
    }
    if (request.url === OpsApiPaths.application('app_1')) return json(200, answer);
    if (request.url === OpsApiPaths.applicationUsage('app_1')) {
      return json(
        200,
        usageAnswer(request.search === '?window=7d' ? '7d' : '24h', [
          { allowed: 9, refused: 2, reasons: [{ reason: 'key_expired', count: 2 }] },
        ]),
      );
    }
    return json(404, { status: 'error', code: 'not_found', message: text.notFound });
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ApplicationPage', () => {
  it('shows the details, the masked keys, the IPs with their proof states and the owner', async () => {
    applicationApi();
    renderOpsPage(ApplicationPage, OpsClientPaths.application, opsApplicationPath('app_1'));
    // The first render of the file imports the page's code: past findBy's default second on
    // the shared 2-core machines.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Momentum bot' }, { timeout: 10_000 }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'asha@example.com' })).toHaveAttribute(
      'href',
      opsDeveloperPath('dev_1'),
    );
    const keys = screen.getByRole('region', { name: text.keys });
    expect(keys).toHaveTextContent('pk_live_ab12••••••••');
    const ips = screen.getByRole('list', { name: text.ips });
    expect(within(ips).getByRole('listitem')).toHaveTextContent(
      `203.0.113.7 ${text.proofStates.pending}`,
    );
  });

  it('pauses only with a reason, announces the result and shows the paused application', async () => {
    const seen = applicationApi();
    renderOpsPage(ApplicationPage, OpsClientPaths.application, opsApplicationPath('app_1'));
    await userEvent.click(await screen.findByRole('button', { name: text.pause }));
    const dialog = screen.getByRole('dialog', { name: text.pause });
    await userEvent.click(within(dialog).getByRole('button', { name: text.pause }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(text.reasonRequired);
    expect(seen.some((request) => request.method === 'POST')).toBe(false);
    await userEvent.type(within(dialog).getByLabelText(text.reason), 'Sends orders in a loop');
    await userEvent.click(within(dialog).getByRole('button', { name: text.pause }));
    expect(await screen.findByRole('status')).toHaveTextContent(text.pausedDone);
    const post = seen.find((request) => request.method === 'POST');
    expect(JSON.parse(post?.body ?? '')).toEqual({
      isActive: false,
      reason: 'Sends orders in a loop',
    });
    expect(await screen.findByRole('button', { name: text.resume })).toBeVisible();
    expect(screen.getByRole('region', { name: text.details })).toHaveTextContent(text.paused);
  });

  it("shows the application's gateway usage from the console's own call, by window", async () => {
    const seen = applicationApi();
    renderOpsPage(ApplicationPage, OpsClientPaths.application, opsApplicationPath('app_1'));
    const usage = await screen.findByRole('region', { name: UsageMessages.title });
    expect(await within(usage).findByRole('img')).toHaveAccessibleName(
      `${UsageMessages.chartTitle['24h']}: ${UsageMessages.chartSummary(9, 2)}`,
    );
    expect(within(usage).getByRole('list', { name: UsageMessages.byReason })).toHaveTextContent(
      `${UsageReasonLabels.key_expired} 2`,
    );
    await userEvent.click(within(usage).getByRole('button', { name: UsageMessages.windows['7d'] }));
    expect(await within(usage).findByRole('img', { name: /Calls per day/ })).toBeVisible();
    expect(
      seen
        .filter((request) => request.url === OpsApiPaths.applicationUsage('app_1'))
        .map((request) => request.search),
    ).toEqual(['?window=24h', '?window=7d']);
  });
});
