import Router from '@koa/router';
import { routerPath } from '../../shared/api/routes';
import { toCents } from '../../shared/money';
import { analyticsEventSchema, analyticsQuerySchema, errorReportSchema } from '../../shared/schemas/analytics';
import type { AppContext } from '../app-context';
import { requireAdmin } from '../auth/auth.guards';
import { validate } from '../http/validate';
import { insertErrorReport, insertPurchaseEvent } from './analytics.repository';
import { buildAnalytics, dayKey, utcDayOf } from './analytics.service';
import { recordVisit } from './analytics.visitors';
import { pruneErrorReports } from './error-report.retention';
import { anonymousLimitsOf } from '../limits/anonymous-limits';
import { limitByAddress } from '../limits/rate-limit';

/** The retention bound is applied every this many reports (and at start-up). */
const PRUNE_EVERY_REPORTS = 50;

/**
 * GET /api/orders/analytics (admin), POST /api/analytics/events and POST /api/errors (anyone).
 * Mounted before the orders router so that /orders/analytics is not read as /orders/:id.
 */
export function createAnalyticsRoutes(app: AppContext): Router {
  const router = new Router();
  const limits = anonymousLimitsOf(app);

  router.get(routerPath('analytics'), requireAdmin, async (ctx) => {
    const { range } = validate(analyticsQuerySchema, { range: ctx.query.range });
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await buildAnalytics(app, range);
  });

  router.post(routerPath('analyticsEvents'), limitByAddress(limits.analyticsEvents), async (ctx) => {
    const event = validate(analyticsEventSchema, ctx.request.body);
    const at = app.now();
    const day = dayKey(utcDayOf(at));
    if (event.type === 'visit') {
      // Past its budget of new visitors, an address's visits are accepted but not counted:
      // random visitor ids from one script cannot move the conversion rate.
      if ((await limits.newVisitors.waitFor(ctx.ip)) === 0 && (await recordVisit(app.db, event.visitorId, day, at))) {
        await limits.newVisitors.consume(ctx.ip);
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
    ctx.status = 202;
    ctx.body = { accepted: true };
  });

  let reportsSincePrune = 0;
  router.post(routerPath('errorReports'), limitByAddress(limits.errorReports), async (ctx) => {
    const report = validate(errorReportSchema, ctx.request.body);
    const id = await insertErrorReport(app.db, report, app.now());
    if (++reportsSincePrune >= PRUNE_EVERY_REPORTS) {
      reportsSincePrune = 0;
      await pruneErrorReports(app.db, app.now());
    }
    app.logger.warn('client error report', { id, message: report.message, eventId: report.eventId, url: report.url });
    ctx.status = 202;
    ctx.body = { id };
  });

  return router;
}
