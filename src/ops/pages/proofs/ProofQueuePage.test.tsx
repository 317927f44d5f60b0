import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, type Seen } from '../../../../test/support/fake-api.js';
import { OpsApiPaths, OpsClientPaths, type PendingProof } from '../../../contract/ops.js';
import { OpsMessages } from '../../../contract/ops-messages.js';
import { OperatorProvider } from '../../session/use-operator.js';
import ProofQueuePage from './ProofQueuePage.js';

const HOUR = 60 * 60 * 1000;

function proof(ip: string, ageMs: number, extra: Partial<PendingProof> = {}): PendingProof {
  return {
    applicationId: `app-${ip}`,
    applicationName: `Bot ${ip}`,
    developerId: 'dev-1',
    developerEmail: 'asha@example.com',
    developerName: 'Asha',
    ip,
    submittedAt: new Date(Date.now() - ageMs).toISOString(),
    documentType: 'image/png',
    sharedWith: [],
    ...extra,
  };
}

const older = proof('203.0.113.7', 3 * HOUR, {
  sharedWith: [
    {
      developerId: 'dev-2',
      developerEmail: 'owner@example.com',
      applicationId: 'app-owner',
      applicationName: 'Owner bot',
    },
  ],
});
const newer = proof('198.51.100.4', 20 * 60 * 1000, { documentType: null });

/** Answers the queue with `lists` in turn (the last one again), and a decision with 204. */
function queueApi(lists: readonly (readonly PendingProof[])[]): Seen[] {
  let round = 0;
  return fakeApi((request) => {
    if (request.url === OpsApiPaths.proofs) {
      const proofs = lists[Math.min(round, lists.length - 1)];
      round += 1;
      return json(200, { proofs });
    }
    if (request.url === OpsApiPaths.proofDecision) return new Response(null, { status: 204 });
    return json(404, { status: 'error', code: 'not_found', message: 'Not found' });
  });
}

function renderQueue() {
  const router = createMemoryRouter(
    [{ path: OpsClientPaths.proofs, element: <ProofQueuePage /> }],
    {
      initialEntries: [OpsClientPaths.proofs],
    },
  );
  render(
    <OperatorProvider operator={{ id: 'op-1', email: 'rita@ops.example', role: 'reviewer' }}>
      <RouterProvider router={router} />
    </OperatorProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the proof queue', () => {
  it('lists the pending proofs oldest first with their ages', async () => {
    queueApi([[older, newer]]);
    renderQueue();
    const table = await screen.findByRole('table', { name: OpsMessages.proofReview.queueLabel });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      older.ip,
      newer.ip,
    ]);
    expect(
      within(rows[0] as HTMLElement).getByText(OpsMessages.proofs.age('3 hours')),
    ).toBeVisible();
    expect(
      within(rows[1] as HTMLElement).getByText(OpsMessages.proofs.age('20 minutes')),
    ).toBeVisible();
  });

  it('opens a proof beside the list: who sent it, who else lists the IP, the document', async () => {
    queueApi([[older, newer]]);
    renderQueue();
    await userEvent.click(
      await screen.findByRole('button', {
        name: OpsMessages.proofReview.openFor(older.ip, older.applicationName),
      }),
    );
    const review = screen.getByRole('region', {
      name: OpsMessages.proofReview.reviewTitle(older.ip),
    });
    expect(within(review).getByText('Owner bot (owner@example.com)')).toBeVisible();
    const image = within(review).getByRole('img', {
      name: OpsMessages.proofs.documentFrame(older.ip),
    });
    expect(image).toHaveAttribute(
      'src',
      `${OpsApiPaths.proofDocument}?applicationId=app-203.0.113.7&ip=203.0.113.7`,
    );
    // Opened below the queue on narrower screens: focus goes to it.
    expect(
      within(review).getByRole('heading', {
        level: 2,
        name: OpsMessages.proofReview.reviewTitle(older.ip),
      }),
    ).toHaveFocus();
    // A reviewer may not open developers: their names are not links.
    expect(within(review).queryByRole('link')).toBeNull();

    await userEvent.click(
      screen.getByRole('button', {
        name: OpsMessages.proofReview.openFor(newer.ip, newer.applicationName),
      }),
    );
    expect(screen.getByText(OpsMessages.proofs.noDocument)).toBeVisible();
    expect(screen.getByText(OpsMessages.proofs.sharedWithNobody)).toBeVisible();
  });

  it('rejects only with a reason, announces it, and reloads the queue', async () => {
    const seen = queueApi([[older], []]);
    renderQueue();
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', {
        name: OpsMessages.proofReview.openFor(older.ip, older.applicationName),
      }),
    );
    await user.click(screen.getByRole('button', { name: OpsMessages.proofs.reject }));
    const dialog = screen.getByRole('dialog', {
      name: OpsMessages.proofReview.reviewTitle(older.ip),
    });
    await user.click(
      within(dialog).getByRole('button', { name: OpsMessages.proofReview.confirmReject }),
    );
    expect(within(dialog).getByText(OpsMessages.proofs.reasonRequired)).toBeVisible();
    expect(seen.filter((request) => request.url === OpsApiPaths.proofDecision)).toHaveLength(0);

    await user.type(
      within(dialog).getByLabelText(OpsMessages.proofs.reason),
      '  Not a family member  ',
    );
    await user.click(
      within(dialog).getByRole('button', { name: OpsMessages.proofReview.confirmReject }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(
      OpsMessages.proofs.rejected(older.ip),
    );
    expect(await screen.findByText(OpsMessages.proofs.empty)).toBeVisible();
    const decision = seen.find((request) => request.url === OpsApiPaths.proofDecision);
    expect(JSON.parse(decision?.body ?? '')).toEqual({
      applicationId: older.applicationId,
      ip: older.ip,
      decision: 'reject',
      reason: 'Not a family member',
    });
  });

  it('accepts, announces it, and reloads the queue', async () => {
    const seen = queueApi([[older, newer], [newer]]);
    renderQueue();
    await userEvent.click(
      await screen.findByRole('button', {
        name: OpsMessages.proofReview.openFor(older.ip, older.applicationName),
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: OpsMessages.proofs.accept }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      OpsMessages.proofs.accepted(older.ip),
    );
    expect(await screen.findByRole('rowheader', { name: newer.ip })).toBeVisible();
    expect(screen.queryByRole('rowheader', { name: older.ip })).toBeNull();
    expect(screen.queryByRole('region')).toBeNull();
    // The opened proof is gone: the reader is back at the top of the queue.
    expect(screen.getByRole('heading', { level: 1, name: OpsMessages.proofs.title })).toHaveFocus();
    const decision = seen.find((request) => request.url === OpsApiPaths.proofDecision);
    expect(JSON.parse(decision?.body ?? '')).toEqual({
      applicationId: older.applicationId,
      ip: older.ip,
      decision: 'accept',
    });
  });
});
