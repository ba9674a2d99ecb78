import { toCents } from '../../shared/money';
import type { AnalyticsEventInput, ErrorReportInput } from '../../shared/schemas/analytics';
import type { AppContext } from '../app-context';
import type { RateLimit } from '../limits/rate-limit';
import { insertErrorReport, insertPurchaseEvent } from './analytics.repository';
import { dayKey, utcDayOf } from './analytics.service';
import { recordVisit } from './analytics.visitors';
import { pruneErrorReports } from './error-report.retention';

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

/** The retention bound is applied every this many reports (and at start-up). */
const PRUNE_EVERY_REPORTS = 50;
const reportsSincePrune = new WeakMap<AppContext, number>();

/** POST /api/errors: a client's error report, kept within the retention bound and logged. */
export async function recordErrorReport(app: AppContext, report: ErrorReportInput): Promise<{ id: string }> {
  const id = await insertErrorReport(app.db, report, app.now());
  const count = (reportsSincePrune.get(app) ?? 0) + 1;
  reportsSincePrune.set(app, count >= PRUNE_EVERY_REPORTS ? 0 : count);
  if (count >= PRUNE_EVERY_REPORTS) await pruneErrorReports(app.db, app.now());
  app.logger.warn('client error report', { id, message: report.message, eventId: report.eventId, url: report.url });
  return { id };
}
