import { z } from 'zod';
import { isStorableText, storableText, unstorableTextMessage } from './storable-text';
import { ANALYTICS_RANGES } from '../order-status';

/** Messages of the analytics endpoints (spec.md is silent; these read like its other messages). */
export const ANALYTICS_MESSAGES = {
  range: `Range must be one of ${ANALYTICS_RANGES.join(', ')}`,
  eventType: 'Event type must be visit or purchase',
  visitorId: 'Visitor ID is required',
  value: 'Invalid purchase value',
  errorMessage: 'Error message is required',
} as const;

/** GET /api/orders/analytics?range=…; a missing range is the spec's default 30d. */
export const analyticsQuerySchema = z.object({
  range: z.enum(ANALYTICS_RANGES, { error: ANALYTICS_MESSAGES.range }).default('30d'),
});

/** Longest visitor id accepted: a UUID is 36 characters; room for other client id formats. */
export const MAX_VISITOR_ID_LENGTH = 100;

/**
 * POST /api/analytics/events. A `visit` counts once per visitor per UTC day; a `purchase` is the
 * event of spec.md §4 (order number, value in dollars, currency USD, items). Unknown keys are
 * dropped, not refused: tracking must not fail because a client sends a little more.
 */
export const analyticsEventSchema = z.object({
  type: z.enum(['visit', 'purchase'], { error: ANALYTICS_MESSAGES.eventType }),
  visitorId: z
    .string({ error: ANALYTICS_MESSAGES.visitorId })
    .trim()
    .min(1, { error: ANALYTICS_MESSAGES.visitorId })
    .max(MAX_VISITOR_ID_LENGTH, { error: `Visitor ID must be at most ${MAX_VISITOR_ID_LENGTH} characters` })
    .refine((value) => isStorableText(value), unstorableTextMessage('Visitor ID')),
  orderNumber: storableText(z.string().trim(), 'Order number').max(40).optional(),
  value: z
    .number({ error: ANALYTICS_MESSAGES.value })
    .finite({ error: ANALYTICS_MESSAGES.value })
    .min(0, { error: ANALYTICS_MESSAGES.value })
    .max(1_000_000, { error: ANALYTICS_MESSAGES.value })
    .optional(),
  currency: z.string().trim().regex(/^[A-Za-z]{3}$/, { error: 'Currency must be a 3-letter code' }).optional(),
  items: z.array(z.looseObject({})).max(100).optional(),
});
export type AnalyticsEventInput = z.infer<typeof analyticsEventSchema>;

/**
 * Length limits of a stored error report in UTF-8 bytes (design.md §8: message 1 KB, stacks 8 KB
 * each); longer texts are cut at a character boundary, not refused, so no report is lost.
 */
export const ERROR_REPORT_LIMITS = {
  message: 1_024,
  stack: 8_192,
  componentStack: 8_192,
  eventId: 100,
  timestamp: 64,
  userAgent: 512,
  url: 2_048,
} as const;

/** `value` cut to at most `maxBytes` of UTF-8 without splitting a character. */
export function clipUtf8(value: string, maxBytes: number): string {
  if (value.length * 3 <= maxBytes) return value;
  const bytes = new TextEncoder().encode(value);
  if (bytes.length <= maxBytes) return value;
  let end = maxBytes;
  // Back up over continuation bytes (10xxxxxx) to the start of the character that did not fit.
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--;
  return new TextDecoder().decode(bytes.subarray(0, end));
}

/** A report's text, multi-line (stacks), under the storable-text rule, cut to `max` bytes. */
const clipped = (max: number, label: string) =>
  z
    .string()
    .refine((value) => isStorableText(value, { multiLine: true }), unstorableTextMessage(label))
    .transform((value) => clipUtf8(value, max))
    .nullish()
    .transform((value) => value || null);

/** POST /api/errors: the page error boundary's report (spec.md §7). Only `message` is required. */
export const errorReportSchema = z.object({
  message: z
    .string({ error: ANALYTICS_MESSAGES.errorMessage })
    .trim()
    .min(1, { error: ANALYTICS_MESSAGES.errorMessage })
    .refine((value) => isStorableText(value, { multiLine: true }), unstorableTextMessage('Error message'))
    .transform((value) => clipUtf8(value, ERROR_REPORT_LIMITS.message)),
  stack: clipped(ERROR_REPORT_LIMITS.stack, 'Stack'),
  componentStack: clipped(ERROR_REPORT_LIMITS.componentStack, 'Component stack'),
  eventId: clipped(ERROR_REPORT_LIMITS.eventId, 'Event ID'),
  // Clients send an ISO string or epoch ms; it is kept as given (as text) next to the server's time.
  timestamp: z
    .union([z.string().refine((value) => isStorableText(value), unstorableTextMessage('Timestamp')), z.number().finite()])
    .transform((value) => String(value).slice(0, ERROR_REPORT_LIMITS.timestamp))
    .nullish()
    .transform((value) => value || null),
  userAgent: clipped(ERROR_REPORT_LIMITS.userAgent, 'User agent'),
  url: clipped(ERROR_REPORT_LIMITS.url, 'URL'),
});
export type ErrorReportInput = z.infer<typeof errorReportSchema>;
