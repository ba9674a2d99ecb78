import type { Context, Next } from 'koa';
import type { AppContext } from '../app-context';
import { HttpError } from '../errors/http-error';
import { rateLimitStoreFor } from './anonymous-limits';
import { createRateLimit, limitByAddress, refuseWhenLimited, type RateLimit } from './rate-limit';

/**
 * Card testing: every route that charges a card (POST /api/checkout, which the express wallets use
 * too, and POST /api/payments/confirm) counts declines per client address and per card, as one rule.
 * Each attempt reserves one decline on both keys before the gateway is asked, each reservation one
 * atomic statement of the store, so attempts arriving together cannot pass the limit between them;
 * once the answer is known, an attempt that was not a decline gives its reservation back. The card
 * is the payment method id the client sends (Stripe's `pm_…`, the test gateway's `pm_card_…`): a
 * tester re-sending one card is stopped by it, one making a new method per try by the address.
 */
/** The window of CARD_DECLINE_LIMIT (default 5 declines per address and per card). */
export const DECLINE_WINDOW_SECONDS = 15 * 60;
/** The window of PAYMENT_INTENT_LIMIT (intents one address may open). */
export const INTENT_WINDOW_SECONDS = 15 * 60;

/** Answers that mean the card was refused (not 3-D Secure's AUTH_REQUIRED, which is a step of a good payment). */
const DECLINE_CODES = new Set(['CARD_DECLINED', 'PAYMENT_FAILED']);

const byApp = new WeakMap<AppContext, { declines: RateLimit; intents: RateLimit }>();

function limitsOf(app: AppContext) {
  let limits = byApp.get(app);
  if (!limits) {
    const store = rateLimitStoreFor(app);
    const { cardDeclineLimit, intentLimit } = app.config.payments;
    limits = {
      declines: createRateLimit({ name: 'declines', points: cardDeclineLimit, windowSeconds: DECLINE_WINDOW_SECONDS, store }),
      intents: createRateLimit({ name: 'payment-intents', points: intentLimit, windowSeconds: INTENT_WINDOW_SECONDS, store }),
    };
    byApp.set(app, limits);
  }
  return limits;
}

function isDeclineAnswer(status: number, body: unknown): boolean {
  const code = (body as { code?: unknown } | undefined)?.code;
  return status === 402 && typeof code === 'string' && DECLINE_CODES.has(code);
}

/** Middleware for the routes that charge a card. */
export function limitDeclines(app: AppContext) {
  const limit = limitsOf(app).declines;
  return async function limitedDeclines(ctx: Context, next: Next) {
    const paymentMethodId = (ctx.request.body as { paymentMethodId?: unknown } | undefined)?.paymentMethodId;
    const keys = [`address:${ctx.ip}`, ...(typeof paymentMethodId === 'string' && paymentMethodId ? [`card:${paymentMethodId}`] : [])];
    refuseWhenLimited(ctx, await limit.reserve(keys));
    let declined = false;
    try {
      await next();
      declined = isDeclineAnswer(ctx.status, ctx.body);
    } catch (error) {
      // A decline may be thrown as well as answered (POST /api/payments/confirm): it counts the same.
      declined = error instanceof HttpError && isDeclineAnswer(error.status, { code: error.code });
      throw error;
    } finally {
      // Given back after the answer, not before it: on PostgreSQL each give-back waits for a pooled
      // connection, and a shopper's paid order need not wait for the card tester's counter.
      if (!declined) {
        void Promise.all(keys.map((key) => limit.reward(key))).catch((error: unknown) =>
          app.logger.warn('decline reservation not given back', { error: error instanceof Error ? error.message : String(error) }),
        );
      }
    }
  };
}

/** Middleware for POST /api/payments/create-intent: intents one address may open (PAYMENT_INTENT_LIMIT). */
export function limitIntentsByAddress(app: AppContext) {
  return limitByAddress(limitsOf(app).intents);
}
