import { toCents } from '../../shared/money';
import type { AnalyticsEventInput, ErrorReportInput } from '../../shared/schemas/analytics';
import type { AppContext } from '../app-context';
import type { RateLimit } from '../limits/rate-limit';
import { insertErrorReport, insertPurchaseEvent } from './analytics.repository';
import { dayKey, utcDayOf } from './analytics.service';
import { recordVisit } from './analytics.visitors';
import { pruneErrorReports } from './error-report.retention';
import { prunePurchaseEvents } from './purchase-event.retention';

/**
 * POST /api/analytics/events: a visit or a purchase. Past its budget of new visitors, an address's
 * visits are accepted but not counted: random visitor ids from one script cannot move the
 * conversion rate.
 */
export async function recordAnalyticsEvent(app: AppContext, event: AnalyticsEventInput, from: { ip: string; newVisitors: RateLimit }): Promise<{ accepted: true }> {
  const at = app.now();
  const day = dayKey(utcDayOf(at));
  if (event.type === 'visit') {
    if ((await from.newVisitors.waitFor(from.ip)) === 0 && (await recordVisit(app.db, event.visitorId, day, at))) {
      await from.newVisitors.consume(from.ip);
    }
  } else {
    if (countTowardsPrune(purchasesSincePrune, app)) await prunePurchaseEvents(app.db, at);
    await insertPurchaseEvent(app.db, {
      visitorId: event.visitorId,
      day,
      orderNumber: event.orderNumber ?? null,
      valueCents: event.value === undefined ? null : toCents(event.value),
      at,
    });
  }
  return { accepted: true };
}

/** The retention bounds are applied every this many reports or purchase events (and at start-up). */
const PRUNE_EVERY = 50;
const reportsSincePrune = new WeakMap<AppContext, number>();
const purchasesSincePrune = new WeakMap<AppContext, number>();

/** Counts one more write; true on every PRUNE_EVERY-th. */
function countTowardsPrune(counts: WeakMap<AppContext, number>, app: AppContext): boolean {
  const count = (counts.get(app) ?? 0) + 1;
  counts.set(app, count >= PRUNE_EVERY ? 0 : count);
  return count >= PRUNE_EVERY;
}

/** POST /api/errors: a client's error report, kept within the retention bound and logged. */
export async function recordErrorReport(app: AppContext, report: ErrorReportInput): Promise<{ id: string }> {
  const id = await insertErrorReport(app.db, report, app.now());
  if (countTowardsPrune(reportsSincePrune, app)) await pruneErrorReports(app.db, app.now());
  app.logger.warn('client error report', { id, message: report.message, eventId: report.eventId, url: report.url });
  return { id };
}
