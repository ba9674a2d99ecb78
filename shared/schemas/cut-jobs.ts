import { z } from 'zod';

/** Cut-job file formats of design.md §10: SVG and PDF for print-and-cut RIPs, HPGL (.plt) for plain cutters. */
export const CUT_JOB_FORMATS = ['svg', 'pdf', 'plt'] as const;
export type CutJobFormat = (typeof CUT_JOB_FORMATS)[number];

export const CUT_JOB_MESSAGES = { format: 'Format must be svg, pdf or plt', sheet: 'Sheet must be a whole number from 1' } as const;

/** GET /api/fulfillment/cut-jobs/:color query: `format` (svg), `sheet` (1-based; the whole job when unset). */
export const cutJobQuerySchema = z.object({
  format: z.enum(CUT_JOB_FORMATS, { error: CUT_JOB_MESSAGES.format }).default('svg'),
  sheet: z.coerce.number({ error: CUT_JOB_MESSAGES.sheet }).int(CUT_JOB_MESSAGES.sheet).min(1, CUT_JOB_MESSAGES.sheet).max(10_000, CUT_JOB_MESSAGES.sheet).optional(),
});
export type CutJobQuery = z.output<typeof cutJobQuerySchema>;
