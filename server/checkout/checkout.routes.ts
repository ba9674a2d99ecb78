import Router from '@koa/router';
import type { Context, Next } from 'koa';
import type { CheckoutAnswer } from '../../shared/api/answers';
import type { AppContext } from '../app-context';
import { HttpError } from '../errors/http-error';
import { databaseInputErrorOf } from '../errors/database-input-error';
import { storageErrorOf, StorageUnavailableError } from '../errors/storage-errors';
import { failureReply, reply, route, type ErrorBody } from '../http/typed-route';
import { idempotencyKeyFirst, readIdempotencyKey } from '../idempotency/idempotency';
import { runCheckout } from './checkout.service';
import { limitDeclines } from '../limits/decline-throttle';
import { toHttpError } from '../payments/payment.errors';
import type { Payments } from '../payments/payment.service';

const CHECKOUT_SERVER_ERROR = 'Server error. Please try again or contact support if this persists.';

/** Every checkout failure carries `success:false` next to `{error, code}` (design.md §3). */
function checkoutFailures(app: AppContext) {
  return async function asCheckoutFailure(ctx: Context, next: Next) {
    try {
      await next();
    } catch (caught) {
      const error = storageErrorOf(caught) ?? databaseInputErrorOf(caught) ?? toHttpError(caught);
      if (error instanceof HttpError) {
        if (error instanceof StorageUnavailableError) ctx.set('Retry-After', String(error.retryAfterSeconds));
        // Keeps the database's error as the cause, for the error middleware's log.
        throw Object.assign(new HttpError(error.status, error.code, error.message, error.errors, { success: false, ...error.extra }), { cause: error.cause });
      }
      app.logger.error('checkout failed', { error: error instanceof Error ? error.stack : String(error) });
      throw new HttpError(500, 'INTERNAL_ERROR', CHECKOUT_SERVER_ERROR, undefined, { success: false });
    }
  };
}

/** POST /api/checkout: order payload + paymentMethodId, charged and written as one idempotent operation. */
export function createCheckoutRoutes(app: AppContext, payments: Payments): Router {
  const router = new Router();
  route(router, 'checkout', { before: [checkoutFailures(app), limitDeclines(app), idempotencyKeyFirst] }, async (ctx, payload) => {
    const answer = await runCheckout(payments, {
      payload,
      userId: ctx.state.user?.id ?? null,
      idempotencyKey: readIdempotencyKey(ctx),
      body: ctx.request.body,
    });
    // Answers, new or stored for the key, are bodies this endpoint made: a success or pending
    // answer of the contract, or a failure (`success:false` with `{error, code}`) given as data.
    if (answer.status >= 400) return failureReply(answer.status, answer.body as ErrorBody);
    return reply(answer.status, answer.body as CheckoutAnswer);
  });
  return router;
}
