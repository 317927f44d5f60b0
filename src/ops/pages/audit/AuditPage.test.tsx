import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../../../test/support/fake-api.js';
import { renderOpsPage } from '../../../../test/support/ops-page.js';
import {
  OpsApiPaths,
  OpsClientPaths,
  opsApplicationPath,
  type AuditEntry,
} from '../../../contract/ops.js';
import { OpsMessages } from '../../../contract/ops-messages.js';
import AuditPage from './AuditPage.js';

const text = OpsMessages.audit;
const PAUSED: AuditEntry = {
  id: 'a2',
  at: '2026-11-26T10:00:00.000Z',
  operatorEmail: 'sam@ops.example.com',
  action: 'application.paused',
  target: 'Momentum bot',
  developerId: 'dev_1',
  applicationId: 'app_1',
  reason: 'Sends orders in a loop',
  ip: '198.51.100.9',
};
const SIGNED_IN: AuditEntry = {
  ...PAUSED,
  id: 'a1',
  action: 'operator.signed_in',
  target: 'sam@ops.example.com',
  developerId: null,
  applicationId: null,
  reason: null,
};

function auditApi() {
  return fakeApi((request) => {
    if (request.url === OpsApiPaths.auditCsv) {
      return new Response('at,operator\r\n', { headers: { 'content-type': 'text/csv' } });
    }
    const isOlder = new URLSearchParams(request.search).get('cursor') === 'older';
    return json(200, {
      entries: isOlder ? [SIGNED_IN] : [PAUSED],
      nextCursor: isOlder ? null : 'older',
    });
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('AuditPage', () => {
  it('lists the entries of the URL filters, each with who, what, reason and IP', async () => {
    const seen = auditApi();
    renderOpsPage(
      AuditPage,
      OpsClientPaths.audit,
      `${OpsClientPaths.audit}?operator=sam%40ops.example.com&action=application.paused&from=2026-11-01`,
    );
    const row = await screen.findByRole('row', { name: /Sends orders in a loop/ });
    expect(row).toHaveTextContent('sam@ops.example.com');
    expect(row).toHaveTextContent(text.actions['application.paused']);
    expect(row).toHaveTextContent('198.51.100.9');
    expect(within(row).getByRole('link', { name: 'Momentum bot' })).toHaveAttribute(
      'href',
      opsApplicationPath('app_1'),
    );
    const query = new URLSearchParams(seen[0]?.search);
    expect(query.get('operator')).toBe('sam@ops.example.com');
    expect(query.get('action')).toBe('application.paused');
    expect(query.get('from')).toBe(new Date(2026, 10, 1).toISOString());
    expect(screen.getByLabelText(text.operator)).toHaveValue('sam@ops.example.com');
  });

  it('puts applied filters in the URL and pages to older entries by the cursor', async () => {
    const seen = auditApi();
    const router = renderOpsPage(AuditPage, OpsClientPaths.audit, OpsClientPaths.audit);
    await screen.findByRole('row', { name: /Sends orders in a loop/ });
    await userEvent.click(screen.getByRole('button', { name: text.older }));
    expect(
      await screen.findByRole('row', { name: new RegExp(text.actions['operator.signed_in']) }),
    ).toBeVisible();
    expect(seen.at(-1)?.search).toBe('?cursor=older');
    await userEvent.selectOptions(
      screen.getByLabelText(text.action),
      text.actions['proof.rejected'],
    );
    await userEvent.type(screen.getByLabelText(text.to), '2026-11-26');
    await userEvent.click(screen.getByRole('button', { name: text.apply }));
    await vi.waitFor(() =>
      expect(router.state.location.search).toBe('?action=proof.rejected&to=2026-11-26'),
    );
    await vi.waitFor(() => expect(seen.at(-1)?.search).toContain('action=proof.rejected'));
    expect(new URLSearchParams(seen.at(-1)?.search).get('cursor')).toBeNull();
  });

  it('downloads the CSV of the same filters', async () => {
    const seen = auditApi();
    const saved = vi.fn(() => 'blob:csv');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: saved, revokeObjectURL: vi.fn() }));
    const click = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    renderOpsPage(AuditPage, OpsClientPaths.audit, `${OpsClientPaths.audit}?action=proof.accepted`);
    await screen.findByRole('row', { name: /Sends orders in a loop/ });
    await userEvent.click(screen.getByRole('button', { name: text.exportCsv }));
    await vi.waitFor(() => expect(click).toHaveBeenCalled());
    const csv = seen.find((request) => request.url === OpsApiPaths.auditCsv);
    expect(csv?.search).toBe('?action=proof.accepted');
    expect(saved).toHaveBeenCalledTimes(1);
  });
});
