import type { AppContext } from '../../app-context';
import { inTransaction } from '../../db/transaction';
import type { PrintLine, ThinFeatures } from '../../../shared/render';
import { decodeOutline, designKey, encodeOutline, type CutDesign } from './cut-design';
import { findCutDesigns, storeCutDesigns, type CutDesignRow } from './cut-design.repository';
import { runCutJobTask } from './cut-job-pool';

/** Designs per task on a cut-job thread: small enough that both threads stay busy to the end. */
const DESIGNS_PER_TASK = 100;
/** Rows per transaction when storing: one commit for many, without holding the write lock long. */
const STORE_BATCH = 100;

/** Each design's cut by its design key (null: no ink), for a job's lines. */
export type CutDesigns = Map<string, CutDesign | null>;

/**
 * The cut designs of these lines: read from the database where a job worked them out before,
 * the rest worked out on the cut-job threads (both cores) and stored for the next job.
 */
export async function cutDesignsFor(app: AppContext, items: readonly PrintLine[], minFeatureMm: number): Promise<CutDesigns> {
  const wanted = new Map<string, PrintLine>();
  for (const item of items) wanted.set(designKey(item, minFeatureMm), item);
  const designs: CutDesigns = new Map();
  for (const row of await findCutDesigns(app.db, [...wanted.keys()])) designs.set(row.design_key, designOfRow(row));
  const missing = [...wanted].filter(([key]) => !designs.has(key));
  if (missing.length === 0) return designs;

  const tasks: Promise<void>[] = [];
  for (let start = 0; start < missing.length; start += DESIGNS_PER_TASK) {
    const batch = missing.slice(start, start + DESIGNS_PER_TASK);
    tasks.push(
      runCutJobTask({ kind: 'designs', items: batch.map(([, item]) => item), minFeatureMm }).then((result) => {
        if (!('designs' in result)) throw new Error('The cut-job thread answered designs with something else.');
        result.designs.forEach((design, index) => designs.set(batch[index]![0], design));
      }),
    );
  }
  await Promise.all(tasks);
  const now = app.now();
  const rows = missing.map(([key]) => rowOf(key, designs.get(key)!, now));
  const transaction = inTransaction(app.db);
  try {
    for (let start = 0; start < rows.length; start += STORE_BATCH) {
      await transaction((trx) => storeCutDesigns(trx, rows.slice(start, start + STORE_BATCH)));
    }
  } catch (error) {
    // Kept designs only save the next job time: this job has what it needs.
    app.logger.warn('Cut designs not stored', { error: error instanceof Error ? error.message : String(error) });
  }
  return designs;
}

function rowOf(key: string, design: CutDesign | null, now: number): CutDesignRow {
  return {
    design_key: key,
    box: design && JSON.stringify(design.box),
    outline: encodeOutline(design?.microns ?? []),
    thin: design?.thin ? JSON.stringify(design.thin) : null,
    created_at: now,
  };
}

function designOfRow(row: CutDesignRow): CutDesign | null {
  if (row.box === null || row.box === undefined) return null;
  return { box: JSON.parse(row.box), microns: decodeOutline(row.outline), thin: row.thin ? (JSON.parse(row.thin) as ThinFeatures) : null };
}
