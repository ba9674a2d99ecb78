import type { Server } from 'node:http';
import Koa from 'koa';
import Router from '@koa/router';
import type { AppContext } from './app-context';
import type { Config } from './config';
import { migrateToLatest, openDatabase, refreshPlannerStatistics } from './db/database';
import { errorMiddleware } from './errors/error.middleware';
import { jsonBodyParser } from './http/body-parser';
import { createLogger } from './http/logger';
import { requestLog } from './http/request-log';
import { answerUnmatched } from './http/protocol';
import { securityHeaders } from './http/security-headers';
import { createTrafficMeter } from './http/traffic';
import { createCatalogRoutes } from './catalog/catalog.routes';
import { createHealthRoutes } from './health/health.routes';
import { authenticate } from './auth/auth.middleware';
import { createAuthRoutes } from './auth/auth.routes';
import { ensureBootstrapAdmin } from './auth/auth.service';
import { createOrderRoutes } from './orders/order.routes';
import { orderWriteHooks } from './orders/order-write-hooks';
import { createPrintFileRoutes } from './print-files/print-file.routes';
import { createOrderLookupRoutes } from './orders/order-lookup.routes';
import { createMailRoutes, registerMailWaker } from './mail/mail.routes';
import { startMailSender, type MailSender } from './mail/mail-sender';
import { createSyncRoutes } from './sync/sync.routes';
import { createAnalyticsRoutes } from './analytics/analytics.routes';
import { pruneErrorReports } from './analytics/error-report.retention';
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
  await pruneErrorReports(db, context.now());

  const api = new Router({ prefix: '/api' });
  for (const router of [
    createHealthRoutes(context),
    createCatalogRoutes(),
    createAuthRoutes(context),
    // Fixed paths under /orders (analytics, checkout's POST /orders) come before /orders/:id.
    createAnalyticsRoutes(context),
    createPaymentRoutes(context),
    createSyncRoutes(context),
    createPrintFileRoutes(context),
    createOrderLookupRoutes(context),
    createOrderRoutes(context),
    createMailRoutes(context),
  ]) {
    api.use(router.routes());
  }

  const koa = new Koa({ proxy: config.trustProxy });
  const traffic = createTrafficMeter();
  koa.use(traffic.middleware);
  koa.use(requestLog(logger));
  koa.use(securityHeaders({ stripe: config.stripe !== null }));
  koa.use(errorMiddleware(logger));
  koa.use(answerUnmatched(api));
  koa.use(serveWebApp(config.webDistDir));
  koa.use(jsonBodyParser(config.bodyLimitBytes));
  koa.use(authenticate(context));
  koa.use(api.routes());

  await runPaymentStartupTasks(context);
  // After reconciliation, so the orders it wrote are mailed too. SHOP_TEST_FAULT=hold-mail (tests
  // only) leaves the outbox unsent: a crash test kills the process between an order and its mail.
  let mailSender: MailSender | null = null;
  if (config.mail.enabled && config.testFault !== 'hold-mail') {
    const sender = startMailSender(context, traffic);
    registerMailWaker(context, sender.wake);
    mailSender = sender;
  }

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
      await mailSender?.close();
      await closePayments(context);
      await db.destroy();
    },
  };
}
