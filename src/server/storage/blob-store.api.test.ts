import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appRow,
  createApp,
  signedInDeveloper,
  storedBlobs,
  testBlobStore,
  uniqueIcon,
  type SignedInDeveloper,
} from '../../../test/support/apps.js';
import { makePdf } from '../../../test/support/png.js';
import { startTestS3, type TestS3 } from '../../../test/support/s3.js';
import { startTestApp, TestClock, type TestApp } from '../../../test/support/test-app.js';
import { ApiPaths } from '../../contract/api-paths.js';
import { sweepOrphanBlobs } from './blob-sweeper.js';
import {
  documentName,
  iconName,
  inBlobTransaction,
  type BlobRef,
  type BlobStore,
} from './blob-store.js';

const engine = process.env.TEST_DB ?? 'sqlite';
const GRACE_MS = 60 * 60 * 1000;

// One contract, both backends: what a caller of BlobStore may rely on.
describe.each(['database', 's3'] as const)(`the %s blob store (${engine})`, (backend) => {
  let s3: TestS3 | undefined;
  let t: TestApp;
  let store: BlobStore;
  let dev: SignedInDeveloper;

  beforeAll(async () => {
    s3 = backend === 's3' ? await startTestS3() : undefined;
    // S3 stamps objects with the wall clock, so the test clock starts there.
    t = await startTestApp({ env: { ...s3?.env }, clock: new TestClock(Date.now()) });
    store = testBlobStore(t);
    dev = await signedInDeveloper(t);
    // Not the developer's only app, so deleting the others is allowed.
    await createApp(dev.client);
  });

  afterAll(async () => {
    await t.close();
    await s3?.close();
  });

  const put = (ref: BlobRef, bytes: Buffer) =>
    inBlobTransaction(t.db.kysely, store, (_trx, blobs) => blobs.put(ref, bytes));
  const sweep = () => sweepOrphanBlobs({ db: t.db, store, clock: t.clock, graceMs: GRACE_MS });
  const iconBytes = () => {
    const value = uniqueIcon();
    if (typeof value === 'string') throw new Error('not a file');
    return value.bytes;
  };

  it('is the configured backend', () => {
    expect(store.backend).toBe(backend);
  });

  it('reads back what a committed transaction stored, and null for what it never stored', async () => {
    const ref: BlobRef = { kind: 'documents', key: documentName('pdf') };
    await put(ref, makePdf());
    expect((await store.read(ref))?.equals(makePdf())).toBe(true);
    expect(await storedBlobs(t, 'documents')).toContain(ref.key);
    expect(await store.read({ kind: 'documents', key: documentName('pdf') })).toBeNull();
  });

  it('keeps nothing of a transaction that failed after writing', async () => {
    const ref: BlobRef = { kind: 'documents', key: documentName('pdf') };
    const failure = inBlobTransaction(t.db.kysely, store, async (_trx, blobs) => {
      await blobs.put(ref, makePdf());
      throw new Error('refused after the write');
    });
    await expect(failure).rejects.toThrow('refused after the write');
    expect(await store.read(ref)).toBeNull();
    expect(await storedBlobs(t, 'documents')).not.toContain(ref.key);
  });

  it('removes a blob only once no row names it: a shared icon stays for its other app', async () => {
    const bytes = iconBytes();
    const key = iconName(bytes);
    const file = { bytes, name: 'defaultimage.png', type: 'image/png' };
    const first = await createApp(dev.client, { file });
    const second = await createApp(dev.client, { file });
    expect((await appRow(t, first))?.logoKey).toBe(key);
    expect((await appRow(t, second))?.logoKey).toBe(key);

    expect((await dev.client.json('DELETE', ApiPaths.app(first))).status).toBe(200);
    expect((await store.read({ kind: 'logos', key }))?.equals(bytes)).toBe(true);
    expect((await dev.client.json('DELETE', ApiPaths.app(second))).status).toBe(200);
    expect(await store.read({ kind: 'logos', key })).toBeNull();
  });

  it('sweeps an orphan after the grace period and not before, and never a named blob', async () => {
    const orphan: BlobRef = { kind: 'logos', key: iconName(iconBytes()) };
    await put(orphan, iconBytes());
    const named = await createApp(dev.client, { file: uniqueIcon() });
    const namedKey = (await appRow(t, named))?.logoKey ?? '';

    await sweep();
    expect(await storedBlobs(t, 'logos')).toEqual(expect.arrayContaining([orphan.key, namedKey]));

    t.clock.advance(GRACE_MS + 60_000);
    await sweep();
    const left = await storedBlobs(t, 'logos');
    expect(left).not.toContain(orphan.key);
    expect(left).toContain(namedKey);
    expect(await sweep()).toBe(0);
  });
});
