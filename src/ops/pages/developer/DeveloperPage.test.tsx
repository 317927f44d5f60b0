import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../../../test/support/fake-api.js';
import { renderOpsPage } from '../../../../test/support/ops-page.js';
import { OPS_DEVELOPER } from '../../../../test/support/ops-records.js';
import type { ActivityResponse } from '../../../contract/activity.js';
import { Messages } from '../../../contract/messages.js';
import {
  OpsApiPaths,
  OpsClientPaths,
  opsApplicationPath,
  opsDeveloperPath,
  type OpsDeveloperResponse,
} from '../../../contract/ops.js';
import { OpsMessages } from '../../../contract/ops-messages.js';
import DeveloperPage from './DeveloperPage.js';

const text = OpsMessages.developer;
const LOCKED = OPS_DEVELOPER;
const ACTIVITY: ActivityResponse = {
  status: 'success',
  message: 'Activity fetched successfully',
  events: [
    {
      id: 'e1',
      kind: 'operator.account_unlocked',
      at: '2026-11-26T09:30:00.000Z',
      applicationId: null,
      ip: null,
      device: null,
      details: { reason: 'Called the help desk' },
    },
  ],
  nextCursor: null,
};

function developerApi(developer: () => OpsDeveloperResponse) {
  return fakeApi((request) => {
    if (request.url === OpsApiPaths.developer('dev_1')) return json(200, developer());
    if (request.url === OpsApiPaths.developerActivity('dev_1')) return json(200, ACTIVITY);
    if (request.url === OpsApiPaths.unlock('dev_1')) return json(200, { message: text.unlocked });
    return json(404, { status: 'error', code: 'not_found', message: text.notFound });
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('DeveloperPage', () => {
  it('shows the profile, applications with proof states and reasons, sessions and activity', async () => {
    developerApi(() => LOCKED);
    renderOpsPage(DeveloperPage, OpsClientPaths.developer, opsDeveloperPath('dev_1'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Asha Rao' })).toBeVisible();
    expect(screen.getByText('asha@example.com')).toBeVisible();
    const apps = screen.getByRole('region', { name: text.applications });
    expect(within(apps).getByRole('link', { name: 'Momentum bot' })).toHaveAttribute(
      'href',
      opsApplicationPath('app_1'),
    );
    const ips = within(apps).getByRole('list', {
      name: `${OpsMessages.application.ips}: Momentum bot`,
    });
    const [rejected, plain] = within(ips).getAllByRole('listitem');
    expect(rejected).toHaveTextContent(OpsMessages.application.proofStates.rejected);
    expect(rejected).toHaveTextContent(OpsMessages.application.rejectionReason('Blurred scan'));
    expect(plain).toHaveTextContent(OpsMessages.application.proofStates.none);
    const sessions = screen.getByRole('region', { name: text.sessions });
    expect(within(sessions).getByRole('row', { name: /Firefox on Linux/ })).toHaveTextContent(
      '198.51.100.4',
    );
    const activity = await screen.findByRole('list', { name: Messages.activity.title });
    expect(activity).toHaveTextContent(Messages.activity.kinds['operator.account_unlocked']);
    expect(activity).toHaveTextContent(
      'Support unlocked the account. Reason: Called the help desk.',
    );
    // Verified: no resend.
    expect(screen.queryByRole('button', { name: text.resendVerification })).toBeNull();
  });

  it('unlocks with the reason given, announces the result and loads the page again', async () => {
    let developer = LOCKED;
    const seen = developerApi(() => developer);
    renderOpsPage(DeveloperPage, OpsClientPaths.developer, opsDeveloperPath('dev_1'));
    await userEvent.click(await screen.findByRole('button', { name: text.unlock }));
    const dialog = screen.getByRole('dialog', { name: text.unlock });
    await userEvent.type(within(dialog).getByLabelText(text.reasonOptional), ' Called us ');
    developer = { ...LOCKED, developer: { ...LOCKED.developer, lockedUntil: null } };
    await userEvent.click(within(dialog).getByRole('button', { name: text.unlock }));
    expect(await screen.findByRole('status')).toHaveTextContent(text.unlocked);
    const post = seen.find((request) => request.method === 'POST');
    expect(post?.url).toBe(OpsApiPaths.unlock('dev_1'));
    expect(JSON.parse(post?.body ?? '')).toEqual({ reason: 'Called us' });
    expect(await screen.findByText(text.notLocked)).toBeVisible();
    expect(screen.queryByRole('button', { name: text.unlock })).toBeNull();
  });

  it('offers the reset to a developer whose only factors are passkeys', async () => {
    const factors = OpsMessages.factors;
    developerApi(() => ({
      ...LOCKED,
      developer: {
        ...LOCKED.developer,
        factors: { authenticatorApp: false, passkeys: 2, recoveryCodesLeft: 10 },
      },
    }));
    renderOpsPage(DeveloperPage, OpsClientPaths.developer, opsDeveloperPath('dev_1'));
    const section = await screen.findByRole('region', { name: factors.title });
    expect(section).toHaveTextContent(`${factors.authenticatorApp}${factors.appNone}`);
    expect(section).toHaveTextContent(`${factors.passkeys}2`);
    expect(within(section).getByRole('button', { name: factors.reset })).toBeVisible();
  });

  it('shows the second factors and resets them only with a reason, then shows none', async () => {
    const factors = OpsMessages.factors;
    let developer = LOCKED;
    const seen = fakeApi((request) => {
      if (request.url === OpsApiPaths.developer('dev_1')) return json(200, developer);
      if (request.url === OpsApiPaths.resetFactors('dev_1')) {
        return json(200, { message: factors.resetDone });
      }
      return json(200, ACTIVITY);
    });
    renderOpsPage(DeveloperPage, OpsClientPaths.developer, opsDeveloperPath('dev_1'));
    const section = await screen.findByRole('region', { name: factors.title });
    expect(section).toHaveTextContent(`${factors.authenticatorApp}${factors.appSetUp}`);
    expect(section).toHaveTextContent(`${factors.recoveryCodesLeft}8`);

    await userEvent.click(within(section).getByRole('button', { name: factors.reset }));
    const dialog = screen.getByRole('dialog', { name: factors.reset });
    await userEvent.click(within(dialog).getByRole('button', { name: factors.reset }));
    expect(within(dialog).getByText(factors.reasonRequired)).toBeVisible();
    expect(seen.filter((request) => request.method === 'POST')).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText(factors.reason), ' Identity checked ');
    developer = {
      ...LOCKED,
      developer: {
        ...LOCKED.developer,
        factors: { authenticatorApp: false, passkeys: 0, recoveryCodesLeft: 0 },
      },
    };
    await userEvent.click(within(dialog).getByRole('button', { name: factors.reset }));

    expect(await screen.findByRole('status')).toHaveTextContent(factors.resetDone);
    const post = seen.find((request) => request.method === 'POST');
    expect(post?.url).toBe(OpsApiPaths.resetFactors('dev_1'));
    expect(JSON.parse(post?.body ?? '')).toEqual({ reason: 'Identity checked' });
    expect(await within(section).findByText(factors.appNone)).toBeVisible();
    expect(section).toHaveTextContent(`${factors.recoveryCodesLeft}0`);
    expect(within(section).queryByRole('button', { name: factors.reset })).toBeNull();
  });

  it("keeps the dialog open with the server's message when the action is refused", async () => {
    fakeApi((request) => {
      if (request.url === OpsApiPaths.developer('dev_1')) {
        return json(200, { ...LOCKED, developer: { ...LOCKED.developer, isVerified: false } });
      }
      if (request.url === OpsApiPaths.resendVerification('dev_1')) {
        return json(409, { status: 'error', code: 'conflict', message: text.alreadyVerified });
      }
      return json(200, ACTIVITY);
    });
    renderOpsPage(DeveloperPage, OpsClientPaths.developer, opsDeveloperPath('dev_1'));
    await userEvent.click(await screen.findByRole('button', { name: text.resendVerification }));
    const dialog = screen.getByRole('dialog', { name: text.resendVerification });
    await userEvent.click(within(dialog).getByRole('button', { name: text.resendVerification }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(text.alreadyVerified);
    expect(screen.getByRole('status')).toHaveTextContent('');
  });
});
