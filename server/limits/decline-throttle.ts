import type { Context, Next } from 'koa';
import type { AppContext } from '../app-context';
import { rateLimitStoreFor } from './anonymous-limits';
import { createRateLimit, refuseWhenLimited, type RateLimit } from './rate-limit';

/**
 * Card testing (issue 33: 200 declined checkouts from one address in 1.4 s): declined payments are
 * counted per client address and per card, and past the budget the next attempt is refused with
 * 429 and Retry-After before the gateway is asked. Only declines count, so a shopper whose card is
 * declined once and who tries again, or with another card, is never slowed. The card is the
 * payment method id the client sends (Stripe's `pm_…`, the test gateway's `pm_card_…`): a tester
 * re-sending one card is stopped by it, one making a new method per try by the address.
 */
/** The window of CARD_DECLINE_LIMIT (default 5 declines per address and per card). */
export const DECLINE_WINDOW_SECONDS = 15 * 60;

/** Answers that mean the card was refused (not 3-D Secure's AUTH_REQUIRED, which is a step of a good payment). */
const DECLINE_CODES = new Set(['CARD_DECLINED', 'PAYMENT_FAILED']);

const byApp = new WeakMap<AppContext, RateLimit>();

function declineLimitOf(app: AppContext): RateLimit {
  let limit = byApp.get(app);
  if (!limit) {
    limit = createRateLimit({ name: 'declines', points: app.config.cardDeclineLimit, windowSeconds: DECLINE_WINDOW_SECONDS, store: rateLimitStoreFor(app) });
    byApp.set(app, limit);
  }
  return limit;
}

/** Middleware for the routes that charge a card (POST /api/checkout, POST /api/payments/confirm). */
export function limitDeclines(app: AppContext) {
  const limit = declineLimitOf(app);
  return async function limitedDeclines(ctx: Context, next: Next) {
    const paymentMethodId = (ctx.request.body as { paymentMethodId?: unknown } | undefined)?.paymentMethodId;
    const keys = [`address:${ctx.ip}`, ...(typeof paymentMethodId === 'string' && paymentMethodId ? [`card:${paymentMethodId}`] : [])];
    // Both counts in one read, which on PostgreSQL the checkouts arriving together share (rate-limit.ts).
    refuseWhenLimited(ctx, await limit.waitForAny(keys));
    await next();
    const code = (ctx.body as { code?: unknown } | undefined)?.code;
    if (ctx.status === 402 && typeof code === 'string' && DECLINE_CODES.has(code)) {
      await Promise.all(keys.map((key) => limit.consume(key)));
    }
  };
}
