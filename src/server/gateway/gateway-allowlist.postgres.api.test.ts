import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InternalPaths } from '../../contract/api-paths.js';
import type { AllowlistChanges } from '../../contract/gateway.js';
import {
  createApp,
  signedInDeveloper,
  type SignedInDeveloper,
} from '../../../test/support/apps.js';
import { freePort } from '../../../test/support/free-port.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

// docs/decisions/058: a sequence number taken by a transaction that has not committed is a
// gap in the change log; the feed's cursor waits below it so its change is not skipped.

let t: TestApp;
let dev: SignedInDeveloper;
let other: SignedInDeveloper;

beforeAll(async () => {
  t = await startTestApp({ env: { GATEWAY_PORT: String(await freePort()) } });
  dev = await signedInDeveloper(t);
  other = await signedInDeveloper(t);
});

afterAll(async () => {
  await t.close();
});

async function get(pathAndQuery: string) {
  const { port, host } = t.config.gateway;
  const res = await fetch(`http://${host}:${String(port)}${pathAndQuery}`);
  return (await res.json()) as Record<string, unknown>;
}

const changesAfter = async (after: number) =>
  (await get(
    `${InternalPaths.allowlistChanges}?after=${String(after)}`,
  )) as unknown as AllowlistChanges;

describe('the allowlist change feed with a change still uncommitted (postgres)', () => {
  it('keeps its cursor below the open change and lists it once committed', async () => {
    // Of two developers: a write to an application also bumps its developer's row.
    const slow = await createApp(other.client, { ipRecords: '203.0.113.95' });
    const quick = await createApp(dev.client, { ipRecords: '203.0.113.96' });
    const start = (await get(InternalPaths.allowlist)).changesAfter as number;

    let whileOpen: AllowlistChanges | undefined;
    await t.db.kysely.transaction().execute(async (trx) => {
      await trx
        .updateTable('applications')
        .set({ algoId: 'late-algo' })
        .where('id', '=', slow)
        .execute();
      await t.db.kysely
        .updateTable('applications')
        .set({ algoId: 'quick-algo' })
        .where('id', '=', quick)
        .execute();
      whileOpen = await changesAfter(start);
      const snapshotCursor = (await get(InternalPaths.allowlist)).changesAfter as number;
      expect(snapshotCursor).toBe(start);
    });

    expect(whileOpen?.applications.map((entry) => entry.applicationId)).toContain(quick);
    expect(whileOpen?.next).toBe(start);
    const after = await changesAfter(whileOpen?.next ?? start);
    const late = after.applications.find((entry) => entry.applicationId === slow);
    expect(late?.algoId).toBe('late-algo');
    expect(after.next).toBeGreaterThan(start);
  });
});
