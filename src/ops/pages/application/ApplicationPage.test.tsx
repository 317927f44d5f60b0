import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../../../test/support/fake-api.js';
import { renderOpsPage } from '../../../../test/support/ops-page.js';
import { OPS_APPLICATION } from '../../../../test/support/ops-records.js';
import {
  OpsApiPaths,
  OpsClientPaths,
  opsApplicationPath,
  opsDeveloperPath,
} from '../../../contract/ops.js';
import { OpsMessages } from '../../../contract/ops-messages.js';
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
    expect(await screen.findByRole('heading', { level: 1, name: 'Momentum bot' })).toBeVisible();
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
});
