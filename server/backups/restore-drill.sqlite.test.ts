import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeStandIn, type StripeStandIn } from '../test/stripe-stand-in';
import { freshServerFolder, killServer, startServerProcess } from '../test/server-process';
import { checkOut, eventually, readOrders, runBackupCli } from './backup.test-support';

let standIn: StripeStandIn;
const dirs: string[] = [];
beforeAll(async () => {
  standIn = await startStripeStandIn();
});
afterAll(async () => {
  await standIn?.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const mailFiles = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.endsWith('.eml')).sort() : []);

describe('the restore drill on SQLite', () => {
  it('backs up a running shop, survives losing the disk, and rebuilds the payments made after the backup', async () => {
    const { dir, dbPath, env: base } = freshServerFolder('shop-drill-');
    dirs.push(dir);
    const backupDir = path.join(dir, 'backups');
    const mailDir = path.join(dir, 'mail');
    const env = {
      ...base,
      BACKUP_DIR: backupDir,
      MAIL_POLL_MS: '50',
      STRIPE_SECRET_KEY: 'sk_test_drill',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_drill',
      STRIPE_WEBHOOK_SECRET: 'whsec_drill',
      STRIPE_API_BASE: standIn.url,
    };
    const shop = await startServerProcess(env);
    const before = [await checkOut(shop.url, 'drill-1'), await checkOut(shop.url, 'drill-2', [2]), await checkOut(shop.url, 'drill-3', [1, 3])];
    await eventually(() => mailFiles(mailDir).length === 3, 'the three confirmations');

    const backup = await runBackupCli('backup', env);
    expect(backup.code, backup.stderr).toBe(0);
    const file = backup.lastLine;
    expect(path.dirname(file)).toBe(backupDir);
    expect(backup.stdout).toContain('Backup verified: 3 orders');
    const inBackup = await readOrders(`sqlite:${file}`);
    expect(inBackup.orders.map((order) => order.order_number).sort()).toEqual([...before].sort());

    // Payments after the backup: the shop writes their orders, then the disk dies with them.
    const afterKeys = ['drill-4', 'drill-5'];
    const after = [await checkOut(shop.url, afterKeys[0]!), await checkOut(shop.url, afterKeys[1]!, [4])];
    const chargesBefore = standIn.charges();

    // Never under a running shop: refused, and nothing changed.
    const refused = await runBackupCli('restore', env, [file]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('A shop is running on');
    expect((await readOrders(`sqlite:${dbPath}`)).orders).toHaveLength(5);

    await killServer(shop, 'SIGKILL');
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${dbPath}${suffix}`, { force: true });
    fs.rmSync(mailDir, { recursive: true, force: true });

    const restored = await runBackupCli('restore', env, [file]);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain(`into ${dbPath}: 3 orders, the last placed ${new Date(Math.max(...inBackup.orders.map((order) => Number(order.created_at)))).toISOString()}`);
    expect(restored.stdout).toContain('3 mail files brought back');
    expect(mailFiles(mailDir)).toHaveLength(3);

    const again = await startServerProcess(env);
    try {
      // The reconciliation rebuilds them in the background once the shop listens.
      await eventually(async () => (await readOrders(`sqlite:${dbPath}`)).orders.length === inBackup.orders.length + 2, 'the rebuilt orders');
      const now = await readOrders(`sqlite:${dbPath}`);
      // Every order of the backup, exactly as it was.
      const backedUpIds = new Set(inBackup.orders.map((order) => order.id));
      expect(now.orders.filter((order) => backedUpIds.has(order.id))).toEqual(inBackup.orders);
      expect(now.items.filter((item) => backedUpIds.has(item.order_id))).toEqual(inBackup.items);
      // The two paid after it, written again from the gateway's records, for the same carts.
      const rebuilt = now.orders.filter((order) => !backedUpIds.has(order.id));
      expect(rebuilt).toHaveLength(2);
      const charged = [...standIn.intents.values()].filter((intent) => rebuilt.some((order) => order.payment_intent_id === intent.id));
      expect(charged.map((intent) => intent.status)).toEqual(['succeeded', 'succeeded']);
      expect(rebuilt.map((order) => [order.customer_email, order.total_cents, order.status]).sort()).toEqual(
        charged.map((intent) => ['maya@example.com', intent.amount, 'processing']).sort(),
      );
      expect(now.items.filter((item) => !backedUpIds.has(item.order_id)).map((item) => item.quantity).sort()).toEqual([1, 4]);
      // A shopper retrying one of those checkouts is told its order, and is not charged again.
      const retried = await checkOut(again.url, afterKeys[1]!, [4]);
      expect(rebuilt.map((order) => order.order_number)).toContain(retried);
      expect(after).not.toContain(retried);
      expect(standIn.charges()).toBe(chargesBefore);
    } finally {
      await killServer(again, 'SIGTERM');
    }
  }, 300_000);
});
