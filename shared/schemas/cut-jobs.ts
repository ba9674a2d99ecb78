import { z } from 'zod';

/** Cut-job file formats of design.md §10: SVG and PDF for print-and-cut RIPs, HPGL (.plt) for plain cutters. */
export const CUT_JOB_FORMATS = ['svg', 'pdf', 'plt'] as const;
export type CutJobFormat = (typeof CUT_JOB_FORMATS)[number];

export const CUT_JOB_MESSAGES = { format: 'Format must be svg, pdf or plt' } as const;

/** GET /api/fulfillment/cut-jobs/:color query: `format` (svg). */
export const cutJobQuerySchema = z.object({
  format: z.enum(CUT_JOB_FORMATS, { error: CUT_JOB_MESSAGES.format }).default('svg'),
});
export type CutJobQuery = z.output<typeof cutJobQuerySchema>;
