import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CutJobsAnswer } from '../../../shared/api/answers';
import { createUserWithToken } from '../../auth/auth.test-support';
import { checkoutBody } from '../../payments/payment.test-support';
import { startTestApp, type TestApp } from '../../test/test-app';
import { loadPrintOrder } from '../print-file.repository';
import { designKey } from './cut-design';

/**
 * A paid order's cut designs are worked out in the background as soon as it is paid, so the print
 * room's first cut-job list reads them instead of working out the whole queue; the order itself
 * never waits for them nor fails because of them.
 */
let t: TestApp;
let adminToken: string;
/** Cut threads run below the event loop's priority and wait their turn beside a busy suite. */
const CUT_THREAD_TIMEOUT = { timeout: 120_000 };

beforeAll(async () => {
  t = await startTestApp({ CUT_DESIGNS_AT_PAYMENT: 'on' });
  adminToken = (await createUserWithToken(t, 'admin')).token;
});
afterAll(() => t.close());

const storedKeys = async () => (await t.app.context.db.selectFrom('cut_designs').select('design_key').execute()).map((row) => row.design_key);

describe('cut designs at payment', () => {
  it('are stored for each line of a paid order without a cut job asking, and the first list reads them', CUT_THREAD_TIMEOUT, async () => {
    const response = await t.request('POST', '/api/checkout', { body: checkoutBody('pm_card_visa', [1, 2]), headers: { 'Idempotency-Key': 'warm-1' } });
    expect(response.status).toBe(201);
    const row = await t.app.context.db.selectFrom('orders').select('id').where('order_number', '=', response.body.order.orderNumber).executeTakeFirstOrThrow();
    const order = (await loadPrintOrder(t.app.context.db, row.id))!;
    const keys = order.items.map((item) => designKey(item, t.app.context.config.minFeatureMm));
    expect(new Set(keys).size).toBe(2);

    await expect.poll(storedKeys, { timeout: 100_000, interval: 100 }).toEqual(expect.arrayContaining(keys));
    const stored = (await storedKeys()).length;

    const list = await t.request<CutJobsAnswer>('GET', '/api/fulfillment/cut-jobs', { token: adminToken });
    expect(list.status).toBe(200);
    expect(list.body.jobs.flatMap((job) => job.lines.map((line) => line.orderNumber))).toContain(order.orderNumber);
    // Nothing was left for the list to work out and store.
    expect((await storedKeys()).length).toBe(stored);
  });

  it('never hold up or fail the order: with the designs’ store gone the order is written, the pass gives up quietly', CUT_THREAD_TIMEOUT, async () => {
    const warn = vi.spyOn(t.app.context.logger, 'warn');
    await t.app.context.db.schema.alterTable('cut_designs').renameTo('cut_designs_away').execute();
    try {
      const response = await t.request('POST', '/api/checkout', { body: checkoutBody('pm_card_visa', [1]), headers: { 'Idempotency-Key': 'warm-2' } });
      expect(response.status).toBe(201);
      const givenUp = () => warn.mock.calls.some(([message]) => String(message).startsWith('Cut designs not prepared at payment'));
      await expect.poll(givenUp, { timeout: 100_000, interval: 100 }).toBe(true);
      const found = await t.request('POST', '/api/orders/lookup', { body: { orderNumber: response.body.order.orderNumber, email: 'maya@example.com' } });
      expect(found.status).toBe(200);
    } finally {
      await t.app.context.db.schema.alterTable('cut_designs_away').renameTo('cut_designs').execute();
      warn.mockRestore();
    }
  });
});
