import { randomBytes } from 'node:crypto';
import { link, mkdir, open, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';

type Values = Readonly<Record<string, string>>;

type Found =
  | { readonly kind: 'missing' }
  | { readonly kind: 'found'; readonly inode: number; readonly values: Values };

const ATTEMPTS = 5;

function isErrno(error: unknown, code: string): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === code;
}

/** What the file holds; a damaged file (an older version's interrupted write) holds nothing. */
async function read(file: string): Promise<Found> {
  let raw: string;
  let inode: number;
  try {
    const handle = await open(file, 'r');
    try {
      inode = (await handle.stat()).ino;
      raw = await handle.readFile('utf8');
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (isErrno(error, 'ENOENT')) return { kind: 'missing' };
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  const entries =
    parsed !== null && typeof parsed === 'object'
      ? Object.entries(parsed).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        )
      : [];
  return { kind: 'found', inode, values: Object.fromEntries(entries) };
}

async function syncDirectory(dir: string) {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** A complete, synced copy of `values` beside `file`, under a name no other process uses. */
async function writeTemp(file: string, values: Values): Promise<string> {
  const temp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const handle = await open(temp, 'wx', 0o600);
  try {
    await handle.writeFile(JSON.stringify(values, null, 2));
    await handle.sync();
  } finally {
    await handle.close();
  }
  return temp;
}

/**
 * Puts `values` at `file` only if nothing is there: `link` never replaces, so of processes
 * racing here exactly one wins and the others read the winner's complete file.
 */
async function create(file: string, values: Values): Promise<boolean> {
  const temp = await writeTemp(file, values);
  try {
    await link(temp, file);
    await syncDirectory(path.dirname(file));
    return true;
  } catch (error) {
    if (isErrno(error, 'EEXIST')) return false;
    throw error;
  } finally {
    await unlink(temp);
  }
}

/**
 * Moves the file we read (`inode`) out of the way. If another process replaced it since,
 * its file goes back and false says to read again.
 */
async function setAside(file: string, inode: number): Promise<boolean> {
  const aside = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.old`;
  try {
    await rename(file, aside);
  } catch (error) {
    if (isErrno(error, 'ENOENT')) return false;
    throw error;
  }
  const isOurs = (await stat(aside)).ino === inode;
  if (!isOurs) {
    try {
      await link(aside, file);
    } catch (error) {
      if (!isErrno(error, 'EEXIST')) throw error;
    }
  }
  await unlink(aside);
  return isOurs;
}

/**
 * The values kept in `file`, completed with `generate` for the names it lacks. A process
 * only ever sees a complete file: new contents are written to a temp file, synced, then
 * linked into place, so a crash leaves either the old file or the new one (and perhaps a
 * stray temp file, which is never read). Processes starting together agree on one file.
 */
export async function readOrCreate(
  file: string,
  names: readonly string[],
  generate: () => string,
): Promise<Values> {
  await mkdir(path.dirname(file), { recursive: true });
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const found = await read(file);
    const stored = found.kind === 'found' ? found.values : {};
    const missing = names.filter((name) => stored[name] === undefined);
    if (found.kind === 'found' && missing.length === 0) return stored;
    if (found.kind === 'found' && !(await setAside(file, found.inode))) continue;
    const values = { ...stored, ...Object.fromEntries(missing.map((name) => [name, generate()])) };
    if (await create(file, values)) return values;
  }
  throw new Error(`${file} kept changing while it was read; is another process rewriting it?`);
}
