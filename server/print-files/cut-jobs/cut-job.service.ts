import type { CutJobsAnswer } from '../../../shared/api/answers';
import type { CutJobQuery } from '../../../shared/schemas/cut-jobs';
import type { AppContext } from '../../app-context';
import { HttpError } from '../../errors/http-error';
import { refuseMissingGlyphs } from '../missing-glyphs';
import { productionQueueBatch } from '../print-file.repository';
import type { PrintDownload } from '../print-file.service';
import { designKey } from './cut-design';
import { cutDesignsFor } from './cut-design.service';
import { runCutJobTask } from './cut-job-pool';
import { groupByVinyl, type DesignedLine, type QueueLine } from './cut-sheet';

const QUEUE_BATCH = 200;

const CONTENT_TYPES = { svg: 'image/svg+xml; charset=utf-8', pdf: 'application/pdf', plt: 'application/vnd.hp-hpgl' } as const;

/** Every line of the production queue (orders in status processing, oldest first). */
async function productionQueueLines(app: AppContext): Promise<QueueLine[]> {
  const lines: QueueLine[] = [];
  let after: { createdAt: number; id: string } | null = null;
  for (;;) {
    const batch = await productionQueueBatch(app.db, after, QUEUE_BATCH);
    for (const order of batch) order.items.forEach((item, index) => lines.push({ orderNumber: order.orderNumber, line: index + 1, item }));
    if (batch.length < QUEUE_BATCH) return lines;
    const last = batch[batch.length - 1]!;
    after = { createdAt: last.createdAt, id: last.id };
  }
}

function jobOptions(app: AppContext) {
  return { rollWidthMm: app.config.rollWidthMm, sheetLengthMm: app.config.rollLengthMm };
}

/** The lines with their designs' cuts; `outlines: false` leaves the outlines out (the list needs only boxes and thin parts). */
async function withDesigns(app: AppContext, lines: readonly QueueLine[], outlines: boolean): Promise<DesignedLine[]> {
  const { minFeatureMm } = app.config;
  const designs = await cutDesignsFor(app, lines.map((entry) => entry.item), minFeatureMm);
  const shown = new Map<string, DesignedLine['design']>();
  for (const [key, design] of designs) shown.set(key, design && !outlines ? { ...design, microns: [] } : design);
  return lines.map((entry) => ({ ...entry, design: shown.get(designKey(entry.item, minFeatureMm)) ?? null }));
}

/** GET /api/fulfillment/cut-jobs: the production queue as one nested job per vinyl colour, worked out on the cut-job thread. */
export async function listCutJobs(app: AppContext): Promise<CutJobsAnswer> {
  const lines = await productionQueueLines(app);
  refuseMissingGlyphs(lines);
  const designed = await withDesigns(app, lines, false);
  const result = await runCutJobTask({ kind: 'list', groups: [...groupByVinyl(designed)], options: jobOptions(app) });
  if (!('jobs' in result)) throw new Error('The cut-job thread answered a list with something else.');
  return { jobs: result.jobs };
}

function safeName(value: string): string {
  return value.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'colour';
}

/** GET /api/fulfillment/cut-jobs/:color: one colour's job (or one sheet of it) as SVG, PDF or HPGL; the colour is matched without regard to case. */
export async function cutJobFile(app: AppContext, color: string, query: CutJobQuery): Promise<PrintDownload> {
  const lines = await productionQueueLines(app);
  const wanted = color.trim().toLowerCase();
  const group = [...groupByVinyl(lines)].find(([name]) => name.toLowerCase() === wanted);
  if (!group) throw new HttpError(404, 'NOTHING_TO_CUT', `The production queue has nothing to cut in ${color}.`);
  const [name, entries] = group;
  refuseMissingGlyphs(entries);
  const result = await runCutJobTask({ kind: 'file', color: name, entries: await withDesigns(app, entries, true), options: jobOptions(app), format: query.format, sheet: query.sheet });
  if ('noSuchSheet' in result) {
    const { sheets } = result.noSuchSheet;
    const message = `The ${name} cut job has ${sheets} sheet${sheets === 1 ? '' : 's'}: there is no sheet ${query.sheet}.`;
    throw new HttpError(422, 'VALIDATION_ERROR', message, [{ path: 'sheet', message }]);
  }
  if (!(result instanceof Uint8Array)) throw new Error('The cut-job thread answered a file with something else.');
  const day = new Date(app.now()).toISOString().slice(0, 10);
  const fileName = `cut-${safeName(name)}-${day}${query.sheet === undefined ? '' : `-sheet-${query.sheet}`}.${query.format}`;
  return { fileName, contentType: CONTENT_TYPES[query.format], body: Buffer.from(result.buffer, result.byteOffset, result.byteLength) };
}
