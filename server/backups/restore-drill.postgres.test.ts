import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTemporaryPostgres, type TemporaryPostgres } from '../test/postgres';
import { killServer, startServerProcess } from '../test/server-process';
import { checkOut, eventually, readOrders, runBackupCli } from './backup.test-support';

let cluster: TemporaryPostgres;
let dir: string;
beforeAll(async () => {
  cluster = await startTemporaryPostgres();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-pg-drill-'));
}, 60_000);
afterAll(async () => {
  await cluster?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function query<T>(url: string, statement: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(statement)).rows as T[];
  } finally {
    await client.end();
  }
}

/** The test gateway's succeeded charges, from its own schema (the card processor's records, not the shop's). */
const ledgerCharges = (url: string) =>
  query<{ id: string; amount_cents: number }>(url, "SELECT id, amount_cents FROM test_gateway.test_gateway_intents WHERE status = 'succeeded' ORDER BY id");

describe('the restore drill on PostgreSQL', () => {
  it('pg_dump backs up a running shop; after its tables are lost, pg_restore and the reconciliation with the test gateway bring every order back', async () => {
    const url = await cluster.createDatabase();
    const env = {
      DATABASE_URL: url,
      WEB_DIST_DIR: path.join(dir, 'dist'),
      MAIL_DIR: path.join(dir, 'mail'),
      BACKUP_DIR: path.join(dir, 'backups'),
      PG_BIN_DIR: cluster.binDir,
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
    const charges = await ledgerCharges(url);
    expect(charges).toHaveLength(3);
    const refused = await runBackupCli('restore', env, [backup.lastLine]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('A shop is running on');

    // The process dies and the shop's tables with it; the test gateway's schema stands for Stripe's
    // records, which no accident of the shop's reaches.
    await killServer(shop, 'SIGKILL');
    await query(url, 'DROP SCHEMA public CASCADE; CREATE SCHEMA public');
    expect(await query(url, "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'")).toEqual([]);

    const restored = await runBackupCli('restore', env, [backup.lastLine]);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain(': 2 orders, the last placed');
    expect(await ledgerCharges(url)).toEqual(charges);

    const again = await startServerProcess(env);
    try {
      // The reconciliation rebuilds it in the background once the shop listens.
      await eventually(async () => (await readOrders(url)).orders.length === inBackup.orders.length + 1, 'the rebuilt order');
      const now = await readOrders(url);
      const backedUp = new Set(inBackup.orders.map((order) => order.id));
      expect(now.orders.filter((order) => backedUp.has(order.id))).toEqual(inBackup.orders);
      expect(now.items.filter((item) => backedUp.has(item.order_id))).toEqual(inBackup.items);
      const rebuilt = now.orders.filter((order) => !backedUp.has(order.id));
      const paid = charges.find((charge) => charge.id === rebuilt[0]?.payment_intent_id);
      expect(rebuilt.map((order) => [order.customer_email, order.total_cents, order.status])).toEqual([['maya@example.com', paid?.amount_cents, 'processing']]);
      expect(now.items.filter((item) => !backedUp.has(item.order_id)).map((item) => item.quantity)).toEqual([3]);
      // A shopper retrying that checkout is told its order, and is not charged again.
      expect(await checkOut(again.url, 'pg-drill-3', [3])).toBe(rebuilt[0]!.order_number);
      expect(await ledgerCharges(url)).toEqual(charges);
    } finally {
      // Nothing left to check: no need to wait for a graceful stop.
      await killServer(again, 'SIGKILL');
    }
  }, 300_000);
});
