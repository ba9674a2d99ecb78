import Router from '@koa/router';
import { routerPath } from '../../shared/api/routes';
import { analyticsEventSchema, analyticsQuerySchema, errorReportSchema } from '../../shared/schemas/analytics';
import type { AppContext } from '../app-context';
import { requireAdmin } from '../auth/auth.guards';
import { validate } from '../http/validate';
import { buildAnalytics } from './analytics.service';
import { recordAnalyticsEvent, recordErrorReport } from './intake.service';
import { anonymousLimitsOf } from '../limits/anonymous-limits';
import { limitByAddress } from '../limits/rate-limit';

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
    ctx.status = 202;
    ctx.body = await recordAnalyticsEvent(app, event, { ip: ctx.ip, newVisitors: limits.newVisitors });
  });

  router.post(routerPath('errorReports'), limitByAddress(limits.errorReports), async (ctx) => {
    const report = validate(errorReportSchema, ctx.request.body);
    ctx.status = 202;
    ctx.body = await recordErrorReport(app, report);
  });

  return router;
}
