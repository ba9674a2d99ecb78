import { z } from 'zod';

/** Print-file formats of design.md §6. */
export const PRINT_FORMATS = ['svg', 'png', 'pdf'] as const;
export type PrintFormat = (typeof PRINT_FORMATS)[number];

export const PRINT_DPI = { default: 300, min: 72, max: 1200 } as const;
/** A PNG is refused above this many pixels (it is held in memory while it is encoded). */
export const MAX_PNG_MEGAPIXELS = 16;
/** Orders one ZIP request may name. */
export const MAX_ZIP_ORDERS = 500;

export const PRINT_FILE_MESSAGES = {
  format: 'Format must be svg, png or pdf',
  dpi: `DPI must be a whole number from ${PRINT_DPI.min} to ${PRINT_DPI.max}`,
  dpiOnlyPng: 'DPI applies to the PNG format only',
  line: 'Line must be a line number of the order (1, 2, …)',
  ids: `ids must be up to ${MAX_ZIP_ORDERS} order ids separated by commas`,
} as const;

const wholeNumber = (message: string) => z.string().regex(/^\d{1,6}$/, message).transform(Number);

/** GET /api/orders/:id/print-file query: `format` (svg), `dpi` (300, png only), `line` (all lines). */
export const printFileQuerySchema = z
  .object({
    format: z.enum(PRINT_FORMATS, { error: PRINT_FILE_MESSAGES.format }).default('svg'),
    dpi: wholeNumber(PRINT_FILE_MESSAGES.dpi)
      .pipe(z.number().min(PRINT_DPI.min, PRINT_FILE_MESSAGES.dpi).max(PRINT_DPI.max, PRINT_FILE_MESSAGES.dpi))
      .optional(),
    line: wholeNumber(PRINT_FILE_MESSAGES.line).pipe(z.number().min(1, PRINT_FILE_MESSAGES.line)).optional(),
  })
  .superRefine((query, ctx) => {
    if (query.dpi !== undefined && query.format !== 'png') ctx.addIssue({ code: 'custom', path: ['dpi'], message: PRINT_FILE_MESSAGES.dpiOnlyPng });
  });
export type PrintFileQuery = z.output<typeof printFileQuerySchema>;

/** GET /api/fulfillment/print-files.zip query: `ids` (default: the production queue). */
export const printFilesZipQuerySchema = z.object({
  ids: z
    .string()
    .transform((value) => [...new Set(value.split(',').map((id) => id.trim()).filter(Boolean))])
    .pipe(z.array(z.string().max(64, PRINT_FILE_MESSAGES.ids)).min(1, PRINT_FILE_MESSAGES.ids).max(MAX_ZIP_ORDERS, PRINT_FILE_MESSAGES.ids))
    .optional(),
});
