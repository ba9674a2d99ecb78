import type { Insertable } from 'kysely';
import type { DbOrTrx } from '../../db/transaction';
import type { CutDesignTable } from './cut-design.table';

/** Keys or rows per statement: a few MB of outlines, handled without holding the event loop long. */
const READ_BATCH = 250;

export type CutDesignRow = Insertable<CutDesignTable>;

/** The stored designs of these keys (those stored; the rest are missing from the answer). */
export async function findCutDesigns(db: DbOrTrx, keys: readonly string[]): Promise<CutDesignRow[]> {
  const rows: CutDesignRow[] = [];
  for (let start = 0; start < keys.length; start += READ_BATCH) {
    const batch = keys.slice(start, start + READ_BATCH);
    rows.push(...(await db.selectFrom('cut_designs').selectAll().where('design_key', 'in', batch).execute()));
  }
  return rows;
}

/** Stores designs; one stored meanwhile by another job (or process) under the same key is kept. */
export async function storeCutDesigns(db: DbOrTrx, rows: readonly CutDesignRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += READ_BATCH) {
    await db
      .insertInto('cut_designs')
      .values(rows.slice(start, start + READ_BATCH))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}
