import type { CutJobsAnswer } from '../../../shared/api/answers';
import type { CutJobQuery } from '../../../shared/schemas/cut-jobs';
import type { AppContext } from '../../app-context';
import { HttpError } from '../../errors/http-error';
import { refuseMissingGlyphs } from '../missing-glyphs';
import { productionQueueBatch } from '../print-file.repository';
import type { PrintDownload } from '../print-file.service';
import { printFonts } from '../print-fonts';
import { cutSheetHpgl } from './cut-hpgl';
import { cutSheetPdf } from './cut-pdf';
import { buildCutSheet, groupByVinyl, type QueueLine } from './cut-sheet';
import { cutSheetSvg } from './cut-svg';

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

/** GET /api/fulfillment/cut-jobs: the production queue as one nested job per vinyl colour. */
export async function listCutJobs(app: AppContext): Promise<CutJobsAnswer> {
  const lines = await productionQueueLines(app);
  refuseMissingGlyphs(lines);
  const fonts = await printFonts();
  const jobs = [...groupByVinyl(lines)].map(([color, entries]) => {
    const { hex, lengthMm, rollWidthMm, utilization, lines: refs } = buildCutSheet(color, entries, fonts, app.config.rollWidthMm);
    return { color, hex, lines: refs, lengthMm, rollWidthMm, utilization };
  });
  return { jobs };
}

function safeName(value: string): string {
  return value.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'colour';
}

/** GET /api/fulfillment/cut-jobs/:color: one colour's job as SVG, PDF or HPGL; the colour is matched without regard to case. */
export async function cutJobFile(app: AppContext, color: string, query: CutJobQuery): Promise<PrintDownload> {
  const lines = await productionQueueLines(app);
  const wanted = color.trim().toLowerCase();
  const group = [...groupByVinyl(lines)].find(([name]) => name.toLowerCase() === wanted);
  if (!group) throw new HttpError(404, 'NOTHING_TO_CUT', `The production queue has nothing to cut in ${color}.`);
  const [name, entries] = group;
  refuseMissingGlyphs(entries);
  const sheet = buildCutSheet(name, entries, await printFonts(), app.config.rollWidthMm);
  const fileName = `cut-${safeName(name)}-${new Date(app.now()).toISOString().slice(0, 10)}.${query.format}`;
  const body = query.format === 'svg' ? cutSheetSvg(sheet) : query.format === 'pdf' ? Buffer.from(await cutSheetPdf(sheet)) : cutSheetHpgl(sheet);
  return { fileName, contentType: CONTENT_TYPES[query.format], body };
}
