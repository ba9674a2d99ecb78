import { CompiledQuery, type Insertable } from 'kysely';
import { isPostgres } from './dialect';
import { insertRow } from './precompiled';
import type { Database } from './schema';
import type { DbOrTrx } from './transaction';

/**
 * Writes of many rows of one table in one statement on PostgreSQL, where each statement is a round
 * trip to the server: the checkout's group commit writes a batch's orders this way
 * (server/write-path/postgres-group-commit.ts). On SQLite, whose statements run in-process, one
 * precompiled statement per row costs less than building a multi-row one.
 */

/** PostgreSQL takes at most 65,535 parameters per statement; a chunk stays well below. */
const MAX_PARAMETERS = 30_000;

const quote = (name: string) => `"${name}"`;

function chunksOf<T>(rows: readonly T[], columns: number): T[][] {
  const size = Math.max(1, Math.floor(MAX_PARAMETERS / Math.max(1, columns)));
  const chunks: T[][] = [];
  for (let start = 0; start < rows.length; start += size) chunks.push(rows.slice(start, start + size));
  return chunks;
}

/**
 * Inserts `rows` (all with the columns of the first) and returns the `returning` column of each
 * row inserted; with `ignoreConflict` a row that would break a unique constraint is skipped.
 */
export async function insertRows<T extends keyof Database & string>(
  db: DbOrTrx,
  table: T,
  rows: readonly Insertable<Database[T]>[],
  options: { ignoreConflict?: boolean; returning?: string } = {},
): Promise<unknown[]> {
  if (rows.length === 0) return [];
  if (!isPostgres(db)) return insertOneByOne(db, table, rows, options);
  const columns = Object.keys(rows[0]!);
  const returned: unknown[] = [];
  for (const chunk of chunksOf(rows, columns.length)) {
    const parameters: unknown[] = [];
    const tuples = chunk.map((row) => {
      const record = row as Record<string, unknown>;
      return `(${columns.map((column) => `$${parameters.push(record[column] ?? null)}`).join(', ')})`;
    });
    const conflict = options.ignoreConflict ? ' on conflict do nothing' : '';
    const returning = options.returning ? ` returning ${quote(options.returning)}` : '';
    const text = `insert into ${quote(table)} (${columns.map(quote).join(', ')}) values ${tuples.join(', ')}${conflict}${returning}`;
    const result = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, parameters));
    if (options.returning) for (const row of result.rows) returned.push(row[options.returning]);
  }
  return returned;
}

async function insertOneByOne<T extends keyof Database & string>(
  db: DbOrTrx,
  table: T,
  rows: readonly Insertable<Database[T]>[],
  options: { ignoreConflict?: boolean; returning?: string },
): Promise<unknown[]> {
  const returned: unknown[] = [];
  for (const row of rows) {
    const inserted = await insertRow(db, table, row, { ignoreConflict: options.ignoreConflict });
    if (inserted && options.returning) returned.push((row as Record<string, unknown>)[options.returning]);
  }
  return returned;
}

/**
 * Updates many rows, each found by `key` and given its own values, in one statement (PostgreSQL
 * only: `update … from (values …)`); `types` names each column's SQL type, since a VALUES list has none
 * of its own. All rows have the columns of the first; the key is not updated.
 */
export async function updateRowsByKey<T extends keyof Database & string>(
  db: DbOrTrx,
  table: T,
  key: string,
  rows: readonly Record<string, unknown>[],
  types: Record<string, string>,
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  const updated = columns.filter((column) => column !== key);
  if (!isPostgres(db)) throw new Error('updateRowsByKey is for PostgreSQL: on SQLite update row by row');
  for (const chunk of chunksOf(rows, columns.length)) {
    const parameters: unknown[] = [];
    const tuples = chunk.map((row) => `(${columns.map((column) => `$${parameters.push(row[column] ?? null)}::${types[column] ?? 'text'}`).join(', ')})`);
    const text =
      `update ${quote(table)} as t set ${updated.map((column) => `${quote(column)} = v.${quote(column)}`).join(', ')} ` +
      `from (values ${tuples.join(', ')}) as v (${columns.map(quote).join(', ')}) where t.${quote(key)} = v.${quote(key)}`;
    await db.executeQuery(CompiledQuery.raw(text, parameters));
  }
}
