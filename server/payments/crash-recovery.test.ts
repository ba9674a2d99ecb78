import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutBody } from './payment.test-support';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in';

const entry = path.join(import.meta.dirname, 'test-server-entry.ts');
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

interface Server {
  url: string;
  child: ChildProcess;
  exited: Promise<number | null>;
}

/** Runs the real server as its own process on the given database file. */
async function startServer(env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /LISTENING (\S+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then((code) => reject(new Error(`server exited (${code}) before listening: ${output}`)));
  });
  return { url, child, exited };
}

async function stop(server: Server) {
  server.child.kill('SIGTERM');
  await server.exited;
}

function readDb(dbPath: string) {
  const db = new SQLite(dbPath, { readonly: true });
  try {
    return {
      orders: db.prepare('SELECT id, order_number, payment_intent_id, status FROM orders').all() as { id: string; order_number: string; payment_intent_id: string; status: string }[],
      intents: db.prepare('SELECT id, order_id FROM payment_intents').all() as { id: string; order_id: string | null }[],
      testCharges: (db.prepare("SELECT count(*) AS n FROM test_gateway_intents WHERE status = 'succeeded'").get() as { n: number }).n,
    };
  } finally {
    db.close();
  }
}

function post(url: string, body: unknown, key: string) {
  return fetch(`${url}/api/checkout`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key }, body: JSON.stringify(body) });
}

describe('a crash between a succeeded payment and the order insert', () => {
  it.each(['test', 'stripe'] as const)('leaves exactly one order for the payment after a restart (%s gateway)', async (provider) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-crash-'));
    dirs.push(dir);
    const dbPath = path.join(dir, 'shop.db');
    const env: Record<string, string> = { DATABASE_URL: `sqlite:${dbPath}`, WEB_DIST_DIR: path.join(dir, 'dist') };
    if (provider === 'stripe') {
      Object.assign(env, { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_API_BASE: standIn.url });
    }
    const chargesBefore = standIn.charges();
    const body = checkoutBody('pm_card_visa', [2]);

    const crashing = await startServer({ ...env, SHOP_TEST_FAULT: 'crash-after-payment' });
    await expect(post(crashing.url, body, 'crash-key')).rejects.toThrow();
    expect(await crashing.exited).toBe(86);
    const afterCrash = readDb(dbPath);
    expect(afterCrash.orders).toHaveLength(0);
    expect(afterCrash.intents).toHaveLength(1);
    if (provider === 'test') expect(afterCrash.testCharges).toBe(1);
    else expect(standIn.charges()).toBe(chargesBefore + 1);

    // Start-up reconciliation writes the order from the stored cart snapshot.
    const restarted = await startServer(env);
    const recovered = readDb(dbPath);
    expect(recovered.orders).toHaveLength(1);
    expect(recovered.orders[0]).toMatchObject({ payment_intent_id: afterCrash.intents[0]!.id, status: 'processing' });

    // The shopper's retry with the same key is told about that order and is not charged again.
    const retry = await post(restarted.url, body, 'crash-key');
    expect(retry.status).toBe(201);
    expect(await retry.json()).toEqual({ success: true, order: { orderNumber: recovered.orders[0]!.order_number, total: 12.91, customerEmail: 'maya@example.com' } });
    await stop(restarted);

    const again = await startServer(env);
    await stop(again);
    const final = readDb(dbPath);
    expect(final.orders).toHaveLength(1);
    if (provider === 'test') expect(final.testCharges).toBe(1);
    else expect(standIn.charges()).toBe(chargesBefore + 1);
  }, 120_000);
});
