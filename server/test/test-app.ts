import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createApp, type RunningApp } from '../app';
import { loadConfig } from '../config/config';

export interface TestResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  body?: unknown;
  /** Sent as is, without JSON encoding (malformed-input tests). */
  rawBody?: string;
  token?: string;
  headers?: Record<string, string>;
}

export interface TestApp {
  url: string;
  app: RunningApp;
  /** The SQLite file (meaningless on PostgreSQL: use databaseUrl to open the same database again). */
  dbPath: string;
  /** DATABASE_URL of this app's database, SQLite or PostgreSQL. */
  databaseUrl: string;
  request<T = any>(method: string, path: string, options?: RequestOptions): Promise<TestResponse<T>>;
  close(): Promise<void>;
}

let databases = 0;

/**
 * A fresh database on the run's PostgreSQL cluster (the `node-pg` vitest project starts it in
 * server/test/postgres-global-setup.ts), so the server suite runs on PostgreSQL as on SQLite.
 */
async function createPostgresTestDatabase(): Promise<string> {
  const { inject } = await import('vitest');
  const adminUrl = inject('postgresAdminUrl');
  const name = `shop_${process.pid}_${++databases}_${Date.now().toString(36)}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Starts the real server on an ephemeral port with a fresh database (a SQLite file, or a PostgreSQL
 * database when SHOP_TEST_DATABASE=postgres), as a client would see it.
 * `env` adds or overrides environment variables (Stripe keys, admin bootstrap, …); `appOptions.now`
 * replaces the server's clock (session expiry, throttle windows).
 */
export async function startTestApp(
  env: Record<string, string> = {},
  appOptions: { now?: () => number } = {},
): Promise<TestApp> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-'));
  const dbPath = path.join(dir, 'shop.db');
  const onPostgres = process.env.SHOP_TEST_DATABASE === 'postgres';
  const defaultUrl = onPostgres ? await createPostgresTestDatabase() : `sqlite:${dbPath}`;
  // Mail files go beside the SQLite file; on PostgreSQL into the same temporary folder, never data/.
  const mailDir = onPostgres ? { MAIL_DIR: path.join(dir, 'mail') } : {};
  // Cheap password hashes (2^12 instead of 2^17) keep auth tests fast; a test may ask for the real cost.
  // The suites decline many test cards from one address on purpose: the card-testing throttle is
  // raised unless a test sets CARD_DECLINE_LIMIT (server/limits/decline-throttle.test.ts).
  // Cut designs are worked out at payment only where a test asks (cut-design-warmer.test.ts), so the
  // suites' thousands of orders do not start cut threads beside the other suites.
  const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: defaultUrl, WEB_DIST_DIR: path.join(dir, 'dist'), PASSWORD_HASH_COST: '12', CARD_DECLINE_LIMIT: '10000', PAYMENT_INTENT_LIMIT: '10000', CUT_DESIGNS_AT_PAYMENT: 'off', ...mailDir, ...env });
  const app = await createApp(config, appOptions.now ? { now: appOptions.now } : {});
  const url = await app.listen(0, '127.0.0.1');

  async function request<T>(method: string, urlPath: string, options: RequestOptions = {}): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    let body: string | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
      headers['Content-Type'] = 'application/json';
    }
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    const response = await fetch(url + urlPath, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  return {
    url,
    app,
    dbPath,
    databaseUrl: env.DATABASE_URL ?? defaultUrl,
    request,
    async close() {
      await app.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
