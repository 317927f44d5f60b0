import { createHash } from 'node:crypto';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths } from '../../contract/api-paths.js';
import type { Application } from '../../contract/apps.js';
import { ipFieldName } from '../../contract/rules.js';
import {
  appRow,
  createApp,
  ipRows,
  signedInDeveloper,
  storedBlobs,
  testBlobStore,
  type SignedInDeveloper,
} from '../../../test/support/apps.js';
import { makePdf, makePng } from '../../../test/support/png.js';
import { startTestS3, type TestS3 } from '../../../test/support/s3.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { runStorageCommand } from './storage-command.js';

const engine = process.env.TEST_DB ?? 'sqlite';
const OLD_ICON = 'OldIconOldIconOldIcon1.png';
const OLD_DOCUMENT = 'OldProofOldProofOldPr1.pdf';

describe.each(['database', 's3'] as const)(
  `DATA_DIR files into the %s store (${engine})`,
  (backend) => {
    let s3: TestS3 | undefined;
    let t: TestApp;
    let dev: SignedInDeveloper;
    const icon = makePng(55, 55, [1, 2, 3]);
    const hash = createHash('sha256').update(icon).digest('hex');

    beforeAll(async () => {
      s3 = backend === 's3' ? await startTestS3() : undefined;
      t = await startTestApp({ env: { ...s3?.env } });
      dev = await signedInDeveloper(t);
    });

    afterAll(async () => {
      await t.close();
      await s3?.close();
    });

    const folder = (kind: 'logos' | 'documents') =>
      kind === 'logos'
        ? path.join(t.dataDir, 'uploads', 'logos')
        : path.join(t.dataDir, 'documents');
    const run = () =>
      runStorageCommand(
        { db: t.db, store: testBlobStore(t), dataDir: t.dataDir, publicUrl: t.config.publicUrl },
        ['storage', 'migrate'],
      );

    /** An app as an older version left it: files on disk, absolute URLs from PUBLIC_URL. */
    async function legacyApp() {
      const other = await signedInDeveloper(t);
      await createApp(other.client, { ipRecords: '192.0.2.70' });
      const id = await createApp(dev.client, {
        ipRecords: '192.0.2.70',
        ipAddressDuplicateSkip: 'true',
        [ipFieldName('192.0.2.70')]: { bytes: makePdf(), name: 'proof.pdf' },
      });
      const withDefault = await createApp(dev.client);
      const ownDefault = await createApp(dev.client);
      await mkdir(folder('logos'), { recursive: true });
      await mkdir(folder('documents'), { recursive: true });
      await writeFile(path.join(folder('logos'), OLD_ICON), icon);
      await writeFile(path.join(folder('documents'), OLD_DOCUMENT), makePdf());
      const { publicUrl } = t.config;
      await t.db.kysely
        .updateTable('applications')
        .set({ logoKey: OLD_ICON, logoUrl: `${publicUrl}/uploads/logos/${OLD_ICON}` })
        .where('id', '=', id)
        .execute();
      await t.db.kysely
        .updateTable('applications')
        .set({ logoUrl: `${publicUrl}/default-app-icon.png` })
        .where('id', '=', withDefault)
        .execute();
      await t.db.kysely
        .updateTable('applications')
        .set({ logoUrl: `${publicUrl}/brand/icon.png` })
        .where('id', '=', ownDefault)
        .execute();
      await t.db.kysely
        .updateTable('ipRecords')
        .set({ documentKey: OLD_DOCUMENT })
        .where('applicationId', '=', id)
        .execute();
      return { id, withDefault, ownDefault };
    }

    it('moves the files once, points the rows at the store, and makes URLs relative', async () => {
      const { id, withDefault, ownDefault } = await legacyApp();

      const first = await run();
      expect(first).toEqual({
        lines: [`Moved 1 icons and 1 documents from ${t.dataDir} into the ${backend} store.`],
        exitCode: 0,
      });
      expect(await readdir(folder('logos'))).toEqual([]);
      expect(await readdir(folder('documents'))).toEqual([]);
      expect(await appRow(t, id)).toMatchObject({
        logoKey: `${hash}.png`,
        logoUrl: `/uploads/logos/${hash}.png`,
      });
      expect((await appRow(t, withDefault))?.logoUrl).toBe('/default-app-icon.png');
      expect((await appRow(t, ownDefault))?.logoUrl).toBe(`${t.config.publicUrl}/brand/icon.png`);
      expect(await storedBlobs(t, 'logos')).toContain(`${hash}.png`);
      expect((await ipRows(t, id))[0]?.documentKey).toBe(OLD_DOCUMENT);
      expect(await storedBlobs(t, 'documents')).toContain(OLD_DOCUMENT);

      const app = await dev.client.json<Application>('GET', ApiPaths.app(id));
      const served = await fetch(new URL(app.body.logoUrl, t.baseUrl));
      expect(Buffer.from(await served.arrayBuffer()).equals(icon)).toBe(true);
      const link = app.body.ipRecordsWithFamilyPending[0]?.documentUrl ?? '';
      const document = await fetch(new URL(link, t.baseUrl));
      expect(Buffer.from(await document.arrayBuffer()).equals(makePdf())).toBe(true);

      expect((await run()).lines).toEqual([
        `Moved 0 icons and 0 documents from ${t.dataDir} into the ${backend} store.`,
      ]);
    });

    it('finishes a run cut short after a commit (the file still on disk) without harm', async () => {
      await writeFile(path.join(folder('logos'), OLD_ICON), icon);
      await writeFile(path.join(folder('documents'), OLD_DOCUMENT), makePdf());
      const logos = await storedBlobs(t, 'logos');
      const documents = await storedBlobs(t, 'documents');

      expect((await run()).exitCode).toBe(0);
      expect(await readdir(folder('logos'))).toEqual([]);
      expect(await storedBlobs(t, 'logos')).toEqual(logos);
      expect(await storedBlobs(t, 'documents')).toEqual(documents);
    });

    it('answers usage for anything but storage migrate', async () => {
      expect(
        await runStorageCommand(
          { db: t.db, store: testBlobStore(t), dataDir: t.dataDir, publicUrl: '' },
          ['storage'],
        ),
      ).toEqual({ lines: ['usage: admin storage migrate'], exitCode: 2 });
    });
  },
);
