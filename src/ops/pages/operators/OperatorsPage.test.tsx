import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../../../test/support/fake-api.js';
import { renderOpsPage } from '../../../../test/support/ops-page.js';
import { OpsApiPaths, OpsClientPaths, type OperatorListResponse } from '../../../contract/ops.js';
import { OpsMessages } from '../../../contract/ops-messages.js';
import OperatorsPage from './OperatorsPage.js';

const text = OpsMessages.operators;
const LINK = 'http://localhost/ops/enroll?token=abcdefghijklmnopqrstuvwxyz';
const RESET_LINK = 'http://localhost/ops/enroll?token=zyxwvutsrqponmlkjihgfedcba';

function operatorsApiFake() {
  const operators: OperatorListResponse['operators'] = [
    {
      id: 'op_1',
      email: 'lee@ops.example.com',
      role: 'support',
      state: 'active',
      createdAt: '2026-11-20T09:00:00.000Z',
    },
  ];
  return fakeApi((request) => {
    if (request.url === OpsApiPaths.operators && request.method === 'POST') {
      const body = JSON.parse(request.body) as { email: string; role: 'reviewer' };
      if (operators.some((operator) => operator.email === body.email)) {
        return json(409, { status: 'error', code: 'conflict', message: text.exists });
      }
      operators.push({
        id: 'op_2',
        ...body,
        state: 'invited',
        createdAt: '2026-11-26T09:00:00.000Z',
      });
      return json(201, {
        operatorId: 'op_2',
        enrollmentUrl: LINK,
        expiresAt: '2026-11-27T09:00:00.000Z',
      });
    }
    if (request.url === OpsApiPaths.operatorDisable('op_1')) {
      const [lee] = operators;
      if (lee !== undefined) operators[0] = { ...lee, state: 'disabled' };
      return json(200, { message: text.disabledDone });
    }
    if (request.url === OpsApiPaths.operatorReset('op_1')) {
      return json(200, {
        operatorId: 'op_1',
        enrollmentUrl: RESET_LINK,
        expiresAt: '2026-11-27T09:00:00.000Z',
      });
    }
    return json(200, { operators });
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('OperatorsPage', () => {
  it('adds an operator and shows the enrollment link once, with a copy button', async () => {
    const seen = operatorsApiFake();
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', Object.assign(navigator, { clipboard: { writeText } }));
    renderOpsPage(OperatorsPage, OpsClientPaths.operators, OpsClientPaths.operators);
    expect(await screen.findByRole('row', { name: /lee@ops\.example\.com/ })).toHaveTextContent(
      text.states.active,
    );
    await userEvent.type(screen.getByLabelText(text.email), 'kim@ops.example.com');
    await userEvent.selectOptions(screen.getByLabelText(text.role), OpsMessages.roles.reviewer);
    await userEvent.click(screen.getByRole('button', { name: text.addSubmit }));
    expect(await screen.findByLabelText(text.linkFor('kim@ops.example.com'))).toHaveValue(LINK);
    expect(JSON.parse(seen.find((request) => request.method === 'POST')?.body ?? '')).toEqual({
      email: 'kim@ops.example.com',
      role: 'reviewer',
    });
    expect(await screen.findByRole('row', { name: /kim@ops\.example\.com/ })).toHaveTextContent(
      text.states.invited,
    );
    await userEvent.click(screen.getByRole('button', { name: text.copy }));
    expect(writeText).toHaveBeenCalledWith(LINK);
    expect(screen.getByText(text.copied)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: text.close }));
    expect(screen.queryByDisplayValue(LINK)).toBeNull();
  });

  it("shows the server's refusal beside the e-mail", async () => {
    operatorsApiFake();
    renderOpsPage(OperatorsPage, OpsClientPaths.operators, OpsClientPaths.operators);
    await screen.findByRole('row', { name: /lee@ops\.example\.com/ });
    await userEvent.type(screen.getByLabelText(text.email), 'lee@ops.example.com');
    await userEvent.click(screen.getByRole('button', { name: text.addSubmit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text.exists);
  });

  it('disables after a confirmation, and a reset shows the new link', async () => {
    operatorsApiFake();
    renderOpsPage(OperatorsPage, OpsClientPaths.operators, OpsClientPaths.operators);
    await userEvent.click(
      await screen.findByRole('button', { name: text.resetFor('lee@ops.example.com') }),
    );
    const resetDialog = screen.getByRole('dialog', {
      name: text.resetTitle('lee@ops.example.com'),
    });
    await userEvent.click(within(resetDialog).getByRole('button', { name: text.reset }));
    expect(await screen.findByLabelText(text.linkFor('lee@ops.example.com'))).toHaveValue(
      RESET_LINK,
    );
    await userEvent.click(
      screen.getByRole('button', { name: text.disableFor('lee@ops.example.com') }),
    );
    const dialog = screen.getByRole('dialog', { name: text.disableTitle('lee@ops.example.com') });
    await userEvent.click(within(dialog).getByRole('button', { name: text.disable }));
    expect(await screen.findByText(text.disabledDone)).toBeVisible();
    expect(await screen.findByRole('row', { name: /lee@ops\.example\.com/ })).toHaveTextContent(
      text.states.disabled,
    );
  });
});
