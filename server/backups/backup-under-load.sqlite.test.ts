import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { checkoutBody } from '../payments/payment.test-support';
import { startTestApp, type TestApp } from '../test/test-app';
import { takeBackup } from './backup.service';

const SHOPPERS = 64;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-backup-load-'));
let t: TestApp | undefined;
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('a backup taken while 64 shoppers check out', () => {
  it('is consistent: it passes integrity_check and holds every order acknowledged before it started, each whole', async () => {
    t = await startTestApp({ BACKUP_DIR: dir, BACKUP_INTERVAL_MINUTES: '10080', MAIL_ENABLED: '0' });
    const app = t;
    const acknowledged: string[] = [];
    let stop = false;
    const shopper = async () => {
      while (!stop) {
        const answer = await app.request('POST', '/api/checkout', { body: checkoutBody('pm_card_visa', [1, 2]), headers: { 'Idempotency-Key': randomUUID() } });
        expect(answer.status).toBe(201);
        acknowledged.push(answer.body.order.orderNumber);
      }
    };
    const shoppers = Array.from({ length: SHOPPERS }, shopper);
    while (acknowledged.length < SHOPPERS) await new Promise((resolve) => setTimeout(resolve, 20));

    const beforeStart = [...acknowledged];
    const backup = await takeBackup(app.app.context, 'command');
    stop = true;
    await Promise.all(shoppers);

    const copy = new SQLite(backup.file, { readonly: true });
    try {
      expect(copy.pragma('integrity_check')).toEqual([{ integrity_check: 'ok' }]);
      const numbers = new Set((copy.prepare('SELECT order_number FROM orders').all() as { order_number: string }[]).map((row) => row.order_number));
      expect(beforeStart.filter((number) => !numbers.has(number))).toEqual([]);
      // Whole orders only: each with both its lines, its history and its paid intent.
      const partial = copy
        .prepare(
          `SELECT o.order_number FROM orders o
           WHERE (SELECT count(*) FROM order_items i WHERE i.order_id = o.id) <> 2
              OR NOT EXISTS (SELECT 1 FROM order_history h WHERE h.order_id = o.id)
              OR NOT EXISTS (SELECT 1 FROM payment_intents p WHERE p.order_id = o.id AND p.status = 'succeeded')`,
        )
        .all();
      expect(partial).toEqual([]);
      expect(backup.orders).toBe(numbers.size);
    } finally {
      copy.close();
    }
  }, 120_000);
});
