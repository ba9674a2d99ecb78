import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '../../shared/order-status';
import { freshServerFolder, killServer, startServerProcess, type ServerProcess } from '../test/server-process';
import { checkoutBody } from './payment.test-support';

/**
 * Crash safety: checkouts and admin status changes run against a server process that is
 * SIGKILLed at a random moment, ROUNDS times, and restarted. Every acknowledged order and status
 * change must be there exactly once, every succeeded payment must have exactly one order, and an
 * unacknowledged request retried with its Idempotency-Key must not be applied twice.
 */
const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 2);
const ADMIN = { email: 'owner@example.com', password: 'crash-test-password' };
const folder = freshServerFolder('shop-crash-load-');
afterAll(() => fs.rmSync(folder.dir, { recursive: true, force: true }));

interface Change {
  key: string;
  orderId: string;
  status: string;
  version?: number;
}

const json = (body: unknown, headers: Record<string, string> = {}) => ({ headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });

describe('SIGKILL under load', () => {
  it(`keeps every acknowledged order and status change exactly once across ${ROUNDS} kills`, async () => {
    const env = { ...folder.env, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
    const acknowledgedOrders = new Map<string, string>(); // checkout key → order number
    const unacknowledgedCheckouts = new Set<string>();
    const acknowledgedChanges: Change[] = [];
    const unacknowledgedChanges: Change[] = [];
    let serial = 0;

    for (let round = 0; round <= ROUNDS; round++) {
      const server = await startServerProcess(env);
      const token = await adminToken(server);
      // Retries first: an unanswered request is retried with its key, as the web app does.
      for (const key of [...unacknowledgedCheckouts]) {
        const answer = await fetch(`${server.url}/api/checkout`, { method: 'POST', ...json(checkoutBody('pm_card_visa'), { 'Idempotency-Key': key }) });
        expect(answer.status).toBe(201);
        acknowledgedOrders.set(key, ((await answer.json()) as { order: { orderNumber: string } }).order.orderNumber);
        unacknowledgedCheckouts.delete(key);
      }
      for (const change of unacknowledgedChanges.splice(0)) {
        const answer = await patchStatus(server, token, change);
        expect([200, 409]).toContain(answer.status);
        if (answer.status === 200) acknowledgedChanges.push({ ...change, version: ((await answer.json()) as { order: { version: number } }).order.version });
      }
      if (round === ROUNDS) {
        await killServer(server, 'SIGTERM');
        break;
      }

      let running = true;
      const checkoutClient = async () => {
        while (running) {
          const key = `checkout-${round}-${serial++}`;
          unacknowledgedCheckouts.add(key);
          try {
            const answer = await fetch(`${server.url}/api/checkout`, { method: 'POST', ...json(checkoutBody('pm_card_visa'), { 'Idempotency-Key': key }) });
            if (answer.status !== 201) throw new Error(`checkout answered ${answer.status}`);
            acknowledgedOrders.set(key, ((await answer.json()) as { order: { orderNumber: string } }).order.orderNumber);
            unacknowledgedCheckouts.delete(key);
          } catch (error) {
            if (running) throw error;
            return;
          }
        }
      };
      const statusClient = async () => {
        while (running) {
          const orderNumbers = [...acknowledgedOrders.values()];
          if (!orderNumbers.length) {
            await new Promise((resolve) => setTimeout(resolve, 5));
            continue;
          }
          const orderId = orderIdOf(orderNumbers[serial % orderNumbers.length]!);
          const change: Change = { key: `status-${round}-${serial++}`, orderId, status: ORDER_STATUSES[serial % ORDER_STATUSES.length]! };
          try {
            const answer = await patchStatus(server, token, change);
            if (answer.status !== 200) throw new Error(`status change answered ${answer.status}`);
            acknowledgedChanges.push({ ...change, version: ((await answer.json()) as { order: { version: number } }).order.version });
          } catch (error) {
            if (running) throw error;
            unacknowledgedChanges.push(change);
            return;
          }
        }
      };
      const clients = [checkoutClient(), checkoutClient(), checkoutClient(), statusClient(), statusClient()];
      await new Promise((resolve) => setTimeout(resolve, 300 + Math.random() * 700));
      running = false;
      await killServer(server);
      await Promise.all(clients);
    }

    if (process.env.CRASH_VERBOSE) console.log(`orders ${acknowledgedOrders.size}, status changes ${acknowledgedChanges.length}`);
    const db = new SQLite(folder.dbPath, { readonly: true });
    // The test gateway's ledger, in its own file beside the shop's.
    db.prepare('ATTACH DATABASE ? AS test_gateway').run(path.join(path.dirname(folder.dbPath), 'test-gateway.sqlite'));
    try {
      const orders = db.prepare('SELECT id, order_number FROM orders').all() as { id: string; order_number: string }[];
      const byNumber = new Map(orders.map((order) => [order.order_number, order.id]));
      expect(acknowledgedOrders.size).toBeGreaterThan(ROUNDS);
      for (const orderNumber of acknowledgedOrders.values()) expect(byNumber.has(orderNumber)).toBe(true);
      // Exactly once: one order per checkout key that reached the server (retries included).
      expect(new Set(acknowledgedOrders.values()).size).toBe(acknowledgedOrders.size);
      expect(orders).toHaveLength(acknowledgedOrders.size);

      // A change to the status an order already has is answered without a new version: its entry is the one before.
      const history = db.prepare('SELECT order_id, version, to_status FROM order_history').all() as { order_id: string; version: number; to_status: string }[];
      const entries = new Map(history.map((entry) => [`${entry.order_id}@${entry.version}`, entry.to_status]));
      expect(acknowledgedChanges.length).toBeGreaterThan(0);
      for (const change of acknowledgedChanges) expect(entries.get(`${change.orderId}@${change.version}`)).toBe(change.status);
      const keys = db.prepare("SELECT key, count(*) AS n FROM idempotency_keys WHERE scope LIKE 'order-status:%' GROUP BY key HAVING n > 1").all();
      expect(keys).toEqual([]);

      const paidWithoutOneOrder = db
        .prepare(`SELECT t.id, (SELECT count(*) FROM orders o WHERE o.payment_intent_id = t.id) AS n FROM test_gateway_intents t WHERE t.status = 'succeeded' AND n <> 1`)
        .all();
      expect(paidWithoutOneOrder).toEqual([]);
    } finally {
      db.close();
    }

    function orderIdOf(orderNumber: string): string {
      const reader = new SQLite(folder.dbPath, { readonly: true });
      try {
        return (reader.prepare('SELECT id FROM orders WHERE order_number = ?').get(orderNumber) as { id: string }).id;
      } finally {
        reader.close();
      }
    }
  }, 300_000);
});

async function adminToken(server: ServerProcess): Promise<string> {
  const answer = await fetch(`${server.url}/api/auth/login`, { method: 'POST', ...json(ADMIN) });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { token: string }).token;
}

function patchStatus(server: ServerProcess, token: string, change: Change) {
  return fetch(`${server.url}/api/orders/${change.orderId}/status`, {
    method: 'PATCH',
    ...json({ status: change.status }, { Authorization: `Bearer ${token}`, 'Idempotency-Key': change.key }),
  });
}
