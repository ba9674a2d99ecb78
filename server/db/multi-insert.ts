import { createHash } from 'node:crypto';
import { CompiledQuery, type Transaction } from 'kysely';
import { postgresPoolOf, type Db } from './database';
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
  /** Rows that break a unique constraint are skipped, and the part reports the ids of those that went in. */
  skipConflicts?: boolean;
}

export interface MultiInsertResult {
  /** The change numbers the sequenced part's rows took, in row order (empty when none is sequenced). */
  seqs: number[];
  /** The ids of the rows inserted, for parts with skipConflicts (others: empty, all went in). */
  insertedIds: string[][];
}

const quoted = (column: string) => `"${column}"`;

interface Statement {
  text: string;
  /** Its name as a prepared statement (insertManyAtOnce): each pooled connection plans it once. */
  name: string;
}

const statements = new Map<string, Statement>();

/**
 * A data-modifying statement that runs first in the same statement (a CTE named `lead` that returns
 * one row per row it changed); the statement fails whole unless it changed `expectedRows` rows.
 */
export interface LeadingWrite {
  /** Names the SQL in the statement cache. */
  name: string;
  /** The CTE's statement, given its one parameter's placeholder (e.g. `$4::json`). */
  sql: (parameter: string) => string;
  parameter: unknown;
  expectedRows: number;
}

function statementFor(parts: readonly InsertPart[], columns: string[][], lead?: LeadingWrite): Statement {
  const key = parts.map((part, index) => `${part.table}(${columns[index]!.join(',')})${part.sequenced ?? ''}${part.skipConflicts ? '!' : ''}`).join('|') + (lead ? `<${lead.name}` : '');
  const known = statements.get(key);
  if (known) return known;
  const sequenced = parts.some((part) => part.sequenced);
  const ctes: string[] = [];
  if (lead) ctes.push(`lead as (${lead.sql(`$${parts.length + 2}::json`)})`);
  if (sequenced) {
    // Materialized, and the numbers drawn from a join with the lock's row: the lock is taken before
    // the first number, as the pull's horizon needs.
    ctes.push(`lk as materialized (select ${PG_CHANGE_LOCK_SHARED})`);
    // json_array_elements, not generate_series($1): the planner's row estimate for it does not
    // depend on the parameters, so PostgreSQL keeps one generic plan for the prepared statement
    // instead of planning every batch anew.
    ctes.push(`seq as materialized (select g.k, nextval('${PG_CHANGE_SEQUENCE}') as value from lk cross join json_array_elements($1::json) with ordinality as g(v, k))`);
  }
  const counts: string[] = [];
  parts.forEach((part, index) => {
    const list = columns[index]!;
    const parameter = `$${index + 2}::json`;
    const select = list.map((column) => (column === part.sequenced ? 'seq.value' : `r.${quoted(column)}`)).join(', ');
    const source = part.sequenced ? ' join seq on seq.k = r.ordinality' : '';
    const skips = part.skipConflicts;
    const conflict = skips ? ' on conflict do nothing returning id' : '';
    ctes.push(
      `p${index} as (insert into ${part.table} (${list.map(quoted).join(', ')}) select ${select} from json_populate_recordset(null::${part.table}, ${parameter}) with ordinality as r${source}${conflict})`,
    );
    counts.push(skips ? `(select coalesce(array_agg(id), '{}') from p${index}) as ids${index}` : `${index} as part${index}`);
  });
  // shop_assert (migration 2026-11-25T0200) raises, and the statement with all its writes is undone.
  if (lead) counts.push(`shop_assert((select count(*) from lead) = $${parts.length + 3}::int, 'the leading write changed another number of rows') as lead_ok`);
  // Without a sequenced part $1 is unused, and PostgreSQL wants every parameter's type known.
  const text = `with ${ctes.join(',\n')}\nselect ${sequenced ? '(select array_agg(value order by k) from seq)' : '$1::json is null'} as seqs, ${counts.join(', ')}`;
  const statement = { text, name: `insert_many_${createHash('sha1').update(text).digest('hex').slice(0, 24)}` };
  statements.set(key, statement);
  return statement;
}

interface Prepared {
  present: InsertPart[];
  statement: Statement;
  parameters: unknown[];
  sequencedRows: number;
}

function prepare(parts: readonly InsertPart[], lead?: LeadingWrite): Prepared | null {
  const present = parts.filter((part) => part.rows.length > 0);
  if (present.length === 0) return null;
  const columns = present.map((part) => Object.keys(part.rows[0]!));
  const sequencedRows = present.find((part) => part.sequenced)?.rows.length ?? 0;
  const statement = statementFor(present, columns, lead);
  // $1: one JSON element per sequenced row (the numbers' ordinals), then each part's rows.
  const parameters: unknown[] = [`[${'0,'.repeat(sequencedRows).slice(0, -1)}]`, ...present.map((part) => JSON.stringify(part.rows))];
  if (lead) parameters.push(lead.parameter, lead.expectedRows);
  return { present, statement, parameters, sequencedRows };
}

function resultOf(parts: readonly InsertPart[], prepared: Prepared, row: Record<string, unknown>): MultiInsertResult {
  const insertedIds = parts.map((part) => {
    const ids = row[`ids${prepared.present.indexOf(part)}`];
    return Array.isArray(ids) ? ids.map(String) : [];
  });
  const seqs = prepared.sequencedRows > 0 && Array.isArray(row.seqs) ? row.seqs.map(Number) : [];
  if (seqs.length !== prepared.sequencedRows) throw new Error(`insertMany: ${seqs.length} change numbers for ${prepared.sequencedRows} rows`);
  return { seqs, insertedIds };
}

/** The parts in one statement of the caller's transaction. */
export async function insertMany(trx: Transaction<Database>, parts: readonly InsertPart[]): Promise<MultiInsertResult> {
  const prepared = prepare(parts);
  if (!prepared) return { seqs: [], insertedIds: parts.map(() => []) };
  const { rows } = await trx.executeQuery<Record<string, unknown>>(CompiledQuery.raw(prepared.statement.text, prepared.parameters));
  return resultOf(parts, prepared, rows[0] ?? {});
}

/**
 * The parts in one statement that is its own transaction, all of it or nothing: one round trip
 * instead of BEGIN, the statements and COMMIT. A row that breaks a unique constraint in a part
 * without skipConflicts (an Idempotency-Key that has answered before, a colliding order number)
 * fails the statement, nothing is written, and the caller goes the longer way.
 *
 * It runs as a named prepared statement, which each pooled connection plans once. So it must read
 * no table itself: PostgreSQL keeps one generic plan, and one made while a table was small went on
 * scanning it whole as it grew (a version with a key look-up in it: 3-7 ms a batch). A `lead` that
 * must find rows calls a function whose plan is made with sequential scans off (shop_settle_records).
 */
export async function insertManyAtOnce(
  db: Db,
  parts: readonly InsertPart[],
  options: { lead?: LeadingWrite } = {},
): Promise<MultiInsertResult> {
  const prepared = prepare(parts, options.lead);
  if (!prepared) return { seqs: [], insertedIds: parts.map(() => []) };
  const pool = postgresPoolOf(db);
  if (!pool) throw new Error('insertManyAtOnce needs PostgreSQL');
  const { text, name } = prepared.statement;
  const { rows } = await pool.query<Record<string, unknown>>({ name, text, values: prepared.parameters });
  return resultOf(parts, prepared, rows[0] ?? {});
}
