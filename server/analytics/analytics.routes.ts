import Router from '@koa/router';
import type { AppContext } from '../app-context';
import { requireAdmin } from '../http/auth.guards';
import { reply, route } from '../http/typed-route';
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

  // Only `range` is read, as sent: a repeated one is refused rather than reduced to its last value.
  route(router, 'analytics', { before: [requireAdmin], read: (ctx) => ({ range: ctx.query.range }) }, async (ctx, { range }) => {
    ctx.set('Cache-Control', 'no-store');
    return buildAnalytics(app, range);
  });

  route(router, 'analyticsEvents', { before: [limitByAddress(limits.analyticsEvents)] }, async (ctx, event) =>
    reply(202, await recordAnalyticsEvent(app, event, { ip: ctx.ip, newVisitors: limits.newVisitors })),
  );

  route(router, 'errorReports', { before: [limitByAddress(limits.errorReports)] }, async (_ctx, report) => reply(202, await recordErrorReport(app, report)));

  return router;
}
