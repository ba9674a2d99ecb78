import { CompiledQuery, type Transaction } from 'kysely';
import type { Database } from './schema';

/**
 * Many rows into several PostgreSQL tables in one statement: each table's rows go as one JSON
 * parameter (`json_populate_recordset` over the table's own row type, so every value takes its
 * column's type), each table is a data-modifying CTE of the same statement. Foreign keys are
 * checked at the end of the statement, so an order and its items can go in side by side. One
 * round trip instead of one per row: on a loaded machine every round trip is two context
 * switches, and those, not the server's CPU, were what a batch waited on (docs/benchmarks/scale.md).
 *
 * A part with `sequenced` takes the change sequence: the statement adds the part's row count to
 * the `change_counters` row and gives the k-th row `new value - count + k` in that column. The
 * counter's row lock is then held from this statement to COMMIT only (design.md §4 holds: whoever
 * takes a sequence keeps the row locked until it commits, so sequences become visible in order).
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
  /** The counter's new value, when a part is sequenced. */
  lastSeq: number | null;
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
  if (sequenced) ctes.push(`seq as (update change_counters set value = value + $1::bigint where name = 'orders' returning value)`);
  const counts: string[] = [];
  parts.forEach((part, index) => {
    const list = columns[index]!;
    const parameter = `$${index + 2}::json`;
    const select = list.map((column) => (column === part.sequenced ? '(select value from seq) - $1::bigint + r.ordinality' : `r.${quoted(column)}`)).join(', ');
    const conflict = part.skipConflicts ? ' on conflict do nothing returning 1' : '';
    ctes.push(
      `p${index} as (insert into ${part.table} (${list.map(quoted).join(', ')}) select ${select} from json_populate_recordset(null::${part.table}, ${parameter}) with ordinality as r${conflict})`,
    );
    counts.push(part.skipConflicts ? `(select count(*) from p${index})::int as inserted${index}` : `${index} as part${index}`);
  });
  text = `with ${ctes.join(',\n')}\nselect ${sequenced ? '(select value from seq)' : 'null'} as last_seq, $1::bigint as sequenced_rows, ${counts.join(', ')}`;
  texts.set(key, text);
  return text;
}

export async function insertMany(trx: Transaction<Database>, parts: readonly InsertPart[]): Promise<MultiInsertResult> {
  const present = parts.filter((part) => part.rows.length > 0);
  if (present.length === 0) return { lastSeq: null, inserted: parts.map(() => 0) };
  const columns = present.map((part) => Object.keys(part.rows[0]!));
  const sequencedRows = present.find((part) => part.sequenced)?.rows.length ?? 0;
  const text = statementFor(present, columns);
  const parameters = [sequencedRows, ...present.map((part) => JSON.stringify(part.rows))];
  const row = (await trx.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, parameters))).rows[0] ?? {};
  if (present.some((part) => part.sequenced) && row.last_seq == null) throw new Error('change_counters has no row for orders');
  const inserted = parts.map((part) => {
    const index = present.indexOf(part);
    if (index < 0) return 0;
    return part.skipConflicts ? Number(row[`inserted${index}`]) : part.rows.length;
  });
  return { lastSeq: row.last_seq == null ? null : Number(row.last_seq), inserted };
}
