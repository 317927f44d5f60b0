import { useMemo, useRef, useState, type ChangeEvent } from 'react';
import type { IpRowsSchema } from './app-form.js';

export interface IpRow {
  /** The row's key while it lives, for React and for its input's id. */
  readonly id: string;
  readonly value: string;
}

let lastRowId = 0;

function rowOf(value: string): IpRow {
  lastRowId += 1;
  return { id: String(lastRowId), value };
}

/** The rows as the app forms' schemas read them. */
export function rowValues(rows: readonly IpRow[]): { value: string }[] {
  return rows.map(({ value }) => ({ value }));
}

/**
 * The IP rows of the create and update forms: their text, a stable key each, and their
 * messages by the form's own rules (`schema`). A row shows its message once it has changed,
 * as the forms' other fields do; the list's message (over the limit) shows at once. A row
 * added takes the focus.
 */
export function useIpRows(initial: readonly string[], schema: IpRowsSchema) {
  const [rows, setRows] = useState<readonly IpRow[]>(() => initial.map(rowOf));
  const [changed, setChanged] = useState<ReadonlySet<string>>(() => new Set());
  // The row just added: its input takes the focus when it mounts.
  const added = useRef<string | null>(null);

  const issues = useMemo(() => {
    const result = schema.safeParse(rowValues(rows));
    return result.success ? [] : result.error.issues;
  }, [schema, rows]);

  const set = (index: number, value: string) => {
    const id = rows[index]?.id;
    if (id === undefined) return;
    setRows((current) => current.map((row) => (row.id === id ? { id, value } : row)));
    setChanged((current) => (current.has(id) ? current : new Set([...current, id])));
  };

  const add = (value: string) => {
    const row = rowOf(value);
    setRows((current) => [...current, row]);
    added.current = row.id;
  };

  return {
    rows,
    entries: rows.map((row) => row.value),
    add,
    set,
    remove: (index: number) => setRows((current) => current.filter((_, at) => at !== index)),
    /** Starts again from `values`: new rows, no message shown. */
    replace: (values: readonly string[]) => {
      setRows(values.map(rowOf));
      setChanged(new Set());
    },
    /** The props of row `index`'s input. */
    inputProps: (index: number) => {
      const row = rows[index];
      return {
        name: `ips.${String(index)}`,
        value: row?.value ?? '',
        onChange: (event: ChangeEvent<HTMLInputElement>) => set(index, event.target.value),
        ref: (element: HTMLInputElement | null) => {
          if (element === null || row?.id !== added.current) return;
          added.current = null;
          element.focus();
        },
      };
    },
    errorOf: (index: number) => {
      const id = rows[index]?.id;
      if (id === undefined || !changed.has(id)) return undefined;
      return issues.find((issue) => issue.path[0] === index)?.message;
    },
    listError: issues.find((issue) => issue.path.length === 0)?.message,
  };
}
