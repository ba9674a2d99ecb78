import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeStandIn, type StripeStandIn } from '../test/stripe-stand-in';
import { startTemporaryPostgres, type TemporaryPostgres } from '../test/postgres';
import { killServer, startServerProcess } from '../test/server-process';
import { checkOut, eventually, readOrders, runBackupCli } from './backup.test-support';

let standIn: StripeStandIn;
let cluster: TemporaryPostgres;
let dir: string;
beforeAll(async () => {
  standIn = await startStripeStandIn();
  cluster = await startTemporaryPostgres();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-pg-drill-'));
}, 60_000);
afterAll(async () => {
  await standIn?.close();
  await cluster?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: cluster.adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

describe('the restore drill on PostgreSQL', () => {
  it('pg_dump backs up a running shop; after the database is lost, pg_restore and the reconciliation bring every order back', async () => {
    const url = await cluster.createDatabase();
    const name = new URL(url).pathname.slice(1);
    const env = {
      DATABASE_URL: url,
      WEB_DIST_DIR: path.join(dir, 'dist'),
      MAIL_DIR: path.join(dir, 'mail'),
      BACKUP_DIR: path.join(dir, 'backups'),
      PG_BIN_DIR: cluster.binDir,
      STRIPE_SECRET_KEY: 'sk_test_drill',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_drill',
      STRIPE_WEBHOOK_SECRET: 'whsec_drill',
      STRIPE_API_BASE: standIn.url,
    };
    const shop = await startServerProcess(env);
    await checkOut(shop.url, 'pg-drill-1');
    await checkOut(shop.url, 'pg-drill-2', [2, 1]);

    const backup = await runBackupCli('backup', env);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.lastLine).toMatch(/shop-.*Z\.dump$/);
    const inBackup = await readOrders(url);
    expect(inBackup.orders).toHaveLength(2);

    await checkOut(shop.url, 'pg-drill-3', [3]);
    const chargesBefore = standIn.charges();
    const refused = await runBackupCli('restore', env, [backup.lastLine]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('A shop is running on');

    // The process dies and the database with it.
    await killServer(shop, 'SIGKILL');
    await admin(`DROP DATABASE ${name} WITH (FORCE)`);
    await admin(`CREATE DATABASE ${name}`);

    const restored = await runBackupCli('restore', env, [backup.lastLine]);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain(': 2 orders, the last placed');

    const again = await startServerProcess(env);
    try {
      // The reconciliation rebuilds it in the background once the shop listens.
      await eventually(async () => (await readOrders(url)).orders.length === inBackup.orders.length + 1, 'the rebuilt order');
      const now = await readOrders(url);
      const backedUp = new Set(inBackup.orders.map((order) => order.id));
      expect(now.orders.filter((order) => backedUp.has(order.id))).toEqual(inBackup.orders);
      expect(now.items.filter((item) => backedUp.has(item.order_id))).toEqual(inBackup.items);
      const rebuilt = now.orders.filter((order) => !backedUp.has(order.id));
      expect(rebuilt.map((order) => [order.customer_email, order.status])).toEqual([['maya@example.com', 'processing']]);
      expect(now.items.filter((item) => !backedUp.has(item.order_id)).map((item) => item.quantity)).toEqual([3]);
      expect(standIn.intents.get(rebuilt[0]!.payment_intent_id as string)?.status).toBe('succeeded');
      expect(standIn.charges()).toBe(chargesBefore);
    } finally {
      await killServer(again, 'SIGTERM');
    }
  }, 300_000);
});
