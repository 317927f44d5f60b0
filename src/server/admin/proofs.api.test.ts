import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ipFieldName } from '../../contract/rules.js';
import {
  createApp,
  ipRows,
  signedInDeveloper,
  storedBlobs,
  type SignedInDeveloper,
} from '../../../test/support/apps.js';
import { makePdf } from '../../../test/support/png.js';
import { resendProof, testCliActor, testProofsDeps } from '../../../test/support/proofs.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { activityOf } from '../../../test/support/activity.js';
import { rejectProof, runProofsCommand, type ProofsCommandDeps } from './proofs.js';

let t: TestApp;
let deps: ProofsCommandDeps;
let owner: SignedInDeveloper;
let claimant: SignedInDeveloper;

beforeAll(async () => {
  t = await startTestApp();
  deps = testProofsDeps(t);
  owner = await signedInDeveloper(t);
  claimant = await signedInDeveloper(t);
});

afterAll(async () => {
  await t.close();
});

async function pendingApp(ip: string) {
  await createApp(owner.client, { ipRecords: ip });
  return createApp(claimant.client, {
    ipRecords: ip,
    ipAddressDuplicateSkip: 'true',
    [ipFieldName(ip)]: { bytes: makePdf(), name: 'proof.pdf' },
  });
}

describe(`admin proofs (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('lists pending proofs and accepts one', async () => {
    const id = await pendingApp('70.0.0.1');
    const list = await runProofsCommand(deps, ['proofs', 'list']);
    expect(list.exitCode).toBe(0);
    expect(list.lines).toEqual([
      [id, claimant.email, '70.0.0.1', new Date(t.clock.now()).toISOString(), 'document'].join(
        '\t',
      ),
    ]);
    const accepted = await runProofsCommand(deps, ['proofs', 'accept', id, '70.0.0.1']);
    expect(accepted.exitCode).toBe(0);
    expect(await ipRows(t, id)).toEqual([
      expect.objectContaining({ ip: '70.0.0.1', familyPending: 1, adminAccept: 1 }),
    ]);
    expect((await runProofsCommand(deps, ['proofs', 'list'])).lines).toEqual([
      'No pending proofs.',
    ]);
  });

  it('rejects one with a reason: keeps the IP, removes its document, mails the reason', async () => {
    const id = await pendingApp('70.0.0.2');
    const key = (await ipRows(t, id))[0]?.documentKey;
    expect(await storedBlobs(t, 'documents')).toContain(key);
    const reason = 'The bill is not in the name of a family member.';
    const rejected = await runProofsCommand(deps, [
      'proofs',
      'reject',
      id,
      '70.0.0.2',
      `--reason=${reason}`,
    ]);
    expect(rejected.exitCode).toBe(0);
    const stored = await t.db.kysely
      .selectFrom('ipRecords')
      .select(['ip', 'familyPending', 'adminAccept', 'documentKey', 'rejectionReason'])
      .where('applicationId', '=', id)
      .execute();
    expect(stored).toEqual([
      {
        ip: '70.0.0.2',
        familyPending: 1,
        adminAccept: 0,
        documentKey: null,
        rejectionReason: reason,
      },
    ]);
    expect(await storedBlobs(t, 'documents')).not.toContain(key);
    // Queued by the command as the CLI does (no local worker): the server's worker sends it.
    await t.drainJobs();
    const mail = await t.db.kysely
      .selectFrom('mailboxMessages')
      .select(['subject', 'textBody'])
      .where('toAddress', '=', claimant.email)
      .where('subject', 'like', '%70.0.0.2%')
      .executeTakeFirst();
    expect(mail?.textBody).toContain('70.0.0.2');
    expect(mail?.textBody).toContain(reason);
  });

  it('lists a proof by when its document was sent, not when its IP was added', async () => {
    const id = await pendingApp('70.0.0.20');
    t.clock.advance(3 * 60_000);
    const reason = ['--reason', 'Unreadable scan.'];
    await runProofsCommand(deps, ['proofs', 'reject', id, '70.0.0.20', ...reason]);
    const row = async () =>
      (await runProofsCommand(deps, ['proofs', 'list'])).lines.find((line) =>
        line.includes('\t70.0.0.20\t'),
      );
    expect(await row()).toBe([id, claimant.email, '70.0.0.20', '-', 'no document'].join('\t'));
    t.clock.advance(2 * 60_000);
    const sentAt = new Date(t.clock.now()).toISOString();
    const resent = await resendProof(claimant.client, id, '70.0.0.20');
    expect(resent.status).toBe(200);
    expect(await row()).toBe([id, claimant.email, '70.0.0.20', sentAt, 'document'].join('\t'));
  });

  it('writes each decision to the operator audit, as the command-line operator', async () => {
    const accepted = await pendingApp('70.0.0.21');
    const rejected = await pendingApp('70.0.0.22');
    await runProofsCommand(deps, ['proofs', 'accept', accepted, '70.0.0.21']);
    await runProofsCommand(deps, [
      'proofs',
      'reject',
      rejected,
      '70.0.0.22',
      '--reason',
      'Blurred.',
    ]);
    const audit = await t.db.kysely
      .selectFrom('operatorAudit')
      .select(['at', 'operatorId', 'operatorEmail', 'action', 'developerId', 'applicationId'])
      .select(['target', 'reason', 'ip', 'details'])
      .where('applicationId', 'in', [accepted, rejected])
      .orderBy('seq')
      .execute();
    const entry = { at: t.clock.now(), operatorId: 'cli', ip: 'local', developerId: claimant.id };
    expect(audit).toEqual([
      {
        ...entry,
        operatorEmail: testCliActor.operator.email,
        action: 'proof.accepted',
        applicationId: accepted,
        target: 'My Trading App · 70.0.0.21',
        reason: null,
        details: JSON.stringify({ ip: '70.0.0.21' }),
      },
      {
        ...entry,
        operatorEmail: testCliActor.operator.email,
        action: 'proof.rejected',
        applicationId: rejected,
        target: 'My Trading App · 70.0.0.22',
        reason: 'Blurred.',
        details: JSON.stringify({ ip: '70.0.0.22' }),
      },
    ]);
  });

  it('refuses a reject without a reason, or with a blank or too long one', async () => {
    const id = await pendingApp('70.0.0.3');
    for (const extra of [[], ['--reason'], ['--reason', '  '], [`--reason=${'x'.repeat(501)}`]]) {
      const answer = await runProofsCommand(deps, ['proofs', 'reject', id, '70.0.0.3', ...extra]);
      expect(answer.exitCode).toBe(2);
    }
    expect((await ipRows(t, id)).map((row) => row.documentKey === null)).toEqual([false]);
  });

  it('answers 1 for an unknown record and 2 for bad usage', async () => {
    expect((await runProofsCommand(deps, ['proofs', 'accept', 'app_x', '1.1.1.1'])).exitCode).toBe(
      1,
    );
    expect(
      (await runProofsCommand(deps, ['proofs', 'reject', 'app_x', '1.1.1.1', '--reason', 'No.']))
        .exitCode,
    ).toBe(1);
    expect((await runProofsCommand(deps, ['proofs'])).exitCode).toBe(2);
    expect((await runProofsCommand(deps, ['other'])).exitCode).toBe(2);
  });

  it('records each decision on the developer activity log and mails it, with the reason', async () => {
    // After the earlier tests' decisions: these come last.
    t.clock.advance(1000);
    const accepted = await pendingApp('70.0.0.13');
    const rejected = await pendingApp('70.0.0.14');
    expect(
      (await runProofsCommand(deps, ['proofs', 'accept', accepted, '70.0.0.13'])).exitCode,
    ).toBe(0);
    expect(
      await rejectProof(deps, deps.actor, rejected, '70.0.0.14', 'The document is unreadable.'),
    ).toBe(true);
    const decisions = (await activityOf(t, claimant.id)).filter(
      (row) => row.kind === 'proof.accepted' || row.kind === 'proof.rejected',
    );
    expect(decisions.map((row) => row.applicationId).slice(-2)).toEqual([accepted, rejected]);
    const applicationName = 'My Trading App';
    expect(decisions.slice(-2)).toEqual([
      {
        kind: 'proof.accepted',
        applicationId: accepted,
        at: t.clock.now(),
        ip: null,
        device: null,
        details: { applicationName, ip: '70.0.0.13' },
      },
      {
        kind: 'proof.rejected',
        applicationId: rejected,
        at: t.clock.now(),
        ip: null,
        device: null,
        details: { applicationName, ip: '70.0.0.14', reason: 'The document is unreadable.' },
      },
    ]);
    await t.drainJobs();
    const mails = await t.db.kysely
      .selectFrom('mailboxMessages')
      .select(['subject', 'textBody'])
      .where('toAddress', '=', claimant.email)
      .where('subject', 'like', '%70.0.0.1_ %')
      .orderBy('subject')
      .execute();
    expect(mails.map((mail) => mail.subject)).toEqual(
      expect.arrayContaining([
        'Your proof for IP 70.0.0.13 was accepted',
        'Your proof for IP 70.0.0.14 was not accepted',
      ]),
    );
    const rejection = mails.find((mail) => mail.subject.includes('70.0.0.14'));
    expect(rejection?.textBody).toContain('Reason: The document is unreadable.');
  });
});
