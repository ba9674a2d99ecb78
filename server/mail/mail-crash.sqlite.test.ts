import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutBody } from '../payments/payment.test-support';
import { startStripeStandIn, type StripeStandIn } from '../test/stripe-stand-in';
import { startServerProcess } from '../test/server-process';
import { startTestSmtpServer, waitFor, type TestSmtpServer } from './mail.test-support';

let smtp: TestSmtpServer;
let standIn: StripeStandIn;
const dirs: string[] = [];

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  standIn = await startStripeStandIn();
});
afterAll(async () => {
  await smtp?.close();
  await standIn?.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function freshEnv(): { dbPath: string; env: Record<string, string> } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-mail-crash-'));
  dirs.push(dir);
  const dbPath = path.join(dir, 'shop.db');
  return { dbPath, env: { DATABASE_URL: `sqlite:${dbPath}`, WEB_DIST_DIR: path.join(dir, 'dist'), SMTP_URL: smtp.url, MAIL_POLL_MS: String(TEST_POLL_MS) } };
}

function outbox(dbPath: string) {
  const db = new SQLite(dbPath, { readonly: true });
  try {
    return db
      .prepare(
        `SELECT o.order_number, m.state, m.message_id FROM mail_outbox m JOIN orders o ON o.id = m.order_id
         UNION ALL SELECT o.order_number, 'sent', s.message_id FROM mail_sent s JOIN orders o ON o.id = s.order_id`,
      )
      .all() as { order_number: string; state: string; message_id: string | null }[];
  } finally {
    db.close();
  }
}

async function kill(server: Awaited<ReturnType<typeof startServerProcess>>) {
  server.child.kill('SIGKILL');
  await server.exited;
}

/** The sender polls this often here (a second in production); a second copy would come within a few polls. */
const TEST_POLL_MS = 100;
const quietPeriod = () => new Promise((resolve) => setTimeout(resolve, 5 * TEST_POLL_MS));

const received = (orderNumber: string) => smtp.received.filter((mail) => mail.subject.includes(orderNumber));

describe('a crash between the order and its mail', () => {
  it('SIGKILL after the order committed and before the send: the restarted server delivers the mail once', async () => {
    const { dbPath, env } = freshEnv();
    // hold-mail: this process never sends, so the kill lands between the commit and the send.
    const first = await startServerProcess({ ...env, SHOP_TEST_FAULT: 'hold-mail' });
    const answer = await fetch(`${first.url}/api/checkout`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'crash-mail' }, body: JSON.stringify(checkoutBody('pm_card_visa', [1])) });
    expect(answer.status).toBe(201);
    const { order } = (await answer.json()) as { order: { orderNumber: string } };
    await kill(first);
    // Queued, never tried: no Message-ID yet (it is fixed at the first attempt).
    expect(outbox(dbPath)).toEqual([{ order_number: order.orderNumber, state: 'queued', message_id: null }]);
    expect(received(order.orderNumber)).toHaveLength(0);

    const restarted = await startServerProcess(env);
    await waitFor('the confirmation after the restart', () => received(order.orderNumber).length);
    await restarted.stop();
    const again = await startServerProcess(env);
    await quietPeriod();
    await again.stop();
    expect(received(order.orderNumber)).toHaveLength(1);
    expect(outbox(dbPath)).toEqual([{ order_number: order.orderNumber, state: 'sent', message_id: expect.stringMatching(/^<confirmation\..+@localhost>$/) }]);
    expect(received(order.orderNumber)[0]!.messageId).toBe(outbox(dbPath)[0]!.message_id);
  }, 120_000);

  it('an order written by the start-up reconciliation after a crash (Stripe) is confirmed once too', async () => {
    const { dbPath, env: base } = freshEnv();
    const env = { ...base, STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_API_BASE: standIn.url };
    const crashing = await startServerProcess({ ...env, SHOP_TEST_FAULT: 'crash-after-payment' });
    await expect(fetch(`${crashing.url}/api/checkout`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'crash-stripe-mail' }, body: JSON.stringify(checkoutBody('pm_card_visa', [2])) })).rejects.toThrow();
    expect(await crashing.exited).toBe(86);
    expect(outbox(dbPath)).toEqual([]);

    const restarted = await startServerProcess(env);
    // The reconciliation writes the order (and queues its mail) in the background once the shop listens.
    const queued = await waitFor('the reconciled order\'s mail', () => outbox(dbPath)[0]);
    await waitFor('the confirmation of the reconciled order', () => received(queued!.order_number).length);
    await quietPeriod();
    await restarted.stop();
    expect(received(queued!.order_number)).toHaveLength(1);
    expect(received(queued!.order_number)[0]!.messageId).toBe(outbox(dbPath)[0]!.message_id);
  }, 120_000);
});
