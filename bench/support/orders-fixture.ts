import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createApp, type RunningApp } from '../../server/app';
import { refreshPlannerStatistics } from '../../server/db/database';
import { startSession } from '../../server/auth/session.service';
import { loadConfig } from '../../server/config/config';
import { bulkInsertOrders } from '../../server/seed/bulk-insert';
import { generateOrders } from '../../server/seed/order-generator';

export interface OrdersFixture {
  app: RunningApp;
  url: string;
  dbPath: string;
  adminToken: string;
  seedMs: number;
  close(): Promise<void>;
}

/** The real server on a fresh SQLite file holding `count` generated orders, and an admin token. */
export async function startOrdersFixture(count: number): Promise<OrdersFixture> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orders-bench-'));
  const dbPath = path.join(dir, 'shop.db');
  const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: `sqlite:${dbPath}`, WEB_DIST_DIR: path.join(dir, 'dist') });
  const app = await createApp(config);
  const url = await app.listen(0, '127.0.0.1');
  const { db } = app.context;

  const started = performance.now();
  await bulkInsertOrders(db, generateOrders(count));
  const seedMs = performance.now() - started;
  // Steady state: a running shop's WAL is checkpointed every 1,000 pages, not 100 MB behind.
  await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
  // Steady state too: the server refreshes planner statistics at start-up and hourly.
  await refreshPlannerStatistics(db);

  const admin = await db
    .insertInto('users')
    .values({ email: 'bench-admin@example.com', password_hash: 'bench:no-login', role: 'admin', first_name: 'Bench', last_name: 'Admin', phone: null, created_at: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const adminToken = await startSession(app.context, admin.id);

  return {
    app,
    url,
    dbPath,
    adminToken,
    seedMs,
    async close() {
      await app.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export const fmt = (ms: number) => `${ms.toFixed(2)} ms`;
export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
