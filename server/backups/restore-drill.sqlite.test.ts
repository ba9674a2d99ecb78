import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { freshServerFolder, killServer, startServerProcess } from '../test/server-process';
import { checkOut, eventually, readOrders, runBackupCli } from './backup.test-support';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const mailFiles = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.endsWith('.eml')).sort() : []);

/** The test gateway's succeeded charges, from its own file (the card processor's records, not the shop's). */
function ledgerCharges(file: string): { id: string; amount_cents: number }[] {
  const ledger = new SQLite(file, { readonly: true });
  try {
    return ledger.prepare("SELECT id, amount_cents FROM test_gateway_intents WHERE status = 'succeeded' ORDER BY id").all() as { id: string; amount_cents: number }[];
  } finally {
    ledger.close();
  }
}

describe('the restore drill on SQLite', () => {
  it('backs up a running shop, survives losing the disk, and rebuilds the payments made after the backup', async () => {
    const { dir, dbPath, env: base } = freshServerFolder('shop-drill-');
    dirs.push(dir);
    const backupDir = path.join(dir, 'backups');
    const mailDir = path.join(dir, 'mail');
    const ledgerFile = path.join(dir, 'test-gateway.sqlite');
    const env = { ...base, BACKUP_DIR: backupDir, MAIL_POLL_MS: '50' };
    const shop = await startServerProcess(env);
    const before = [await checkOut(shop.url, 'drill-1'), await checkOut(shop.url, 'drill-2', [1, 3])];
    await eventually(() => mailFiles(mailDir).length === 2, 'the two confirmations');

    const backup = await runBackupCli('backup', env);
    expect(backup.code, backup.stderr).toBe(0);
    const file = backup.lastLine;
    expect(path.dirname(file)).toBe(backupDir);
    expect(backup.stdout).toContain('Backup verified: 2 orders');
    const inBackup = await readOrders(`sqlite:${file}`);
    expect(inBackup.orders.map((order) => order.order_number).sort()).toEqual([...before].sort());

    // Payments after the backup: the shop writes their orders, then the disk dies with them.
    const afterKeys = ['drill-3', 'drill-4'];
    const after = [await checkOut(shop.url, afterKeys[0]!), await checkOut(shop.url, afterKeys[1]!, [4])];
    const charges = ledgerCharges(ledgerFile);
    expect(charges).toHaveLength(4);

    // Never under a running shop: refused, and nothing changed.
    const refused = await runBackupCli('restore', env, [file]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('A shop is running on');
    expect((await readOrders(`sqlite:${dbPath}`)).orders).toHaveLength(4);

    await killServer(shop, 'SIGKILL');
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${dbPath}${suffix}`, { force: true });
    fs.rmSync(mailDir, { recursive: true, force: true });

    const restored = await runBackupCli('restore', env, [file]);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain(`into ${dbPath}: 2 orders, the last placed ${new Date(Math.max(...inBackup.orders.map((order) => Number(order.created_at)))).toISOString()}`);
    expect(restored.stdout).toContain('2 mail files brought back');
    expect(mailFiles(mailDir)).toHaveLength(2);
    // The restore rewound the shop, not the card processor.
    expect(ledgerCharges(ledgerFile)).toEqual(charges);

    const again = await startServerProcess(env);
    try {
      // The reconciliation rebuilds them in the background once the shop listens.
      await eventually(async () => (await readOrders(`sqlite:${dbPath}`)).orders.length === inBackup.orders.length + 2, 'the rebuilt orders');
      const now = await readOrders(`sqlite:${dbPath}`);
      // Every order of the backup, exactly as it was.
      const backedUpIds = new Set(inBackup.orders.map((order) => order.id));
      expect(now.orders.filter((order) => backedUpIds.has(order.id))).toEqual(inBackup.orders);
      expect(now.items.filter((item) => backedUpIds.has(item.order_id))).toEqual(inBackup.items);
      // The two paid after it, written again from the test gateway's records, for the same carts.
      const rebuilt = now.orders.filter((order) => !backedUpIds.has(order.id));
      expect(rebuilt).toHaveLength(2);
      const paid = charges.filter((charge) => rebuilt.some((order) => order.payment_intent_id === charge.id));
      expect(rebuilt.map((order) => [order.customer_email, order.total_cents, order.status]).sort()).toEqual(
        paid.map((charge) => ['maya@example.com', charge.amount_cents, 'processing']).sort(),
      );
      expect(now.items.filter((item) => !backedUpIds.has(item.order_id)).map((item) => item.quantity).sort()).toEqual([1, 4]);
      // A shopper retrying one of those checkouts is told its order, and is not charged again.
      const retried = await checkOut(again.url, afterKeys[1]!, [4]);
      expect(rebuilt.map((order) => order.order_number)).toContain(retried);
      expect(after).not.toContain(retried);
      expect(ledgerCharges(ledgerFile)).toEqual(charges);
    } finally {
      // Nothing left to check: no need to wait for a graceful stop.
      await killServer(again, 'SIGKILL');
    }
  }, 300_000);
});
