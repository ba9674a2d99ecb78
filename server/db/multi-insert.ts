import { CompiledQuery, type Transaction } from 'kysely';
import type { Db } from './database';
import type { Database } from './schema';
import { PG_CHANGE_LOCK_SHARED, PG_CHANGE_SEQUENCE } from '../sync/change-sequence.repository';

/**
 * Many rows into several PostgreSQL tables in one statement: each table's rows go as one JSON
 * parameter (`json_populate_recordset` over the table's own row type, so every value takes its
 * column's type), each table is a data-modifying CTE of the same statement. Foreign keys are
 * checked at the end of the statement, so an order and its items can go in side by side. One
 * round trip instead of one per row: on a loaded machine every round trip is two context
 * switches, and those, not the server's CPU, were what a batch waited on (docs/benchmarks/scale.md).
 *
 * A part with `sequenced` takes the change sequence: the statement takes the shared change lock
 * and one number of the sequence per row, in row order (server/sync/change-sequence.repository.ts
 * says why a pull still never skips a change).
 */
export interface InsertPart {
  table: keyof Database & string;
  rows: readonly object[];
  /** The column given the change sequence (see above); at most one part may have it. */
  sequenced?: string;
  /** Rows that break a unique constraint are skipped and the part reports how many went in. */
  skipConflicts?: boolean;
}

export interface MultiInsertResult {
  /** The change numbers the sequenced part's rows took, in row order (empty when none is sequenced). */
  seqs: number[];
  /** Rows inserted per part (parts without skipConflicts: all of them). */
  inserted: number[];
}

const quoted = (column: string) => `"${column}"`;

/** Writes nothing when any of `keys` is already in `table`.`column` (an Idempotency-Key that has answered). */
export interface InsertGuard {
  table: keyof Database & string;
  column: string;
  keys: readonly string[];
}

const statements = new Map<string, string>();

function statementFor(parts: readonly InsertPart[], columns: string[][], guard?: Omit<InsertGuard, 'keys'>): string {
  const guardKey = guard ? `?${guard.table}.${guard.column}` : '';
  const key = parts.map((part, index) => `${part.table}(${columns[index]!.join(',')})${part.sequenced ?? ''}${part.skipConflicts ? '!' : ''}`).join('|') + guardKey;
  const statement = statements.get(key);
  if (statement) return statement;
  const sequenced = parts.some((part) => part.sequenced);
  const ctes: string[] = [];
  // With a guard, every part writes only when no key was found; a unique violation (a key inserted
  // meanwhile) fails the whole statement instead of being skipped.
  const unlessFound = guard ? ' where not exists (select 1 from found)' : '';
  if (guard) ctes.push(`found as materialized (select 1 from ${guard.table} where ${quoted(guard.column)} = any($${parts.length + 2}::text[]) limit 1)`);
  if (sequenced) {
    // Materialized, and the numbers drawn from a join with the lock's row: the lock is taken before
    // the first number, as the pull's horizon needs.
    ctes.push(`lk as materialized (select ${PG_CHANGE_LOCK_SHARED}${unlessFound})`);
    ctes.push(`seq as materialized (select g.k, nextval('${PG_CHANGE_SEQUENCE}') as value from lk cross join generate_series(1, $1::int) as g(k))`);
  }
  const counts: string[] = [];
  parts.forEach((part, index) => {
    const list = columns[index]!;
    const parameter = `$${index + 2}::json`;
    const select = list.map((column) => (column === part.sequenced ? 'seq.value' : `r.${quoted(column)}`)).join(', ');
    const source = part.sequenced ? ' join seq on seq.k = r.ordinality' : unlessFound;
    const skips = part.skipConflicts && !guard;
    const conflict = skips ? ' on conflict do nothing returning 1' : '';
    ctes.push(
      `p${index} as (insert into ${part.table} (${list.map(quoted).join(', ')}) select ${select} from json_populate_recordset(null::${part.table}, ${parameter}) with ordinality as r${source}${conflict})`,
    );
    counts.push(skips ? `(select count(*) from p${index})::int as inserted${index}` : `${index} as part${index}`);
  });
  const blocked = guard ? 'exists (select 1 from found)' : 'false';
  const text = `with ${ctes.join(',\n')}\nselect ${sequenced ? '(select array_agg(value order by k) from seq)' : 'null'} as seqs, $1::int as sequenced_rows, ${blocked} as blocked, ${counts.join(', ')}`;
  statements.set(key, text);
  return text;
}

interface Prepared {
  present: InsertPart[];
  statement: string;
  parameters: unknown[];
  sequencedRows: number;
}

function prepare(parts: readonly InsertPart[], guard?: InsertGuard): Prepared | null {
  const present = parts.filter((part) => part.rows.length > 0);
  if (present.length === 0) return null;
  const columns = present.map((part) => Object.keys(part.rows[0]!));
  const sequencedRows = present.find((part) => part.sequenced)?.rows.length ?? 0;
  const statement = statementFor(present, columns, guard);
  const parameters: unknown[] = [sequencedRows, ...present.map((part) => JSON.stringify(part.rows))];
  if (guard) parameters.push(guard.keys);
  return { present, statement, parameters, sequencedRows };
}

function resultOf(parts: readonly InsertPart[], prepared: Prepared, row: Record<string, unknown>): MultiInsertResult {
  const inserted = parts.map((part) => {
    const index = prepared.present.indexOf(part);
    if (index < 0) return 0;
    return row[`inserted${index}`] === undefined ? part.rows.length : Number(row[`inserted${index}`]);
  });
  const seqs = Array.isArray(row.seqs) ? row.seqs.map(Number) : [];
  if (seqs.length !== prepared.sequencedRows) throw new Error(`insertMany: ${seqs.length} change numbers for ${prepared.sequencedRows} rows`);
  return { seqs, inserted };
}

/** The parts in one statement of the caller's transaction. */
export async function insertMany(trx: Transaction<Database>, parts: readonly InsertPart[]): Promise<MultiInsertResult> {
  const prepared = prepare(parts);
  if (!prepared) return { seqs: [], inserted: parts.map(() => 0) };
  const { rows } = await trx.executeQuery<Record<string, unknown>>(CompiledQuery.raw(prepared.statement, prepared.parameters));
  return resultOf(parts, prepared, rows[0] ?? {});
}

/**
 * The parts in one statement that is its own transaction (all of it or nothing): one round trip
 * instead of BEGIN, a look-up, the insert and COMMIT. `blocked`: a guard key was found, and nothing
 * was written. Not a named prepared statement: its generic plan, made while the tables were small,
 * went on scanning payment_intents whole as it grew (7 ms a batch, measured), where each custom plan
 * costs ~0.2 ms.
 */
export async function insertManyAtOnce(db: Db, parts: readonly InsertPart[], guard: InsertGuard): Promise<MultiInsertResult & { blocked: boolean }> {
  const prepared = prepare(parts, guard);
  if (!prepared) return { seqs: [], inserted: parts.map(() => 0), blocked: false };
  const { rows } = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(prepared.statement, prepared.parameters));
  const row = rows[0] ?? {};
  if (row.blocked === true) return { seqs: [], inserted: parts.map(() => 0), blocked: true };
  return { ...resultOf(parts, prepared, row), blocked: false };
}
