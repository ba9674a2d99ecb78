import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { CheckoutPayload } from '../../shared/schemas/order';
import { migrateToLatest } from '../../server/db/database';
import { openSqliteConnection } from '../../server/db/sqlite-connection';
import { chargeAndPlaceOrder } from '../../server/payments/checkout.transaction';
import { createWriteQueue } from '../../server/write-path/group-commit';
import { buildSnapshot, priceCart } from '../../server/payments/payment.snapshot';
import { checkoutBody } from '../../server/payments/payment.test-support';

/**
 * The checkout writer's own work, alone in this thread: `orders` one-transaction checkouts in
 * batches of 16 (as the writer thread runs them) on a fresh SQLite file, with or without the
 * confirmation's outbox row. Returns CPU µs per order (this process's user + system time, which
 * moves far less than wall time when other work shares the cores) and WAL bytes per order.
 */
export async function measureWriterCost(mail: boolean, orders: number): Promise<{ cpuMicros: number; walBytes: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-writer-'));
  const file = path.join(dir, 'shop.db');
  const db = openSqliteConnection(file);
  try {
    await migrateToLatest(db);
    // No checkpoints: the WAL's growth is then what the checkouts wrote.
    await sql`PRAGMA wal_autocheckpoint = 0`.execute(db);
    const writes = createWriteQueue(db, { windowMs: 0, maxBatch: 16 });
    const payload = checkoutBody('pm_card_visa', [1, 2]) as unknown as CheckoutPayload;
    const snapshot = buildSnapshot(payload, priceCart(payload, 200), null, 'card');
    const run = (count: number) =>
      Promise.all(
        Array.from({ length: count }, () => {
          const input = { snapshot, intentKey: `checkout:${randomUUID()}`, paymentMethodId: 'pm_card_visa', idempotencyKey: null, requestHash: 'h', now: Date.now(), mail };
          return writes.run((trx) => chargeAndPlaceOrder(trx, input));
        }),
      );
    await run(256);
    const walBefore = fs.statSync(`${file}-wal`).size;
    const cpuBefore = process.cpuUsage();
    for (let done = 0; done < orders; done += 256) await run(256);
    const cpu = process.cpuUsage(cpuBefore);
    const walAfter = fs.statSync(`${file}-wal`).size;
    return { cpuMicros: (cpu.user + cpu.system) / orders, walBytes: Math.max(0, walAfter - walBefore) / orders };
  } finally {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
