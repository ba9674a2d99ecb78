import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutBody } from './payment.test-support';
import { startStripeStandIn, type StripeStandIn } from '../test/stripe-stand-in';
import { waitFor } from '../mail/mail.test-support';
import { freshServerFolder, killServer, startServerProcess, type ServerProcess } from '../test/server-process';

let standIn: StripeStandIn;
const dirs: string[] = [];

// Each case starts the server as a process three times; on a busy 2-core machine that takes a while.
beforeAll(async () => {
  standIn = await startStripeStandIn();
});
afterAll(async () => {
  await standIn?.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const startServer = startServerProcess;
const stop = (server: ServerProcess) => killServer(server, 'SIGTERM');

function readDb(dbPath: string) {
  const db = new SQLite(dbPath, { readonly: true });
  try {
    return {
      orders: db.prepare('SELECT id, order_number, payment_intent_id, status FROM orders').all() as { id: string; order_number: string; payment_intent_id: string; status: string }[],
      intents: db.prepare('SELECT id, order_id FROM payment_intents').all() as { id: string; order_id: string | null }[],
      testCharges: ledgerCharges(path.join(path.dirname(dbPath), 'test-gateway.sqlite')),
    };
  } finally {
    db.close();
  }
}

/** Charges in the test gateway's ledger, its own file beside the shop's (none with Stripe, which keeps its own). */
function ledgerCharges(ledgerPath: string): number {
  if (!fs.existsSync(ledgerPath)) return 0;
  const ledger = new SQLite(ledgerPath, { readonly: true });
  try {
    return (ledger.prepare("SELECT count(*) AS n FROM test_gateway_intents WHERE status = 'succeeded'").get() as { n: number }).n;
  } finally {
    ledger.close();
  }
}

function post(url: string, body: unknown, key: string) {
  return fetch(`${url}/api/checkout`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key }, body: JSON.stringify(body) });
}

function freshDatabase(): { dbPath: string; env: Record<string, string> } {
  const { dir, dbPath, env } = freshServerFolder('shop-crash-');
  dirs.push(dir);
  return { dbPath, env };
}

describe('a crash between a succeeded payment and the order insert', () => {
  it('leaves exactly one order for the Stripe payment after a restart, and the retry is not charged again', async () => {
    const { dbPath, env: baseEnv } = freshDatabase();
    const env = { ...baseEnv, STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_API_BASE: standIn.url };
    const chargesBefore = standIn.charges();
    const body = checkoutBody('pm_card_visa', [2]);

    const crashing = await startServer({ ...env, SHOP_TEST_FAULT: 'crash-after-payment' });
    await expect(post(crashing.url, body, 'crash-key')).rejects.toThrow();
    expect(await crashing.exited).toBe(86);
    const afterCrash = readDb(dbPath);
    expect(afterCrash.orders).toHaveLength(0);
    expect(afterCrash.intents).toHaveLength(1);
    expect(standIn.charges()).toBe(chargesBefore + 1);

    // The one charge names the shop's stored record (its cart snapshot) in its metadata.
    const charged = [...standIn.intents.values()].filter((intent) => intent.metadata.shop_intent === afterCrash.intents[0]!.id);
    expect(charged.map((intent) => intent.status)).toEqual(['succeeded']);

    // Start-up reconciliation finds that charge and writes the order from the stored cart snapshot.
    const restarted = await startServer(env);
    // The reconciliation runs in the background once the shop listens.
    await waitFor('the reconciled order', () => readDb(dbPath).orders.length > 0);
    const recovered = readDb(dbPath);
    expect(recovered.orders).toHaveLength(1);
    expect(recovered.orders[0]).toMatchObject({ payment_intent_id: charged[0]!.id, status: 'processing' });
    expect(recovered.intents).toEqual([{ id: charged[0]!.id, order_id: recovered.orders[0]!.id }]);

    // The shopper's retry with the same key is told about that order and is not charged again.
    const retry = await post(restarted.url, body, 'crash-key');
    expect(retry.status).toBe(201);
    expect(await retry.json()).toEqual({ success: true, order: { orderNumber: recovered.orders[0]!.order_number, total: 12.91, customerEmail: 'maya@example.com' } });
    await stop(restarted);

    const again = await startServer(env);
    await stop(again);
    const final = readDb(dbPath);
    expect(final.orders).toHaveLength(1);
    expect(standIn.charges()).toBe(chargesBefore + 1);
  }, 120_000);

  it('the test gateway takes the same path: the restart writes the order of the charge, and the retry is told it without a second charge', async () => {
    const { dbPath, env } = freshDatabase();
    const body = checkoutBody('pm_card_visa', [2]);

    const crashing = await startServer({ ...env, SHOP_TEST_FAULT: 'crash-after-payment' });
    await expect(post(crashing.url, body, 'crash-key')).rejects.toThrow();
    expect(await crashing.exited).toBe(86);
    const afterCrash = readDb(dbPath);
    expect(afterCrash).toMatchObject({ orders: [], testCharges: 1 });
    expect(afterCrash.intents).toEqual([{ id: expect.stringMatching(/^shop_pi_/), order_id: null }]);

    const restarted = await startServer(env);
    // The reconciliation runs in the background once the shop listens.
    await waitFor('the reconciled order', () => readDb(dbPath).orders.length > 0);
    const recovered = readDb(dbPath);
    expect(recovered.orders).toHaveLength(1);
    expect(recovered.intents).toEqual([{ id: recovered.orders[0]!.payment_intent_id, order_id: recovered.orders[0]!.id }]);
    const retry = await post(restarted.url, body, 'crash-key');
    expect(retry.status).toBe(201);
    expect(await retry.json()).toEqual({ success: true, order: { orderNumber: recovered.orders[0]!.order_number, total: 12.91, customerEmail: 'maya@example.com' } });
    await stop(restarted);

    const final = readDb(dbPath);
    expect(final.orders).toHaveLength(1);
    expect(final.testCharges).toBe(1);
  }, 120_000);
});
