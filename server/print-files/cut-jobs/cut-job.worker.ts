/**
 * The cut-job threads' tasks (cut-job-pool.ts), all off the server's event loop: work out designs
 * (layout, union, thin-feature measure: cut-design.ts) a batch at a time, and nest one colour's
 * decals or the whole queue's and write a job's file from designs worked out before. Fonts are
 * parsed once per thread.
 */
import { Piscina } from 'piscina';
import type { CutJobView } from '../../../shared/api/answers';
import type { PrintLine } from '../../../shared/render';
import type { CutJobFormat } from '../../../shared/schemas/cut-jobs';
import { printFonts } from '../../catalog/print-fonts';
import { computeCutDesign, type CutDesign } from './cut-design';
import { cutJobHpgl } from './cut-hpgl';
import { cutJobPdf } from './cut-pdf';
import { buildCutJob, type CutJob, type CutJobOptions, type DesignedLine } from './cut-sheet';
import { cutJobSvg } from './cut-svg';

type SheetOptions = Omit<CutJobOptions, 'labels'>;

export type CutJobTask =
  | { kind: 'designs'; items: PrintLine[]; minFeatureMm: number }
  | { kind: 'list'; groups: [string, DesignedLine[]][]; options: SheetOptions }
  | { kind: 'file'; color: string; entries: DesignedLine[]; options: SheetOptions; format: CutJobFormat; sheet?: number };

/** A file comes back as its bytes, moved (not copied) to the main thread. */
export type CutJobTaskResult = { designs: (CutDesign | null)[] } | { jobs: CutJobView[] } | Uint8Array | { noSuchSheet: { sheets: number } };

function viewOf(job: CutJob): CutJobView {
  const { color, hex, lines, lengthMm, rollWidthMm, sheetLengthMm, utilization } = job;
  return { color, hex, lines, lengthMm, rollWidthMm, utilization, sheetLengthMm, sheets: job.sheets.map((sheet) => ({ lengthMm: sheet.lengthMm, decals: sheet.decals.length })) };
}

export default async function cutJobTask(task: CutJobTask): Promise<CutJobTaskResult> {
  const fonts = await printFonts();
  if (task.kind === 'designs') return { designs: task.items.map((item) => computeCutDesign(item, fonts, task.minFeatureMm)) };
  if (task.kind === 'list') return { jobs: task.groups.map(([color, entries]) => viewOf(buildCutJob(color, entries, fonts, { ...task.options, labels: false }))) };
  const job = buildCutJob(task.color, task.entries, fonts, { ...task.options, labels: true });
  if (task.sheet !== undefined && !job.sheets[task.sheet - 1]) return { noSuchSheet: { sheets: job.sheets.length } };
  const sheets = task.sheet === undefined ? job.sheets : [job.sheets[task.sheet - 1]!];
  const file = task.format === 'pdf' ? await cutJobPdf(job, sheets) : task.format === 'svg' ? cutJobSvg(job, sheets) : cutJobHpgl(job, sheets);
  // Its own ArrayBuffer, so it can be moved.
  const bytes = file.byteOffset === 0 && file.byteLength === file.buffer.byteLength ? file : Uint8Array.from(file);
  return Piscina.move(bytes) as Uint8Array;
}
