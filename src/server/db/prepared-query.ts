import type { Compilable, CompiledQuery, DialectAdapter, Kysely } from 'kysely';
import type { Database } from './schema.js';

/** Stand-ins for the values while the query is compiled; never sent to the database. */
const placeholder = (index: number) => `\u0000PreparedQuery.Parameter#${String(index)}\u0000`;

/** What a prepared query's parameters may be: each is sent as one value. */
export type PreparedParam = string | number | null;

export interface PreparedQuery<Params extends PreparedParam[], Row> {
  (db: Kysely<Database>, ...params: Params): Promise<Row[]>;
  /** The query with these values, as it is sent (the query-plan test reads it). */
  compile(db: Kysely<Database>, ...params: Params): CompiledQuery<Row>;
}

/**
 * A hot query built and compiled by Kysely once per dialect, then run with new values:
 * building and transforming the same query on every request was about a sixth of the
 * server's time on GET /api/v1/apps (docs/decisions/018-bench-method.md). `build` gets
 * placeholder strings for its parameters, whatever their declared types, and must use each
 * as one plain value (a parameter that disappears, say into arithmetic, throws).
 */
export function preparedQuery<Params extends PreparedParam[], Row>(
  arity: Params['length'],
  build: (db: Kysely<Database>, ...params: Params) => Compilable<Row>,
): PreparedQuery<Params, Row> {
  const templates = new WeakMap<DialectAdapter, { query: CompiledQuery<Row>; slots: number[] }>();

  function templateFor(db: Kysely<Database>) {
    const adapter = db.getExecutor().adapter;
    let template = templates.get(adapter);
    if (template === undefined) {
      const names = Array.from({ length: arity }, (_, index) => placeholder(index)) as Params;
      const query = build(db, ...names).compile();
      const slots = query.parameters.map((value) => names.indexOf(value as string));
      for (let index = 0; index < arity; index += 1) {
        if (!slots.includes(index))
          throw new Error(`preparedQuery: parameter ${String(index)} unused`);
      }
      template = { query, slots };
      templates.set(adapter, template);
    }
    return template;
  }

  function compile(db: Kysely<Database>, ...params: Params): CompiledQuery<Row> {
    const { query, slots } = templateFor(db);
    const parameters = query.parameters.map((value, index) => {
      const slot = slots[index] ?? -1;
      return slot === -1 ? value : params[slot];
    });
    return { ...query, parameters };
  }

  async function run(db: Kysely<Database>, ...params: Params): Promise<Row[]> {
    return (await db.executeQuery(compile(db, ...params))).rows;
  }

  return Object.assign(run, { compile });
}
