import type { Server } from 'node:http';
import Koa from 'koa';
import Router from '@koa/router';
import type { AppContext } from './app-context';
import type { Config } from './config';
import { migrateToLatest, openDatabase, refreshPlannerStatistics } from './db/database';
import { errorMiddleware } from './errors/error.middleware';
import { notFound } from './errors/http-error';
import { jsonBodyParser } from './http/body-parser';
import { createLogger } from './http/logger';
import { requestLog } from './http/request-log';
import { createCatalogRoutes } from './catalog/catalog.routes';
import { createHealthRoutes } from './health/health.routes';
import { authenticate } from './auth/auth.middleware';
import { createAuthRoutes } from './auth/auth.routes';
import { ensureBootstrapAdmin } from './auth/auth.service';
import { createOrderRoutes } from './orders/order.routes';
import { orderWriteHooks } from './orders/order-write-hooks';
import { createSyncRoutes } from './sync/sync.routes';
import { createAnalyticsRoutes } from './analytics/analytics.routes';
import { createPaymentRoutes, runPaymentStartupTasks } from './payments/payment.routes';
import { closePayments } from './payments/payment.service';
import { serveWebApp } from './web/static';

export interface RunningApp {
  context: AppContext;
  koa: Koa;
  /** Starts listening; port 0 picks a free port. Resolves with the base URL. */
  listen(port?: number, host?: string): Promise<string>;
  close(): Promise<void>;
}

/** Builds the whole server for a config: database, migrations, start-up tasks and routes. */
export async function createApp(config: Readonly<Config>, overrides: Partial<Pick<AppContext, 'now'>> = {}): Promise<RunningApp> {
  const logger = createLogger(config.logLevel);
  const db = await openDatabase(config.database, { beforeCommit: orderWriteHooks.sqliteBeforeCommit });
  await migrateToLatest(db);
  await refreshPlannerStatistics(db);
  const statisticsTimer = setInterval(() => void refreshPlannerStatistics(db).catch(() => undefined), 60 * 60 * 1000);
  statisticsTimer.unref();
  const context: AppContext = { config, db, logger, now: overrides.now ?? Date.now };
  await ensureBootstrapAdmin(context);

  const api = new Router({ prefix: '/api' });
  for (const router of [
    createHealthRoutes(context),
    createCatalogRoutes(),
    createAuthRoutes(context),
    // Fixed paths under /orders (analytics, checkout's POST /orders) come before /orders/:id.
    createAnalyticsRoutes(context),
    createPaymentRoutes(context),
    createSyncRoutes(context),
    createOrderRoutes(context),
  ]) {
    api.use(router.routes());
  }

  const koa = new Koa({ proxy: config.trustProxy });
  koa.use(requestLog(logger));
  koa.use(errorMiddleware(logger));
  koa.use(serveWebApp(config.webDistDir));
  koa.use(jsonBodyParser(config.bodyLimitBytes));
  koa.use(authenticate(context));
  koa.use(async (ctx, next) => {
    await next();
    const isApi = ctx.path === '/api' || ctx.path.startsWith('/api/');
    if (isApi && ctx.status === 404 && ctx.body == null) throw notFound(`No API route ${ctx.method} ${ctx.path}`);
  });
  koa.use(api.routes());
  koa.use(api.allowedMethods({ throw: true }));

  await runPaymentStartupTasks(context);

  let server: Server | null = null;
  return {
    context,
    koa,
    listen(port = config.port, host = config.host) {
      return new Promise((resolve, reject) => {
        server = koa.listen(port, host, () => {
          const address = server!.address();
          const actualPort = typeof address === 'object' && address ? address.port : port;
          const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
          resolve(`http://${shownHost}:${actualPort}`);
        });
        server.keepAliveTimeout = 65_000;
        server.once('error', reject);
      });
    },
    async close() {
      clearInterval(statisticsTimer);
      if (server) {
        const closing = server;
        await new Promise<void>((resolve) => closing.close(() => resolve()));
        closing.closeAllConnections?.();
      }
      await closePayments(context);
      await db.destroy();
    },
  };
}
