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
import { createCutJobRoutes } from './print-files/cut-jobs/cut-job.routes';
import { createOrderLookupRoutes } from './orders/order-lookup.routes';
import { createMailRoutes } from './mail/mail.routes';
import { registerMailWaker } from './mail/mail.service';
import { startMailSender, type MailSender } from './mail/mail-sender';
import { createSyncRoutes } from './sync/sync.routes';
import { createAnalyticsRoutes } from './analytics/analytics.routes';
import { pruneErrorReports } from './analytics/error-report.retention';
import { startReplayPruning } from './idempotency/replay-retention';
import { createPaymentRoutes, runPaymentStartupTasks } from './payments/payment.routes';
import { createPayments } from './payments/payment.service';
import { createOrderWriter, type OrderWriter } from './write-path/order-writer';
import { faultsFor } from './app-faults';
import { serveWebApp } from './web/static';

export interface RunningApp {
  context: AppContext;
  /** The app's write path (its writer thread is started by the server once it listens). */
  writer: OrderWriter;
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
  const context: AppContext = { config, db, logger, now: overrides.now ?? Date.now, faults: faultsFor(config) };
  // The one write path and the payments domain, composed once and handed to the routes (issue 18).
  const writer = createOrderWriter(context, { localLedger: !config.stripe });
  const payments = createPayments(context, writer);
  await ensureBootstrapAdmin(context);
  await pruneErrorReports(db, context.now());
  const stopReplayPruning = await startReplayPruning(context);

  const api = new Router({ prefix: '/api' });
  for (const router of [
    createHealthRoutes(context),
    createCatalogRoutes(),
    createAuthRoutes(context),
    // Fixed paths under /orders (analytics, checkout's POST /orders) come before /orders/:id.
    createAnalyticsRoutes(context),
    createPaymentRoutes(context, payments),
    createSyncRoutes(context),
    createPrintFileRoutes(context),
    createCutJobRoutes(context),
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

  await runPaymentStartupTasks(payments);
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
    writer,
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
      stopReplayPruning();
      if (server) {
        const closing = server;
        await new Promise<void>((resolve) => closing.close(() => resolve()));
        closing.closeAllConnections?.();
      }
      await mailSender?.close();
      await payments.gateway.close?.();
      await writer.close();
      await db.destroy();
    },
  };
}
