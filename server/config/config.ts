import { MIN_PASSWORD_LENGTH } from '../../shared/schemas/auth';
import path from 'node:path';
import type { LogLevel } from '../http/logger';
import { DEFAULT_FREE_SHIPPING_THRESHOLD_CENTS } from '../../shared/pricing';
import { toCents } from '../../shared/money';
import { DEFAULT_SHOP_TIME_ZONE, isTimeZone } from '../../shared/orders/shop-days';
import { MailConfigError, parseMailConfig, type MailConfig } from './mail.config';
import { parseTrustProxy, TrustProxyError, type TrustProxy } from '../http/client-address';
import { parseBackupConfig, type BackupConfig } from './backup.config';
import { parseMetricsConfig, type MetricsConfig } from './metrics.config';
import { parsePaymentLimitsConfig, type PaymentLimitsConfig } from './payment-limits.config';

import type { DatabaseConfig } from './database-config';

export type { DatabaseConfig };

/** scrypt's log2 N for new password hashes (OWASP); `PASSWORD_HASH_COST` lowers it for tests only. */
export const DEFAULT_HASH_COST = 17;

export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Test-only: where the `stripe` package sends its HTTP calls (a local stand-in). */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
  /** The egress proxy for the calls to Stripe, from the usual HTTPS_PROXY / HTTP_PROXY / NO_PROXY. */
  proxy?: OutboundProxy;
}

/** An HTTP proxy the server must go through to reach Stripe (curl's variable names; undici applies them). */
export interface OutboundProxy {
  httpsProxy?: string;
  httpProxy?: string;
  /** Hosts reached directly: comma-separated names, `.domain` suffixes, `host:port`, or `*`. */
  noProxy?: string;
}

export interface Config {
  port: number;
  host: string;
  database: DatabaseConfig;
  stripe: StripeConfig | null;
  admin: { email: string; password: string } | null;
  logLevel: LogLevel;
  bodyLimitBytes: number;
  webDistDir: string;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  freeShippingThresholdCents: number;
  /** IANA zone whose calendar days the admin's date filters mean (SHOP_TIME_ZONE, default UTC). */
  shopTimeZone: string;
  /** How long the built-in test gateway takes to answer, as Stripe would (TEST_GATEWAY_LATENCY_MS, default 0). */
  testGatewayLatencyMs: number;
  /**
   * Where the built-in test gateway keeps its ledger, apart from the shop's data as Stripe's records
   * are, so a restore of the shop leaves it as it was: a SQLite file (TEST_GATEWAY_LEDGER, default
   * `test-gateway.sqlite` beside the shop's file), or null on PostgreSQL, where it is the schema
   * `test_gateway` of the shop's database (server/db/test-gateway.store.ts).
   */
  testGatewayLedger: string | null;
  /** Behind reverse proxies: how many (or which) write X-Forwarded-For, read from its right (limits per address). */
  trustProxy: TrustProxy;
  /** scrypt's log2 N for new password hashes: 17 (OWASP) unless PASSWORD_HASH_COST lowers it for tests. */
  passwordHashCost: number;
  /** Transactional mail and where it goes (design.md §7, server/config/mail.config.ts). */
  mail: MailConfig;
  /** The money routes' limits and the upkeep of unpaid intents (server/config/payment-limits.config.ts). */
  payments: PaymentLimitsConfig;
  /** Width of the vinyl roll cut jobs are nested on, mm (ROLL_WIDTH_MM, default 300; design.md §10). */
  rollWidthMm: number;
  /** Longest sheet a cut job is split into, mm (ROLL_LENGTH_MM, default 1000): what the cutter registers and feeds reliably in one go. */
  rollLengthMm: number;
  /** Thinnest stroke or counter the cutter weeds cleanly, mm (MIN_FEATURE_MM, default 0.5); the designer warns below it. */
  minFeatureMm: number;
  /** Whether a paid order's cut designs are worked out at once in the background (CUT_DESIGNS_AT_PAYMENT, on|off, default on), not by the first cut job that lists it. */
  cutDesignsAtPayment: boolean;
  /** Verified online backups and their rotation (BACKUP_*; server/backups/). */
  backup: BackupConfig;
  /** The Prometheus endpoint (METRICS_PORT, METRICS_HOST; server/metrics/). */
  metrics: MetricsConfig;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export const DEFAULT_ROLL_WIDTH_MM = 300;
export const DEFAULT_ROLL_LENGTH_MM = 1000;
export const DEFAULT_MIN_FEATURE_MM = 0.5;
const DAY_MS = 24 * 60 * 60 * 1000;
const LOG_LEVELS: LogLevel[] = ['debug', 'info', 'warn', 'error', 'silent'];

/** Reads the environment once (design.md §2), validates it and returns a frozen config. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): Readonly<Config> {
  const port = integer(env.PORT, 8080, 'PORT', 0, 65535);
  const stripeKeys = [env.STRIPE_SECRET_KEY, env.STRIPE_PUBLISHABLE_KEY, env.STRIPE_WEBHOOK_SECRET];
  const stripeSet = stripeKeys.filter((value) => value && value.trim() !== '').length;
  if (stripeSet !== 0 && stripeSet !== 3) {
    throw new ConfigError(
      'Stripe is half configured: set all of STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET, or none of them for the built-in test gateway.',
    );
  }
  if ((env.ADMIN_EMAIL ? 1 : 0) + (env.ADMIN_PASSWORD ? 1 : 0) === 1) {
    throw new ConfigError('Set both ADMIN_EMAIL and ADMIN_PASSWORD, or neither.');
  }
  if (env.ADMIN_PASSWORD && env.ADMIN_PASSWORD.length < MIN_PASSWORD_LENGTH) {
    throw new ConfigError(`ADMIN_PASSWORD must be at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
  const logLevel = (env.LOG_LEVEL ?? 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}.`);

  const freeShipping = !env.FREE_SHIPPING_THRESHOLD ? undefined : Number(env.FREE_SHIPPING_THRESHOLD);
  if (freeShipping !== undefined && !(Number.isFinite(freeShipping) && freeShipping >= 0)) {
    throw new ConfigError('FREE_SHIPPING_THRESHOLD must be a dollar amount such as 2 or 25.');
  }

  const shopTimeZone = env.SHOP_TIME_ZONE?.trim() || DEFAULT_SHOP_TIME_ZONE;
  if (!isTimeZone(shopTimeZone)) throw new ConfigError('SHOP_TIME_ZONE must be an IANA time zone such as UTC or Europe/London.');

  const database = parseDatabaseUrl(env.DATABASE_URL, root);
  const config: Config = {
    port,
    host: env.HOST || '0.0.0.0',
    database,
    stripe:
      stripeSet === 3
        ? {
            secretKey: env.STRIPE_SECRET_KEY!,
            publishableKey: env.STRIPE_PUBLISHABLE_KEY!,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
            api: parseStripeApi(env.STRIPE_API_BASE),
            proxy: parseOutboundProxy(env),
          }
        : null,
    admin: env.ADMIN_EMAIL ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD! } : null,
    logLevel,
    bodyLimitBytes: integer(env.BODY_LIMIT_BYTES, 100 * 1024, 'BODY_LIMIT_BYTES', 1024, 10 * 1024 * 1024),
    webDistDir: path.resolve(root, env.WEB_DIST_DIR || 'dist'),
    sessionIdleMs: integer(env.SESSION_IDLE_DAYS, 14, 'SESSION_IDLE_DAYS', 1, 365) * DAY_MS,
    sessionAbsoluteMs: integer(env.SESSION_MAX_DAYS, 30, 'SESSION_MAX_DAYS', 1, 365) * DAY_MS,
    freeShippingThresholdCents: freeShipping === undefined ? DEFAULT_FREE_SHIPPING_THRESHOLD_CENTS : toCents(freeShipping),
    shopTimeZone,
    testGatewayLatencyMs: integer(env.TEST_GATEWAY_LATENCY_MS, 0, 'TEST_GATEWAY_LATENCY_MS', 0, 60_000),
    testGatewayLedger: testGatewayLedgerOf(env.TEST_GATEWAY_LEDGER, database, root),
    trustProxy: trustProxyConfig(env.TRUST_PROXY),
    passwordHashCost: integer(env.PASSWORD_HASH_COST, DEFAULT_HASH_COST, 'PASSWORD_HASH_COST', 10, 20),
    mail: mailConfig(env, database, root, port),
    payments: Object.freeze(parsePaymentLimitsConfig(env, integer)),
    rollWidthMm: integer(env.ROLL_WIDTH_MM, DEFAULT_ROLL_WIDTH_MM, 'ROLL_WIDTH_MM', 100, 2000),
    rollLengthMm: integer(env.ROLL_LENGTH_MM, DEFAULT_ROLL_LENGTH_MM, 'ROLL_LENGTH_MM', 300, 5000),
    minFeatureMm: decimal(env.MIN_FEATURE_MM, DEFAULT_MIN_FEATURE_MM, 'MIN_FEATURE_MM', 0.1, 5),
    cutDesignsAtPayment: onOff(env.CUT_DESIGNS_AT_PAYMENT, true, 'CUT_DESIGNS_AT_PAYMENT'),
    backup: Object.freeze(parseBackupConfig(env, root, integer)),
    metrics: Object.freeze(parseMetricsConfig(env, integer)),
  };
  return Object.freeze(config);
}

function onOff(value: string | undefined, fallback: boolean, name: string): boolean {
  if (value === undefined || value === '') return fallback;
  if (value === 'on' || value === 'off') return value === 'on';
  throw new ConfigError(`${name} must be on or off`);
}

function trustProxyConfig(value: string | undefined): TrustProxy {
  try {
    return parseTrustProxy(value);
  } catch (error) {
    throw error instanceof TrustProxyError ? new ConfigError(error.message) : error;
  }
}

function mailConfig(env: NodeJS.ProcessEnv, database: DatabaseConfig, root: string, port: number): MailConfig {
  try {
    return Object.freeze(parseMailConfig(env, database, root, port, integer));
  } catch (error) {
    throw error instanceof MailConfigError ? new ConfigError(error.message) : error;
  }
}

function testGatewayLedgerOf(value: string | undefined, database: DatabaseConfig, root: string): string | null {
  if (database.kind === 'postgres') {
    if (value) throw new ConfigError('TEST_GATEWAY_LEDGER is for a SQLite shop: on PostgreSQL the test gateway keeps its ledger in the schema test_gateway.');
    return null;
  }
  if (value) return resolveSqlitePath(value, root);
  return database.path === ':memory:' ? ':memory:' : path.join(path.dirname(database.path), 'test-gateway.sqlite');
}

export function parseDatabaseUrl(url: string | undefined, root: string): DatabaseConfig {
  if (!url) return { kind: 'sqlite', path: path.resolve(root, 'data/shop.db') };
  if (/^postgres(ql)?:\/\//.test(url)) return { kind: 'postgres', url };
  if (url.startsWith('sqlite:')) return { kind: 'sqlite', path: resolveSqlitePath(url.slice('sqlite:'.length), root) };
  if (/^[a-z]+:\/\//i.test(url)) throw new ConfigError(`DATABASE_URL scheme is not supported: ${url.split(':')[0]}`);
  return { kind: 'sqlite', path: resolveSqlitePath(url, root) };
}

function resolveSqlitePath(value: string, root: string): string {
  if (value === ':memory:') return value;
  return path.resolve(root, value.replace(/^\/\/(?=\/)/, ''));
}

/** The lower-case name wins, as with curl; a set variable must be an http(s) URL (credentials allowed). */
export function parseOutboundProxy(env: NodeJS.ProcessEnv): OutboundProxy | undefined {
  const proxyUrl = (name: string) => {
    const read = env[name.toLowerCase()] !== undefined ? name.toLowerCase() : name;
    const value = env[read]?.trim();
    if (!value) return undefined;
    const protocol = URL.canParse(value) ? new URL(value).protocol : null;
    if (protocol !== 'http:' && protocol !== 'https:') throw new ConfigError(`${read} must be http(s)://[user:password@]host:port`);
    return value;
  };
  const httpsProxy = proxyUrl('HTTPS_PROXY');
  const httpProxy = proxyUrl('HTTP_PROXY');
  if (!httpsProxy && !httpProxy) return undefined;
  const noProxy = (env.no_proxy ?? env.NO_PROXY)?.trim() || undefined;
  return { ...(httpsProxy ? { httpsProxy } : {}), ...(httpProxy ? { httpProxy } : {}), ...(noProxy ? { noProxy } : {}) };
}

function parseStripeApi(value: string | undefined): StripeConfig['api'] {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError('STRIPE_API_BASE must be http(s)://host:port');
  }
  const protocol = url.protocol.replace(':', '');
  if (protocol !== 'http' && protocol !== 'https') throw new ConfigError('STRIPE_API_BASE must be http(s)://host:port');
  return { host: url.hostname, port: Number(url.port || (protocol === 'https' ? 443 : 80)), protocol };
}

function decimal(value: string | undefined, fallback: number, name: string, min: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < min || parsed > max) throw new ConfigError(`${name} must be a number from ${min} to ${max}, got "${value}".`);
  return parsed;
}

function integer(value: string | undefined, fallback: number, name: string, min: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${value}".`);
  }
  return parsed;
}
