import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths } from '../../contract/api-paths.js';
import { OpsApiPaths, type AuditResponse, type PendingProofsResponse } from '../../contract/ops.js';
import { OpsMessages } from '../../contract/ops-messages.js';
import { ipFieldName } from '../../contract/rules.js';
import { activityOf } from '../../../test/support/activity.js';
import {
  appFields,
  createApp,
  ipRows,
  putApp,
  signedInDeveloper,
  type SignedInDeveloper,
} from '../../../test/support/apps.js';
import { signedInOperator, type TestOperator } from '../../../test/support/operators.js';
import { makePdf } from '../../../test/support/png.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

let t: TestApp;
let owner: SignedInDeveloper;
let claimant: SignedInDeveloper;
let reviewer: TestOperator;
let admin: TestOperator;

beforeAll(async () => {
  t = await startTestApp();
  owner = await signedInDeveloper(t);
  claimant = await signedInDeveloper(t);
  reviewer = await signedInOperator(t, 'reviewer');
  admin = await signedInOperator(t, 'admin');
});

afterAll(async () => {
  await t.close();
});

/** The owner lists `ip` first; the claimant then claims it with a family proof. */
async function sentProof(ip: string) {
  const ownerApp = await createApp(owner.client, { ipRecords: ip });
  const pdf = makePdf();
  const claimed = await createApp(claimant.client, {
    ipRecords: ip,
    ipAddressDuplicateSkip: 'true',
    [ipFieldName(ip)]: { bytes: pdf, name: 'proof.pdf' },
  });
  return { ownerApp, claimed, pdf };
}

const queue = async () =>
  (await reviewer.client.json<PendingProofsResponse>('GET', OpsApiPaths.proofs)).body.proofs;

async function mailTo(email: string, about: string) {
  await t.drainJobs();
  return t.db.kysely
    .selectFrom('mailboxMessages')
    .select(['subject', 'textBody'])
    .where('toAddress', '=', email)
    .where('subject', 'like', `%${about}%`)
    .executeTakeFirst();
}

describe(`the proof queue (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('orders and ages the queue by when each document was sent, not when its IP was added', async () => {
    const resent = await sentProof('71.9.0.1');
    t.clock.advance(60_000);
    const waiting = await sentProof('71.9.0.2');
    const rejected = await reviewer.client.json('POST', OpsApiPaths.proofDecision, {
      json: {
        applicationId: resent.claimed,
        ip: '71.9.0.1',
        decision: 'reject',
        reason: 'Unreadable scan.',
      },
    });
    expect(rejected.status).toBe(200);
    t.clock.advance(60_000);
    const sentAt = t.clock.now();
    const again = await putApp(
      claimant.client,
      resent.claimed,
      appFields({
        ipRecords: '71.9.0.1',
        ipAddressDuplicateSkip: 'true',
        [ipFieldName('71.9.0.1')]: { bytes: makePdf(), name: 'proof.pdf' },
      }),
    );
    expect(again.status).toBe(200);
    const mine = (await queue()).filter((p) => p.ip.startsWith('71.9.0.'));
    expect(mine.map((p) => [p.applicationId, p.submittedAt])).toEqual([
      [waiting.claimed, new Date(sentAt - 60_000).toISOString()],
      [resent.claimed, new Date(sentAt).toISOString()],
    ]);
  });

  it('lists waiting proofs oldest first, with who else lists the IP, and serves the document sandboxed', async () => {
    const first = await sentProof('71.0.0.1');
    t.clock.advance(60_000);
    const second = await sentProof('71.0.0.2');
    const proofs = await queue();
    const mine = proofs.filter((p) => p.ip.startsWith('71.0.0.'));
    expect(mine.map((p) => [p.applicationId, p.ip])).toEqual([
      [first.claimed, '71.0.0.1'],
      [second.claimed, '71.0.0.2'],
    ]);
    expect(mine[0]).toMatchObject({
      developerId: claimant.id,
      developerEmail: claimant.email,
      documentType: 'application/pdf',
      sharedWith: [
        expect.objectContaining({ developerEmail: owner.email, applicationId: first.ownerApp }),
      ],
    });
    const query = new URLSearchParams({ applicationId: first.claimed, ip: '71.0.0.1' });
    const document = await reviewer.client.request(
      'GET',
      `${OpsApiPaths.proofDocument}?${query.toString()}`,
    );
    expect(document.status).toBe(200);
    expect(document.headers.get('content-type')).toBe('application/pdf');
    expect(document.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    expect(document.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await document.arrayBuffer()).equals(first.pdf)).toBe(true);
  });

  it('writes each view of a document to the audit: who, when, which proof', async () => {
    const { claimed } = await sentProof('71.0.0.9');
    const query = new URLSearchParams({ applicationId: claimed, ip: '71.0.0.9' });
    const path = `${OpsApiPaths.proofDocument}?${query.toString()}`;
    expect((await reviewer.client.request('GET', path)).status).toBe(200);
    const audit = await t.db.kysely
      .selectFrom('operatorAudit')
      .select(['at', 'operatorEmail', 'action', 'developerId', 'target', 'details'])
      .where('applicationId', '=', claimed)
      .execute();
    expect(audit).toEqual([
      {
        at: t.clock.now(),
        operatorEmail: reviewer.email,
        action: 'proof.document_viewed',
        developerId: claimant.id,
        target: 'My Trading App · 71.0.0.9',
        details: JSON.stringify({ ip: '71.0.0.9' }),
      },
    ]);
  });

  it('rejects with a required reason: the developer sees it on the IP row, by mail and in the activity log; the audit has it', async () => {
    const { claimed } = await sentProof('71.0.0.3');
    const without = await reviewer.client.json('POST', OpsApiPaths.proofDecision, {
      json: { applicationId: claimed, ip: '71.0.0.3', decision: 'reject', reason: '  ' },
    });
    expect(without.status).toBe(400);
    expect((await ipRows(t, claimed))[0]?.documentKey).not.toBeNull();

    const reason = 'The bill names someone outside the family.';
    const rejected = await reviewer.client.json('POST', OpsApiPaths.proofDecision, {
      json: { applicationId: claimed, ip: '71.0.0.3', decision: 'reject', reason },
    });
    expect(rejected.body).toEqual({ message: OpsMessages.proofs.rejected('71.0.0.3') });

    const app = await claimant.client.json<{ application: { ipRecords: unknown[] } }>(
      'GET',
      ApiPaths.app(claimed),
    );
    expect(JSON.stringify(app.body)).toContain(reason);
    expect((await mailTo(claimant.email, '71.0.0.3'))?.textBody).toContain(reason);
    const events = await activityOf(t, claimant.id);
    expect(events.filter((event) => event.kind === 'proof.rejected').at(-1)).toMatchObject({
      kind: 'proof.rejected',
      details: expect.objectContaining({ ip: '71.0.0.3', reason }) as unknown,
    });
    const audit = await admin.client.json<AuditResponse>(
      'GET',
      `${OpsApiPaths.audit}?action=proof.rejected`,
    );
    expect(audit.body.entries[0]).toMatchObject({
      operatorEmail: reviewer.email,
      action: 'proof.rejected',
      developerId: claimant.id,
      applicationId: claimed,
      reason,
      ip: '127.0.0.1',
    });
    expect((await queue()).some((p) => p.applicationId === claimed)).toBe(false);

    const again = await reviewer.client.json('POST', OpsApiPaths.proofDecision, {
      json: { applicationId: claimed, ip: '71.0.0.3', decision: 'accept' },
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'conflict', message: OpsMessages.proofs.notPending });
  });

  it('accepts one: the IP is accepted, the developer told, the audit written', async () => {
    const { claimed } = await sentProof('71.0.0.4');
    const accepted = await reviewer.client.json('POST', OpsApiPaths.proofDecision, {
      json: { applicationId: claimed, ip: '71.0.0.4', decision: 'accept' },
    });
    expect(accepted.body).toEqual({ message: OpsMessages.proofs.accepted('71.0.0.4') });
    expect(await ipRows(t, claimed)).toEqual([
      expect.objectContaining({ ip: '71.0.0.4', adminAccept: 1 }),
    ]);
    expect((await mailTo(claimant.email, '71.0.0.4'))?.subject).toContain('accepted');
    const audit = await admin.client.json<AuditResponse>(
      'GET',
      `${OpsApiPaths.audit}?action=proof.accepted`,
    );
    expect(audit.body.entries[0]).toMatchObject({ applicationId: claimed, reason: null });
  });

  it('two reviewers deciding one proof at once: one decides, the other hears it is decided', async () => {
    const { claimed } = await sentProof('71.0.0.5');
    const other = await signedInOperator(t, 'reviewer');
    const answers = await Promise.all(
      [reviewer, other].map((operator) =>
        operator.client.json('POST', OpsApiPaths.proofDecision, {
          json: { applicationId: claimed, ip: '71.0.0.5', decision: 'accept' },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const audit = await admin.client.json<AuditResponse>(
      'GET',
      `${OpsApiPaths.audit}?action=proof.accepted`,
    );
    expect(audit.body.entries.filter((entry) => entry.applicationId === claimed)).toHaveLength(1);
  });

  it('answers 404 for the document of a proof not waiting', async () => {
    const query = new URLSearchParams({ applicationId: 'nope', ip: '71.0.0.9' });
    const missing = await reviewer.client.json(
      'GET',
      `${OpsApiPaths.proofDocument}?${query.toString()}`,
    );
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'not_found', message: OpsMessages.proofs.notFound });
  });
});
