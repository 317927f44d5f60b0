import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Public icons (served at /uploads/logos) and private proof documents (signed links only). */
export type FileKind = 'logos' | 'documents';

// Server-made names only: 22 base64url characters (16 random bytes) and a known extension.
const NAME_PATTERN: Readonly<Record<FileKind, RegExp>> = {
  logos: /^[A-Za-z0-9_-]{22}\.png$/,
  documents: /^[A-Za-z0-9_-]{22}\.(?:pdf|png|jpg)$/,
};

export interface FileStore {
  /** A fresh server-made name with the extension, never derived from the client's name. */
  newName(extension: string): string;
  isValidName(kind: FileKind, name: string): boolean;
  write(kind: FileKind, name: string, bytes: Uint8Array): Promise<void>;
  /** The bytes, or null when the name is not ours or no such file exists. */
  read(kind: FileKind, name: string): Promise<Buffer | null>;
  /** Removes the file; a missing file is not an error. */
  remove(kind: FileKind, name: string): Promise<void>;
  folder(kind: FileKind): string;
}

/** Files under DATA_DIR: uploads/logos for icons, documents for private proofs. */
export function createFileStore(dataDir: string): FileStore {
  const folders: Readonly<Record<FileKind, string>> = {
    logos: path.join(dataDir, 'uploads', 'logos'),
    documents: path.join(dataDir, 'documents'),
  };
  const isValidName = (kind: FileKind, name: string) => NAME_PATTERN[kind].test(name);
  const fileOf = (kind: FileKind, name: string) => {
    if (!isValidName(kind, name)) throw new Error(`not a stored file name: ${name}`);
    return path.join(folders[kind], name);
  };
  return {
    newName: (extension) => `${randomBytes(16).toString('base64url')}.${extension}`,
    isValidName,
    async write(kind, name, bytes) {
      await mkdir(folders[kind], { recursive: true });
      await writeFile(fileOf(kind, name), bytes, { flag: 'wx', mode: 0o600 });
    },
    async read(kind, name) {
      if (!isValidName(kind, name)) return null;
      try {
        return await readFile(fileOf(kind, name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(kind, name) {
      if (!isValidName(kind, name)) return;
      await rm(fileOf(kind, name), { force: true });
    },
    folder: (kind) => folders[kind],
  };
}
