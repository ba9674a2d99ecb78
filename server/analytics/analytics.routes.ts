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

/**
 * GET /api/orders/analytics (admin), POST /api/analytics/events and POST /api/errors (anyone).
 * Mounted before the orders router so that /orders/analytics is not read as /orders/:id.
 */
export function createAnalyticsRoutes(app: AppContext): Router {
  const router = new Router();

  router.get(routerPath('analytics'), requireAdmin, async (ctx) => {
    const { range } = validate(analyticsQuerySchema, { range: ctx.query.range });
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await buildAnalytics(app, range);
  });

  router.post(routerPath('analyticsEvents'), async (ctx) => {
    const event = validate(analyticsEventSchema, ctx.request.body);
    const at = app.now();
    const day = dayKey(utcDayOf(at));
    if (event.type === 'visit') {
      await recordVisit(app.db, event.visitorId, day, at);
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

  router.post(routerPath('errorReports'), async (ctx) => {
    const report = validate(errorReportSchema, ctx.request.body);
    const id = await insertErrorReport(app.db, report, app.now());
    app.logger.warn('client error report', { id, message: report.message, eventId: report.eventId, url: report.url });
    ctx.status = 202;
    ctx.body = { id };
  });

  return router;
}
