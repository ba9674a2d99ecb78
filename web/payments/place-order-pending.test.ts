import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAYMENT_MESSAGES } from '../../shared/payments';
import { submitCheckout, type CheckoutBody } from './place-order';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a checkout whose payment is still processing', () => {
  it('is shown as "Payment processing" and left unsettled, so a retry reuses the same key and cannot charge twice', async () => {
    const keys: string[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      keys.push(new Headers(init.headers).get('Idempotency-Key') ?? '');
      const body = { success: false, pending: true, status: 'processing', code: 'PAYMENT_PROCESSING', error: PAYMENT_MESSAGES.processing, paymentIntentId: 'pi_1' };
      return new Response(JSON.stringify(body), { status: 202, headers: { 'Content-Type': 'application/json' } });
    });
    const outcome = await submitCheckout({ items: [] } as unknown as CheckoutBody, { idempotencyKey: 'checkout-key-1' });
    expect(outcome).toEqual({ kind: 'failed', message: PAYMENT_MESSAGES.processing, settled: false });
    expect(outcome.kind === 'failed' && outcome.message).toMatch(/^Payment processing/);
    expect(keys).toEqual(['checkout-key-1']);
  });
});
