import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { LOGOS_PATH } from '../../contract/api-paths.js';
import type { Db } from '../db/database.js';
import { iconName, inBlobTransaction, isBlobName, type BlobStore } from './blob-store.js';
import { relativizeLogoUrls, renameLogo } from './legacy-files.repository.js';

export interface ImportDeps {
  readonly db: Db;
  readonly store: BlobStore;
  readonly dataDir: string;
  readonly publicUrl: string;
}

// Names the old file store gave icons: 16 random bytes and .png.
const OLD_ICON_NAME = /^[A-Za-z0-9_-]{22}\.png$/;
// The old default of DEFAULT_APP_ICON_URL, after PUBLIC_URL.
const OLD_DEFAULT_ICON_PATH = '/default-app-icon.png';

async function namesIn(folder: string): Promise<string[]> {
  try {
    return (await readdir(folder)).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/**
 * Moves icons and proofs that older versions kept under DATA_DIR into the store. A file
 * goes only after the transaction that stored it committed, so a run cut short is simply
 * run again, and a run with nothing left does nothing.
 */
export async function importDataDirFiles(deps: ImportDeps) {
  const { db, store } = deps;
  await relativizeLogoUrls(db.kysely, deps.publicUrl, {
    logos: LOGOS_PATH,
    defaultIcon: OLD_DEFAULT_ICON_PATH,
  });
  const counts = { icons: 0, documents: 0 };

  const logos = path.join(deps.dataDir, 'uploads', 'logos');
  for (const name of (await namesIn(logos)).filter((n) => OLD_ICON_NAME.test(n))) {
    const file = path.join(logos, name);
    const bytes = await readFile(file);
    const key = iconName(bytes);
    await inBlobTransaction(db.kysely, store, async (trx, blobs) => {
      await blobs.put({ kind: 'logos', key }, bytes);
      await renameLogo(trx, name, { key, url: `${LOGOS_PATH}/${key}` });
    });
    await rm(file, { force: true });
    counts.icons += 1;
  }

  const documents = path.join(deps.dataDir, 'documents');
  for (const key of (await namesIn(documents)).filter((n) => isBlobName('documents', n))) {
    const file = path.join(documents, key);
    const bytes = await readFile(file);
    await inBlobTransaction(db.kysely, store, (_trx, blobs) =>
      blobs.put({ kind: 'documents', key }, bytes),
    );
    await rm(file, { force: true });
    counts.documents += 1;
  }
  return counts;
}
