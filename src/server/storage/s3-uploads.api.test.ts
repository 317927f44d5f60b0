import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorLog } from '../../../test/support/error-log.js';
import { ApiPaths } from '../../contract/api-paths.js';
import type { Application } from '../../contract/apps.js';
import { Messages } from '../../contract/messages.js';
import { ipFieldName } from '../../contract/rules.js';
import {
  appCount,
  appFields,
  appRow,
  createApp,
  ipRows,
  postApp,
  putApp,
  signedInDeveloper,
  storedBlobs,
  uniqueIcon,
  type SignedInDeveloper,
} from '../../../test/support/apps.js';
import { makePdf } from '../../../test/support/png.js';
import { testProofsDeps } from '../../../test/support/proofs.js';
import { startTestS3, type TestS3 } from '../../../test/support/s3.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { runProofsCommand } from '../admin/proofs.js';

let s3: TestS3;
let t: TestApp;
let dev: SignedInDeveloper;

beforeAll(async () => {
  s3 = await startTestS3();
  t = await startTestApp({ env: { ...s3.env, PUBLIC_URL: 'http://localhost:8080' } });
  dev = await signedInDeveloper(t);
  await createApp(dev.client);
});

afterAll(async () => {
  await t.close();
  await s3.close();
});

const pdf = { bytes: makePdf(), name: 'proof.pdf', type: 'application/pdf' };

/** An app whose IP another developer holds, with its proof document. */
async function appWithProof(ip: string) {
  const other = await signedInDeveloper(t);
  await createApp(other.client, { ipRecords: ip });
  const id = await createApp(dev.client, {
    ipRecords: ip,
    ipAddressDuplicateSkip: 'true',
    [ipFieldName(ip)]: pdf,
    file: uniqueIcon(),
  });
  const documentKey = (await ipRows(t, id))[0]?.documentKey ?? '';
  return { id, documentKey, logoKey: (await appRow(t, id))?.logoKey ?? '' };
}

// Each test signs up developers and makes S3 round trips: more than the default 5 s on a
// loaded 2-core machine.
describe(`uploads in S3 (${process.env.TEST_DB ?? 'sqlite'})`, { timeout: 20_000 }, () => {
  it('serves icons and documents from the bucket, on the host the page was opened by', async () => {
    const { id, documentKey, logoKey } = await appWithProof('198.51.100.60');
    expect(await storedBlobs(t, 'logos')).toContain(logoKey);
    expect(await storedBlobs(t, 'documents')).toContain(documentKey);

    const app = await dev.client.json<Application>('GET', ApiPaths.app(id));
    const icon = await fetch(new URL(app.body.logoUrl, t.baseUrl));
    expect(icon.status).toBe(200);
    expect(icon.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(icon.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const link = app.body.ipRecordsWithFamilyPending[0]?.documentUrl ?? '';
    const document = await fetch(new URL(link, t.baseUrl));
    expect(document.status).toBe(200);
    expect(Buffer.from(await document.arrayBuffer()).equals(makePdf())).toBe(true);
  });

  it('deletes the objects of a deleted app, and the document of a rejected proof', async () => {
    const deleted = await appWithProof('198.51.100.61');
    expect((await dev.client.json('DELETE', ApiPaths.app(deleted.id))).status).toBe(200);
    expect(await storedBlobs(t, 'logos')).not.toContain(deleted.logoKey);
    expect(await storedBlobs(t, 'documents')).not.toContain(deleted.documentKey);

    const rejected = await appWithProof('198.51.100.62');
    const answer = await runProofsCommand(testProofsDeps(t), [
      'proofs',
      'reject',
      rejected.id,
      '198.51.100.62',
      '--reason',
      'The document is unreadable.',
    ]);
    expect(answer.exitCode).toBe(0);
    expect(await storedBlobs(t, 'documents')).not.toContain(rejected.documentKey);
    expect(await storedBlobs(t, 'logos')).toContain(rejected.logoKey);
  });

  it('answers 503 with a clear message when S3 is unreachable, and writes nothing', async () => {
    // The unreachable store's 503 is logged as an error for the operator.
    expectErrorLog(/^request failed$/);
    const id = await createApp(dev.client, { ipRecords: '198.51.100.63' });
    const apps = await appCount(t, dev.id);
    const logos = await storedBlobs(t, 'logos');
    const documents = await storedBlobs(t, 'documents');
    const before = await appRow(t, id);

    await s3.stop();
    try {
      const created = await postApp(dev.client, appFields({ file: uniqueIcon() }));
      expect(created.status).toBe(503);
      expect(created.body).toEqual({
        status: 'error',
        code: 'unavailable',
        message: Messages.apps.storageUnavailable,
      });
      const updated = await putApp(dev.client, id, {
        ...appFields(),
        isActive: 'true',
        ip_address: '198.51.100.63',
        file: uniqueIcon(),
      });
      expect(updated.status).toBe(503);
      expect(updated.body).toEqual({
        status: 'error',
        code: 'unavailable',
        message: Messages.apps.storageUnavailable,
      });
    } finally {
      await s3.start();
    }

    expect(await appCount(t, dev.id)).toBe(apps);
    expect(await appRow(t, id)).toEqual(before);
    expect(await storedBlobs(t, 'logos')).toEqual(logos);
    expect(await storedBlobs(t, 'documents')).toEqual(documents);
  });
});
