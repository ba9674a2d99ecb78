import type { Server } from 'node:http';
import Koa from 'koa';
import Router from '@koa/router';
import type { AppContext } from './app-context';
import type { Config } from './config/config';
import { migrateToLatest, openDatabase, refreshPlannerStatistics } from './db/database';
import { startWalCheckpointer } from './db/wal-checkpointer';
import { errorMiddleware } from './http/error.middleware';
import { clearStorageFault, noteStorageFault } from './health/storage-faults';
import { jsonBodyParser } from './http/body-parser';
import { createLogger } from './http/logger';
import { requestLog } from './http/request-log';
import { answerUnmatched } from './http/protocol';
import { securityHeaders } from './http/security-headers';
import { clientAddressFromProxies, koaProxyOptions } from './http/client-address';
import { trackForGracefulClose, type GracefulClose } from './http/graceful-close';
import { createCatalogRoutes } from './catalog/catalog.routes';
import { startCatalogCache } from './catalog/catalog.cache';
import { createHealthRoutes } from './health/health.routes';
import { authenticate } from './auth/auth.middleware';
import { createAuthRoutes } from './auth/auth.routes';
import { createStaffRoutes } from './staff/staff.routes';
import { ensureBootstrapAdmin } from './auth/auth.service';
import { createOrderRoutes } from './orders/order.routes';
import { createOrderEditRoutes } from './orders/order-edit.routes';
import { createCustomerRoutes } from './customers/customer.routes';
import { indexNewOrdersForSearch } from './orders/order-search-index';
import { createPrintFileRoutes } from './print-files/print-file.routes';
import { createDesignPictureRoutes } from './print-files/design-picture.routes';
import { createCutJobRoutes } from './print-files/cut-jobs/cut-job.routes';
import { createOrderLookupRoutes } from './orders/order-lookup.routes';
import { createMailRoutes } from './mail/mail.routes';
import { registerMailWaker } from './mail/mail.service';
import { startCutDesignWarmer } from './print-files/cut-jobs/cut-design.warmer';
import { startMailSender, type MailSender } from './mail-delivery/mail-sender';
import { createSyncRoutes } from './sync/sync.routes';
import { startOrderEvents } from './sync/order-events';
import { createAnalyticsRoutes } from './analytics/analytics.routes';
import { pruneErrorReports } from './analytics/error-report.retention';
import { prunePurchaseEvents } from './analytics/purchase-event.retention';
import { startReplayPruning } from './sync/replay-retention';
import { createPaymentRoutes } from './payments/payment.routes';
import { startPaymentUpkeep, type PaymentUpkeep } from './payments/payment.upkeep';
import { createPayments } from './payments/payment.service';
import { ensureTestGatewayLedger, testGatewayStoreOf } from './db/test-gateway.store';
import { createCheckoutRoutes } from './checkout/checkout.routes';
import { createDiscountRoutes } from './discounts/discount.routes';
import { serveWebApp } from './http/static';
import { createMetrics } from './metrics/metrics';
import { measureRequests } from './metrics/http-metrics';
import { exposeMetrics } from './shop-metrics';
import { createBackupRoutes } from './backups/backup.routes';
import { startBackupSchedule } from './backups/backup.scheduler';
import { holdShopLock } from './backups/shop-lock';

/** How long the connections may take to end on a stop (SIGTERM), of the 10 s an orchestrator usually allows. */
const SERVER_CLOSE_DEADLINE_MS = 7_000;

export interface RunningApp {
  context: AppContext;
  /** Where Prometheus scrapes this process (METRICS_PORT), or null. */
  metricsUrl: string | null;
  koa: Koa;
  /** The payments' background reconciliation (payment.upkeep.ts). */
  paymentUpkeep: PaymentUpkeep;
  /** Starts listening; port 0 picks a free port. Resolves with the base URL. */
  listen(port?: number, host?: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * Seams for tests only (server/test/server-entry.ts composes them from SHOP_TEST_FAULT): a fixed
 * clock, a crash between a charge and its order, an outbox left unsent. Production passes none.
 */
export interface AppSeams {
  now?: () => number;
  afterCharge?: () => void;
  holdMail?: boolean;
}

/** Builds the whole server for a config: database, migrations, start-up tasks and routes. */
export async function createApp(config: Readonly<Config>, seams: AppSeams = {}): Promise<RunningApp> {
  const logger = createLogger(config.logLevel);
  // The orders domain's part of every SQLite commit: new orders enter the search index.
  // The test gateway's ledger is a store of its own, reached through the shop's connection.
  const testGatewayStore = testGatewayStoreOf(config);
  const db = await openDatabase(config.database, { beforeCommit: [indexNewOrdersForSearch], sideStore: testGatewayStore });
  if (testGatewayStore) await ensureTestGatewayLedger(db);
  await migrateToLatest(db);
  await refreshPlannerStatistics(db);
  // A SQLite file's WAL is copied into the file on a thread of its own, not in the event loop's commits.
  const { database } = config;
  const checkpointer = database.kind === 'sqlite' && database.path !== ':memory:' ? await startWalCheckpointer(db, database.path) : null;
  const statisticsTimer = setInterval(() => void refreshPlannerStatistics(db).catch(() => undefined), 60 * 60 * 1000);
  statisticsTimer.unref();
  const context: AppContext = { config, db, logger, now: seams.now ?? Date.now, metrics: createMetrics() };
  // Held while the shop runs, so `npm run restore` refuses to replace the database under it.
  const shopLock = await holdShopLock(config.database, (error) => logger.warn('could not take the running-shop lock', { error: String(error) }));
  const payments = createPayments(context, seams.afterCharge);
  const catalog = await startCatalogCache(context);
  await ensureBootstrapAdmin(context);
  await pruneErrorReports(db, context.now());
  await prunePurchaseEvents(db, context.now());
  const stopReplayPruning = await startReplayPruning(context);
  const orderEvents = startOrderEvents(context);
  const cutDesignWarmer = startCutDesignWarmer(context);

  const api = new Router({ prefix: '/api' });
  for (const router of [
    createHealthRoutes(context),
    createCatalogRoutes(context, catalog),
    createAuthRoutes(context),
    // Fixed paths under /orders (analytics, checkout's POST /orders) come before /orders/:id.
    createAnalyticsRoutes(context),
    createPaymentRoutes(context, payments),
    createCheckoutRoutes(context, payments),
    createSyncRoutes(context, orderEvents),
    createPrintFileRoutes(context),
    createDesignPictureRoutes(context),
    createCutJobRoutes(context),
    createOrderLookupRoutes(context),
    createOrderEditRoutes(context),
    createOrderRoutes(context),
    createMailRoutes(context),
    createDiscountRoutes(context),
    createStaffRoutes(context),
    createCustomerRoutes(context),
    createBackupRoutes(context),
  ]) {
    api.use(router.routes());
  }

  const koa = new Koa(koaProxyOptions(config.trustProxy));
  koa.use(clientAddressFromProxies(config.trustProxy));
  koa.use(requestLog(logger));
  koa.use(measureRequests(context.metrics));
  koa.use(securityHeaders({ stripe: config.stripe !== null }));
  koa.use(errorMiddleware(logger, { onFault: () => noteStorageFault(context), onWritten: () => clearStorageFault(context) }));
  koa.use(answerUnmatched(api));
  koa.use(serveWebApp(config.webDistDir));
  koa.use(jsonBodyParser(config.bodyLimitBytes));
  koa.use(authenticate(context));
  koa.use(catalog.keepFresh);
  koa.use(api.routes());

  // In the background: the shop answers while the gateway is slow or away (payment.upkeep.ts).
  const paymentUpkeep = startPaymentUpkeep(payments);
  let mailSender: MailSender | null = null;
  if (config.mail.enabled && !seams.holdMail) {
    const sender = startMailSender(context);
    registerMailWaker(context, sender.wake);
    mailSender = sender;
  }
  const backups = startBackupSchedule(context);
  const metricsEndpoint = await exposeMetrics(context);

  let server: Server | null = null;
  let graceful: GracefulClose | null = null;
  return {
    context,
    koa,
    paymentUpkeep,
    metricsUrl: metricsEndpoint.url,
    listen(port = config.port, host = config.host) {
      return new Promise((resolve, reject) => {
        server = koa.listen(port, host, () => {
          const address = server!.address();
          const actualPort = typeof address === 'object' && address ? address.port : port;
          const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
          resolve(`http://${shownHost}:${actualPort}`);
        });
        server.keepAliveTimeout = 65_000;
        graceful = trackForGracefulClose(server);
        server.once('error', reject);
      });
    },
    async close() {
      clearInterval(statisticsTimer);
      stopReplayPruning();
      // The live event streams never end by themselves: end them, so the stop does not wait on them.
      orderEvents.close();
      // Requests under way get their answers; the rest of the 10 s stop budget is the database's.
      await graceful?.close(SERVER_CLOSE_DEADLINE_MS);
      await paymentUpkeep.stop();
      await cutDesignWarmer.close();
      await mailSender?.close();
      await backups.stop();
      await metricsEndpoint.close();
      await payments.gateway.close?.();
      await checkpointer?.stop();
      await db.destroy();
      await shopLock.release();
    },
  };
}
