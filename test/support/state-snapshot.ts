import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { TestApp } from './test-app.js';

/** Per table (and per stored file): a row count and a hash of the contents. */
export type StateSnapshot = Readonly<Record<string, string>>;

function hashOf(values: readonly string[]): string {
  const hash = createHash('sha256');
  for (const value of [...values].sort()) hash.update(value).update('\0');
  return hash.digest('hex');
}

/** Files under the data dir; the SQLite database files are read as tables instead. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && !entry.name.startsWith('portal.db'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Every table the migrations made, found once by introspection so new tables count too. */
export async function tableNames(t: TestApp): Promise<string[]> {
  return (await t.db.kysely.introspection.getTables()).map((table) => table.name);
}

/** Columns left out of a table's rows, by table: what a refused request may rightly write. */
export type IgnoredColumns = Readonly<Record<string, readonly string[]>>;

function without(row: Record<string, unknown>, columns: readonly string[]) {
  return Object.fromEntries(Object.entries(row).filter(([name]) => !columns.includes(name)));
}

/** Rows left out of a table, by table: what a refused request may rightly add. */
export type IgnoredRows = Readonly<Record<string, (row: Record<string, unknown>) => boolean>>;

/**
 * The rows of `tables` (less their `ignored` columns and `ignoredRows`) and every stored
 * file, as `rows:hash` and `bytes:hash` entries.
 */
export async function snapshotState(
  t: TestApp,
  tables: readonly string[],
  ignored: IgnoredColumns = {},
  ignoredRows: IgnoredRows = {},
): Promise<StateSnapshot> {
  const snapshot: Record<string, string> = {};
  const contents = await Promise.all(
    tables.map((table) =>
      sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(t.db.kysely),
    ),
  );
  tables.forEach((table, index) => {
    const left = ignored[table] ?? [];
    const isIgnored = ignoredRows[table] ?? (() => false);
    const rows = (contents[index]?.rows ?? [])
      .filter((row) => !isIgnored(row))
      .map((row) => JSON.stringify(without(row, left)));
    snapshot[`table ${table}`] = `${rows.length}:${hashOf(rows)}`;
  });
  for (const file of await filesUnder(t.dataDir)) {
    const bytes = await readFile(file);
    snapshot[`file ${path.relative(t.dataDir, file)}`] =
      `${bytes.length}:${createHash('sha256').update(bytes).digest('hex')}`;
  }
  return snapshot;
}

/** The entries that differ between two snapshots (added, removed or changed). */
export function changedEntries(before: StateSnapshot, after: StateSnapshot): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((key) => before[key] !== after[key]).sort();
}
