import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../../test/support/fake-api.js';
import { usageAnswer } from '../../../test/support/usage-answer.js';
import { renderOpsPage } from '../../../test/support/ops-page.js';
import { OPS_APPLICATION, OPS_DEVELOPER } from '../../../test/support/ops-records.js';
import {
  OpsApiPaths,
  OpsClientPaths,
  opsApplicationPath,
  opsDeveloperPath,
  type OpsApplicationResponse,
  type OpsBlock,
  type OpsDeveloperResponse,
} from '../../contract/ops.js';
import { OpsMessages } from '../../contract/ops-messages.js';
import { formatTime } from '../../web/ui/format-time.js';
import ApplicationPage from '../pages/application/ApplicationPage.js';
import DeveloperPage from '../pages/developer/DeveloperPage.js';

const appText = OpsMessages.application;
const devText = OpsMessages.developer;
const text = OpsMessages.killSwitch;
const SINCE = '2026-11-28T10:00:00.000Z';

function application(own: OpsBlock, developers: OpsBlock): OpsApplicationResponse {
  return {
    application: { ...OPS_APPLICATION.application, block: own },
    developer: { ...OPS_APPLICATION.developer, block: developers },
  };
}

function developer(block: OpsBlock): OpsDeveloperResponse {
  return {
    ...OPS_DEVELOPER,
    developer: { ...OPS_DEVELOPER.developer, block },
    applications: OPS_DEVELOPER.applications.map((app) => ({ ...app, isBlocked: true })),
  };
}

/** The console's API: the page's read, the block call setting the next read's block. */
function blockApi(
  page: string,
  blockPath: string,
  read: (block: OpsBlock) => unknown,
  initial: OpsBlock = null,
) {
  let block = initial;
  return fakeApi((request) => {
    if (request.url === blockPath) {
      const body = JSON.parse(request.body) as { blocked: boolean; reason: string };
      block = body.blocked ? { reason: body.reason, since: SINCE } : null;
      return json(200, { message: body.blocked ? appText.blockedDone : appText.unblockedDone });
    }
    if (request.url === page) return json(200, read(block));
    // The application page's usage section asks for its own window.
    if (request.url === OpsApiPaths.applicationUsage('app_1')) return json(200, usageAnswer('24h'));
    return json(200, { status: 'success', message: '', events: [], nextCursor: null });
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the kill switch in the console', () => {
  it("shows the developer's block on the application, which Lift block does not offer to lift", async () => {
    blockApi(OpsApiPaths.application('app_1'), OpsApiPaths.applicationBlock('app_1'), () =>
      application(null, { reason: 'Unpaid dues', since: SINCE }),
    );
    renderOpsPage(ApplicationPage, OpsClientPaths.application, opsApplicationPath('app_1'));
    const section = await screen.findByRole('region', { name: text.title });
    expect(section).toHaveTextContent(devText.blocked('Unpaid dues'));
    expect(section).not.toHaveTextContent(text.none);
    expect(within(section).getByRole('button', { name: appText.block })).toBeVisible();
    expect(within(section).queryByRole('button', { name: appText.unblock })).toBeNull();
  });

  it('blocks an application only with a reason, then shows the block with its reason and time', async () => {
    const seen = blockApi(
      OpsApiPaths.application('app_1'),
      OpsApiPaths.applicationBlock('app_1'),
      (block) => application(block, null),
    );
    renderOpsPage(ApplicationPage, OpsClientPaths.application, opsApplicationPath('app_1'));
    const section = await screen.findByRole('region', { name: text.title });
    expect(section).toHaveTextContent(text.none);
    const open = within(section).getByRole('button', { name: appText.block });
    await userEvent.click(open);
    const dialog = screen.getByRole('dialog', { name: appText.block });
    await userEvent.click(within(dialog).getByRole('button', { name: appText.block }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(appText.reasonRequired);
    expect(seen.some((request) => request.method === 'POST')).toBe(false);

    await userEvent.type(within(dialog).getByLabelText(text.reason), 'Runaway orders');
    await userEvent.click(within(dialog).getByRole('button', { name: appText.block }));
    expect(await screen.findByRole('status')).toHaveTextContent(appText.blockedDone);
    const post = seen.find((request) => request.method === 'POST');
    expect(JSON.parse(post?.body ?? '')).toEqual({ blocked: true, reason: 'Runaway orders' });
    expect(await within(section).findByText(appText.blocked('Runaway orders'))).toBeVisible();
    expect(section).toHaveTextContent(text.since(formatTime(SINCE)));
  });

  it('lifts the block with a reason: the screen says it is not blocked', async () => {
    blockApi(
      OpsApiPaths.application('app_1'),
      OpsApiPaths.applicationBlock('app_1'),
      (block) => application(block, null),
      { reason: 'Runaway orders', since: SINCE },
    );
    renderOpsPage(ApplicationPage, OpsClientPaths.application, opsApplicationPath('app_1'));
    const section = await screen.findByRole('region', { name: text.title });
    await userEvent.click(within(section).getByRole('button', { name: appText.unblock }));
    const lift = screen.getByRole('dialog', { name: appText.unblock });
    await userEvent.type(within(lift).getByLabelText(text.reason), 'Fixed');
    await userEvent.click(within(lift).getByRole('button', { name: appText.unblock }));
    expect(await within(section).findByText(text.none)).toBeVisible();
    expect(within(section).getByRole('button', { name: appText.block })).toBeVisible();
  });

  it("blocks every application of a developer from the developer's page", async () => {
    const seen = blockApi(
      OpsApiPaths.developer('dev_1'),
      OpsApiPaths.developerBlock('dev_1'),
      developer,
    );
    renderOpsPage(DeveloperPage, OpsClientPaths.developer, opsDeveloperPath('dev_1'));
    const section = await screen.findByRole('region', { name: text.title });
    await userEvent.click(within(section).getByRole('button', { name: devText.block }));
    const dialog = screen.getByRole('dialog', { name: devText.block });
    await userEvent.type(within(dialog).getByLabelText(text.reason), 'Unpaid dues');
    await userEvent.click(within(dialog).getByRole('button', { name: devText.block }));
    expect(await within(section).findByText(devText.blocked('Unpaid dues'))).toBeVisible();
    const post = seen.find((request) => request.method === 'POST');
    expect(JSON.parse(post?.body ?? '')).toEqual({ blocked: true, reason: 'Unpaid dues' });
    expect(within(section).getByRole('button', { name: devText.unblock })).toBeVisible();
    const apps = screen.getByRole('region', { name: devText.applications });
    expect(apps).toHaveTextContent(appText.blockedState);
  });
});
