import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The shop's Prometheus metrics (prom-client), one registry per app. Always counted (an increment
 * is a few nanoseconds); exposed only when METRICS_PORT is set (metrics.server.ts).
 */
export interface ShopMetrics {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  checkouts: Counter<'outcome'>;
  gatewayDuration: Histogram<'call' | 'outcome'>;
  gatewayErrors: Counter<'call'>;
  mailFailures: Counter<'final'>;
  syncPushes: Counter;
  syncMutations: Counter<'result'>;
  databaseErrors: Counter<'code'>;
}

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(): ShopMetrics {
  const registry = new Registry();
  const registers = [registry];
  return {
    registry,
    httpRequests: new Counter({ name: 'shop_http_requests_total', help: 'HTTP requests answered, by route template and status.', labelNames: ['method', 'route', 'status'], registers }),
    httpDuration: new Histogram({
      name: 'shop_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route template and status.',
      labelNames: ['method', 'route', 'status'],
      buckets: SECONDS,
      registers,
    }),
    checkouts: new Counter({
      name: 'shop_checkouts_total',
      help: 'POST /api/checkout answers by outcome: placed, pending, declined, authentication_required, payment_failed, rejected, throttled, gateway_unavailable, unavailable, error.',
      labelNames: ['outcome'],
      registers,
    }),
    gatewayDuration: new Histogram({
      name: 'shop_gateway_request_duration_seconds',
      help: 'Payment gateway calls by call and outcome (ok, declined, refused, error).',
      labelNames: ['call', 'outcome'],
      buckets: SECONDS,
      registers,
    }),
    gatewayErrors: new Counter({ name: 'shop_gateway_errors_total', help: 'Payment gateway calls that failed (unreachable, 5xx), not declines or refusals.', labelNames: ['call'], registers }),
    mailFailures: new Counter({ name: 'shop_mail_failures_total', help: 'Failed mail attempts; final="true" when the mail was given up on.', labelNames: ['final'], registers }),
    syncPushes: new Counter({ name: 'shop_sync_pushes_total', help: 'Admin sync pushes (POST /api/sync/push) handled.', registers }),
    syncMutations: new Counter({ name: 'shop_sync_mutations_total', help: 'Pushed admin changes by result: applied, duplicate, conflict, invalid.', labelNames: ['result'], registers }),
    databaseErrors: new Counter({
      name: 'shop_database_errors_total',
      help: 'Requests answered with a database error (locked, unreachable, storage full or read-only), by code.',
      labelNames: ['code'],
      registers,
    }),
  };
}

export interface BackupGauge {
  enabled: boolean;
  database: 'sqlite' | 'postgres';
  ageSeconds: number | null;
  lastAttemptOk: boolean | null;
}

/** Gauges read when scraped: the mail outbox's depth and the backups' age. */
export interface ShopGauges {
  mailOutbox(): Promise<{ queued: number; failed: number }>;
  backup(): Promise<BackupGauge>;
}

/** What the endpoint adds to the counters: Node's own metrics (event-loop lag among them) and the gauges. */
export function watchProcess(metrics: ShopMetrics, gauges: ShopGauges): void {
  const registers = [metrics.registry];
  collectDefaultMetrics({ register: metrics.registry });
  new Gauge({
    name: 'shop_mail_outbox_depth',
    help: 'Mails waiting in the outbox: queued (to send or retry) and failed (waiting for the admin).',
    labelNames: ['state'],
    registers,
    async collect() {
      const depth = await gauges.mailOutbox();
      this.set({ state: 'queued' }, depth.queued);
      this.set({ state: 'failed' }, depth.failed);
    },
  });
  new Gauge({
    name: 'shop_backup_age_seconds',
    help: 'Seconds since the last good backup finished (+Inf before the first); absent while backups are off.',
    labelNames: ['database'],
    registers,
    async collect() {
      const backup = await gauges.backup();
      this.reset();
      if (backup.enabled) this.set({ database: backup.database }, backup.ageSeconds ?? Number.POSITIVE_INFINITY);
    },
  });
  new Gauge({
    name: 'shop_backup_last_attempt_ok',
    help: '1 when the last backup attempt succeeded, 0 when it failed; absent before the first or while backups are off.',
    labelNames: ['database'],
    registers,
    async collect() {
      const backup = await gauges.backup();
      this.reset();
      if (backup.enabled && backup.lastAttemptOk !== null) this.set({ database: backup.database }, backup.lastAttemptOk ? 1 : 0);
    },
  });
}

/** A checkout's outcome from its answer's status and code. */
export function checkoutOutcome(status: number, code: string | undefined): string {
  if (status === 201 || status === 200) return 'placed';
  if (status === 202) return 'pending';
  if (status === 402) return code === 'CARD_DECLINED' ? 'declined' : code === 'AUTH_REQUIRED' ? 'authentication_required' : 'payment_failed';
  if (status === 429) return 'throttled';
  if (status === 502) return 'gateway_unavailable';
  if (status === 503) return 'unavailable';
  if (status >= 400 && status < 500) return 'rejected';
  return 'error';
}
