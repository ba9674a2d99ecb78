import { CompiledQuery, type Transaction } from 'kysely';
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
const texts = new Map<string, string>();

function statementFor(parts: readonly InsertPart[], columns: string[][]): string {
  const key = parts.map((part, index) => `${part.table}(${columns[index]!.join(',')})${part.sequenced ?? ''}${part.skipConflicts ? '!' : ''}`).join('|');
  let text = texts.get(key);
  if (text) return text;
  const sequenced = parts.some((part) => part.sequenced);
  const ctes: string[] = [];
  if (sequenced) {
    // Materialized, and the numbers drawn from a join with the lock's row: the lock is taken before
    // the first number, as the pull's horizon needs.
    ctes.push(`lk as materialized (select ${PG_CHANGE_LOCK_SHARED})`);
    ctes.push(`seq as materialized (select g.k, nextval('${PG_CHANGE_SEQUENCE}') as value from lk cross join generate_series(1, $1::int) as g(k))`);
  }
  const counts: string[] = [];
  parts.forEach((part, index) => {
    const list = columns[index]!;
    const parameter = `$${index + 2}::json`;
    const select = list.map((column) => (column === part.sequenced ? 'seq.value' : `r.${quoted(column)}`)).join(', ');
    const source = part.sequenced ? ' join seq on seq.k = r.ordinality' : '';
    const conflict = part.skipConflicts ? ' on conflict do nothing returning 1' : '';
    ctes.push(
      `p${index} as (insert into ${part.table} (${list.map(quoted).join(', ')}) select ${select} from json_populate_recordset(null::${part.table}, ${parameter}) with ordinality as r${source}${conflict})`,
    );
    counts.push(part.skipConflicts ? `(select count(*) from p${index})::int as inserted${index}` : `${index} as part${index}`);
  });
  text = `with ${ctes.join(',\n')}\nselect ${sequenced ? '(select array_agg(value order by k) from seq)' : 'null'} as seqs, $1::int as sequenced_rows, ${counts.join(', ')}`;
  texts.set(key, text);
  return text;
}

export async function insertMany(trx: Transaction<Database>, parts: readonly InsertPart[]): Promise<MultiInsertResult> {
  const present = parts.filter((part) => part.rows.length > 0);
  if (present.length === 0) return { seqs: [], inserted: parts.map(() => 0) };
  const columns = present.map((part) => Object.keys(part.rows[0]!));
  const sequencedRows = present.find((part) => part.sequenced)?.rows.length ?? 0;
  const text = statementFor(present, columns);
  const parameters = [sequencedRows, ...present.map((part) => JSON.stringify(part.rows))];
  const row = (await trx.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, parameters))).rows[0] ?? {};
  const inserted = parts.map((part) => {
    const index = present.indexOf(part);
    if (index < 0) return 0;
    return part.skipConflicts ? Number(row[`inserted${index}`]) : part.rows.length;
  });
  const seqs = Array.isArray(row.seqs) ? row.seqs.map(Number) : [];
  if (seqs.length !== sequencedRows) throw new Error(`insertMany: ${seqs.length} change numbers for ${sequencedRows} rows`);
  return { seqs, inserted };
}
