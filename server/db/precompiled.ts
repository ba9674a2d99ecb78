import { CompiledQuery, type Compilable, type Insertable } from 'kysely';
import { isPostgres } from './dialect';
import { heldConnection } from './sqlite-connection';
import type { Database } from './schema';
import type { DbOrTrx } from './transaction';

/**
 * Queries on the checkout's hot path are built with Kysely once per dialect and then run as
 * compiled SQL with new arguments: building and compiling a query costs more than SQLite takes to
 * run most of them (docs/benchmarks.md). The query is built with unique marker values in
 * place of its arguments; the markers' positions among the compiled parameters say where each
 * argument goes, and every other parameter (a constant of the query) is kept as compiled.
 * Arguments must be single values that the query uses as plain parameters: a list (`in`) or
 * anything that changes the SQL itself cannot be precompiled, and the build refuses an argument
 * that does not appear among the parameters.
 */
export interface Precompiled<A extends unknown[], R> {
  /** All rows. */
  rows(db: DbOrTrx, ...args: A): Promise<R[]>;
  /** The first row, if any. */
  first(db: DbOrTrx, ...args: A): Promise<R | undefined>;
  /** Rows changed by an insert, update or delete without RETURNING (with it, use rows or first). */
  run(db: DbOrTrx, ...args: A): Promise<number>;
}

interface Template {
  sql: string;
  /** For each compiled parameter: the argument index it takes (-1: it keeps its constant). */
  argumentAt: number[];
  /** For each compiled parameter: the query's own constant (where argumentAt is -1). */
  constants: unknown[];
}

const marker = (index: number) => `\u0000precompiled-argument-${index}\u0000`;

export function precompile<A extends unknown[], R>(arity: A['length'], build: (db: DbOrTrx, ...args: A) => Compilable<R>): Precompiled<A, R> {
  const templates = new Map<boolean, Template>();

  function templateFor(db: DbOrTrx): Template {
    const postgres = isPostgres(db);
    let template = templates.get(postgres);
    if (!template) {
      const markers = Array.from({ length: arity }, (_, index) => marker(index));
      const compiled = build(db, ...(markers as unknown as A)).compile();
      const argumentAt = compiled.parameters.map((parameter) => markers.indexOf(parameter as string));
      const used = new Set(argumentAt.filter((arg) => arg >= 0));
      if (used.size !== arity) throw new Error(`precompile: the query uses ${used.size} of its ${arity} arguments as plain parameters`);
      template = { sql: compiled.sql, argumentAt, constants: compiled.parameters.map((parameter, index) => (argumentAt[index]! >= 0 ? undefined : parameter)) };
      templates.set(postgres, template);
    }
    return template;
  }

  async function execute(db: DbOrTrx, args: A): Promise<{ rows: R[]; changes: number }> {
    const { sql, argumentAt, constants } = templateFor(db);
    const parameters = new Array<unknown>(argumentAt.length);
    for (let index = 0; index < argumentAt.length; index++) {
      const arg = argumentAt[index]!;
      parameters[index] = arg >= 0 ? args[arg] : constants[index];
    }
    const connection = heldConnection(db);
    if (connection) {
      // As Kysely's SQLite driver runs it, without the hand-over (sqlite-connection.ts).
      const statement = connection.prepare(sql);
      if (statement.reader) return { rows: statement.all(parameters) as R[], changes: 0 };
      return { rows: [], changes: statement.run(parameters).changes };
    }
    const result = await db.executeQuery<R>(CompiledQuery.raw(sql, parameters));
    return { rows: result.rows, changes: Number(result.numAffectedRows ?? 0) };
  }

  return {
    rows: async (db, ...args) => (await execute(db, args)).rows,
    first: async (db, ...args) => (await execute(db, args)).rows[0],
    run: async (db, ...args) => (await execute(db, args)).changes,
  };
}

const rowInserts = new Map<string, Precompiled<unknown[], unknown>>();

/**
 * Inserts one row through a query compiled once per table, column list and conflict handling.
 * `ignoreConflict` skips a row that would break a unique constraint; returns whether it was inserted.
 */
export async function insertRow<T extends keyof Database & string>(
  db: DbOrTrx,
  table: T,
  row: Insertable<Database[T]>,
  options: { ignoreConflict?: boolean } = {},
): Promise<boolean> {
  // One pass over the row for the statement's key, its columns and its values (this runs for every
  // row a checkout writes).
  let key = options.ignoreConflict ? `${table}|ignore|` : `${table}|fail|`;
  const columns: string[] = [];
  const values: unknown[] = [];
  for (const column in row) {
    const value = (row as Record<string, unknown>)[column];
    if (value === undefined) continue;
    key += `${column},`;
    columns.push(column);
    values.push(value);
  }
  let insert = rowInserts.get(key);
  if (!insert) {
    insert = precompile(columns.length, (qb, ...values) => {
      const query = qb.insertInto(table).values(Object.fromEntries(columns.map((column, index) => [column, values[index]])) as Insertable<Database[T]>);
      return options.ignoreConflict ? query.onConflict((oc) => oc.doNothing()) : query;
    });
    rowInserts.set(key, insert);
  }
  return (await insert.run(db, ...values)) > 0;
}
