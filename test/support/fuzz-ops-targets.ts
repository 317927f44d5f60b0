import { OpsApiPaths, type OperatorListResponse } from '../../src/contract/ops.js';
import { ipFieldName } from '../../src/contract/rules.js';
import { OpsCookies } from '../../src/server/ops/operator-session.js';
import { createDeveloper } from './accounts.js';
import { createApp, type SignedInDeveloper } from './apps.js';
import type { FuzzTargets } from './fuzz-requests.js';
import type { OpsFuzzTargets } from './fuzz-ops-shapes.js';
import { addOperator, signedInOperator, type TestOperator } from './operators.js';
import { makePdf } from './png.js';
import type { TestApp } from './test-app.js';

const PROOF_IPS = ['20.0.0.1', '20.0.0.2'];

function sessionOf(operator: TestOperator): string {
  const token = operator.client.cookie(OpsCookies.http);
  if (token === undefined) throw new Error(`${operator.email} holds no console session`);
  return token;
}

/**
 * The console's side of a fuzz run: an unverified developer, two more pending
 * proofs (of IPs the developer's application lists too), an operator still enrolling, one
 * invited to be reset or disabled, and a spare, a reviewer and an admin signed in. The
 * admin signs in last: its session's last use is then the run's (fixed) time, so no
 * request of the run has a last use to write.
 */
export async function opsFuzzTargets(
  t: TestApp,
  base: FuzzTargets,
  developer: SignedInDeveloper,
  other: SignedInDeveloper,
): Promise<OpsFuzzTargets> {
  const unverified = await createDeveloper(t, { verified: false });
  const pdf = () => ({ bytes: makePdf(), name: 'proof.pdf', type: 'application/pdf' });
  const proofAppId = await createApp(other.client, {
    ipRecords: PROOF_IPS.join(','),
    ipAddressDuplicateSkip: 'true',
    ...Object.fromEntries(PROOF_IPS.map((ip) => [ipFieldName(ip), pdf()])),
  });
  const enrolling = await addOperator(t, 'support');
  const invited = await addOperator(t, 'reviewer');
  const spare = await signedInOperator(t, 'support');
  const reviewer = await signedInOperator(t, 'reviewer');
  const admin = await signedInOperator(t, 'admin');
  const listed = await admin.client.json<OperatorListResponse>('GET', OpsApiPaths.operators);
  const idOf = (email: string) => {
    const id = listed.body.operators.find((operator) => operator.email === email)?.id;
    if (id === undefined) throw new Error(`no operator ${email}`);
    return id;
  };
  return {
    ...base,
    adminSession: sessionOf(admin),
    reviewerSession: sessionOf(reviewer),
    spareSession: sessionOf(spare),
    adminId: idOf(admin.email),
    operatorEmails: [admin.email, reviewer.email, spare.email],
    otherOperatorIds: [idOf(spare.email), idOf(invited.email)],
    enrollmentToken: enrolling.token,
    developerIds: [developer.id, other.id, unverified.id],
    actionDeveloperIds: [other.id, unverified.id],
    appIds: [base.ownAppId, base.otherAppId, proofAppId],
    proofs: [
      { applicationId: base.ownAppId, ip: PROOF_IPS[0] ?? '' },
      ...PROOF_IPS.map((ip) => ({ applicationId: proofAppId, ip })),
    ],
  };
}
