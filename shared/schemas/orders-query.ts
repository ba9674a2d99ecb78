import { z } from 'zod';
import { ORDER_STATUSES, isOrderStatus, type OrderStatus } from '../order-status';
import type { DateBound } from '../orders/order-filter';
import { dayOutOfRangeMessage, isShopDayInRange } from '../orders/shop-days';

/** Order list page size of spec.md §9 and the largest page a client may ask for. */
export const ORDER_LIST_DEFAULT_LIMIT = 50;
export const ORDER_LIST_MAX_LIMIT = 500;
export const TRACKING_NUMBER_MAX_LENGTH = 100;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const ISO_TIMESTAMP_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
const DAY_MS = 86_400_000;

export const unknownStatusMessage = (value: unknown) =>
  `Unknown status "${String(value)}". Use one of: ${ORDER_STATUSES.join(', ')}.`;

/** Query strings send '' for a cleared filter (spec.md §7 "empty skipped"): treat it as absent. */
const emptyAsAbsent = (value: unknown) => (value === '' || value === null ? undefined : value);

const statusSchema = z.custom<OrderStatus>(isOrderStatus, {
  error: (issue) => (issue.input === undefined ? 'status is required.' : unknownStatusMessage(issue.input)),
});

/**
 * A day (YYYY-MM-DD: a day of the shop's time zone, resolved by shared/orders/order-filter.ts) or a
 * full ISO timestamp, turned into epoch ms. `dateTo` as a bare day covers that whole day.
 */
function dateBound(field: 'dateFrom' | 'dateTo') {
  const message = `${field} must be a date (YYYY-MM-DD) or an ISO timestamp (2026-11-21T09:30:00Z).`;
  return z.string({ error: message }).trim().transform((value, ctx): DateBound => {
    const isDay = DAY_PATTERN.test(value);
    if (!isDay && !ISO_TIMESTAMP_PATTERN.test(value)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    const ms = Date.parse(isDay ? `${value}T00:00:00Z` : value);
    // Date.parse accepts 2026-02-31; the round trip catches days that do not exist.
    if (Number.isNaN(ms) || (isDay && new Date(ms).toISOString().slice(0, 10) !== value)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    // Past the shop's range the days cannot be computed (RangeError): a clear 422, never a 500.
    const day = isDay ? value : new Date(ms).toISOString().slice(0, 10);
    if (!isShopDayInRange(day)) {
      ctx.addIssue({ code: 'custom', message: dayOutOfRangeMessage(field) });
      return z.NEVER;
    }
    return isDay ? { day: value } : { ms };
  });
}

const positiveInt = (field: string, max?: number) => {
  const message = max ? `${field} must be a whole number from 1 to ${max}.` : `${field} must be a whole number of 1 or more.`;
  let schema = z.coerce.number({ error: message }).int(message).min(1, message);
  if (max) schema = schema.max(max, message);
  return schema;
};

const filterShape = {
  status: z.preprocess(emptyAsAbsent, statusSchema.optional()),
  search: z.preprocess(
    emptyAsAbsent,
    z.string({ error: 'search must be text.' }).trim().max(200, 'search must be at most 200 characters.').optional(),
  ),
  dateFrom: z.preprocess(emptyAsAbsent, dateBound('dateFrom').optional()),
  dateTo: z.preprocess(emptyAsAbsent, dateBound('dateTo').optional()),
};

/**
 * Days compare as days and instants as instants. A day against an instant is compared with the day
 * taken in UTC, as before shop days (a range that narrow holds at most a day's orders either way).
 */
const rangeIsOrdered = (q: { dateFrom?: DateBound; dateTo?: DateBound }) => {
  const { dateFrom: from, dateTo: to } = q;
  if (!from || !to) return true;
  if ('day' in from && 'day' in to) return from.day <= to.day;
  const fromMs = 'day' in from ? Date.parse(`${from.day}T00:00:00Z`) : from.ms;
  return 'day' in to ? fromMs < Date.parse(`${to.day}T00:00:00Z`) + DAY_MS : fromMs <= to.ms;
};
const rangeMessage = { message: 'dateFrom must be on or before dateTo.', path: ['dateFrom'] };

/** Filters of GET /api/orders/export.csv (and of the list). */
export const orderFiltersSchema = z.object(filterShape).refine(rangeIsOrdered, rangeMessage);

/** GET /api/orders: the filters plus paging. */
export const orderListQuerySchema = z
  .object({
    ...filterShape,
    page: z.preprocess(emptyAsAbsent, positiveInt('page').default(1)),
    limit: z.preprocess(emptyAsAbsent, positiveInt('limit', ORDER_LIST_MAX_LIMIT).default(ORDER_LIST_DEFAULT_LIMIT)),
  })
  .refine(rangeIsOrdered, rangeMessage);

export type OrderFilters = z.output<typeof orderFiltersSchema>;
export type OrderListQueryInput = z.output<typeof orderListQuerySchema>;

/** A tracking number as an admin types it: trimmed; empty or null means "none given". */
export const trackingNumberSchema = z
    .string({ error: 'trackingNumber must be text.' })
    .trim()
    .max(TRACKING_NUMBER_MAX_LENGTH, `trackingNumber must be at most ${TRACKING_NUMBER_MAX_LENGTH} characters.`)
    .nullish()
    .transform((value) => (value ? value : null));

/** PATCH /api/orders/:id/status body. An empty or null tracking number means "none given". */
export const statusChangeSchema = z.strictObject({
  status: statusSchema,
  trackingNumber: trackingNumberSchema,
});
export type StatusChangeInput = z.output<typeof statusChangeSchema>;
