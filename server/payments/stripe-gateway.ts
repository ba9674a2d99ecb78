import { createHash } from 'node:crypto';
import Stripe from 'stripe';
import { Agent, EnvHttpProxyAgent, fetch as undiciFetch, type Dispatcher } from 'undici';
import type { OutboundProxy, StripeConfig } from '../config/config';
import {
  CardDeclinedError,
  GatewayRequestError,
  SHOP_INTENT_METADATA_KEY,
  type ChargeIntentInput,
  type CreateIntentInput,
  type GatewayIntent,
  type GatewayRefund,
  type ListedIntent,
  type PaymentGateway,
} from './gateway';

function toIntent(intent: Stripe.PaymentIntent): GatewayIntent {
  return {
    id: intent.id,
    clientSecret: intent.client_secret,
    amountCents: intent.amount,
    currency: intent.currency,
    status: intent.status,
    ...(typeof intent.payment_method === 'object' && intent.payment_method ? { paymentMethod: paymentMethodKind(intent.payment_method) } : {}),
  };
}

/**
 * How a PaymentMethod paid, as the shop records it: a wallet's card is a card to Stripe, with the
 * wallet named on it (`card.wallet.type`); Link is a PaymentMethod type of its own.
 */
export function paymentMethodKind(method: Stripe.PaymentMethod): string {
  if (method.type === 'card') return method.card?.wallet?.type === 'apple_pay' || method.card?.wallet?.type === 'google_pay' || method.card?.wallet?.type === 'link' ? method.card.wallet.type : 'card';
  return method.type;
}

/** Asked of every request that may charge, so the answer says what paid. */
const EXPAND_PAYMENT_METHOD = ['payment_method'];

/** Stripe refuses idempotency keys longer than this. */
export const STRIPE_MAX_KEY_LENGTH = 255;

/**
 * The key sent to Stripe for one of ours: as is when it fits, else its SHA-256 under the same
 * readable scope, so a client's long Idempotency-Key still maps to one stable key Stripe accepts.
 */
export function stripeIdempotencyKey(key: string): string {
  if (key.length <= STRIPE_MAX_KEY_LENGTH) return key;
  const scope = key.slice(0, key.indexOf(':') + 1).slice(0, 64);
  return `${scope}sha256:${createHash('sha256').update(key).digest('hex')}`;
}

/** Turns the package's errors into the gateway's: card errors are declines, the rest request errors. */
function translate(error: unknown): never {
  if (error instanceof Stripe.errors.StripeIdempotencyError) throw new GatewayRequestError(400, 'idempotency_error', error.message);
  if (error instanceof Stripe.errors.StripeCardError) {
    throw new CardDeclinedError(error.code ?? 'card_declined', error.decline_code ?? error.code ?? 'generic_decline', error.message);
  }
  if (error instanceof Stripe.errors.StripeError && error.statusCode && error.statusCode < 500) {
    throw new GatewayRequestError(error.statusCode, error.code ?? 'stripe_error', error.message);
  }
  if (error instanceof Stripe.errors.StripeError) throw new GatewayRequestError(502, 'gateway_unavailable', error.message);
  throw error;
}

/** Where calls to Stripe go: through the egress proxy when one is configured (HTTPS_PROXY, NO_PROXY), else directly. */
function dispatcherFor(proxy: OutboundProxy | undefined): Dispatcher {
  if (!proxy) return new Agent();
  return new EnvHttpProxyAgent({ httpProxy: proxy.httpProxy ?? '', httpsProxy: proxy.httpsProxy ?? '', noProxy: proxy.noProxy ?? '' });
}

/**
 * The `stripe` package over its own fetch client (Stripe.createFetchHttpClient), given undici's
 * fetch with the dispatcher above: the package's documented way to choose the transport.
 */
export function createStripeClient(config: StripeConfig, dispatcher: Dispatcher): Stripe {
  const fetchThroughDispatcher = ((url: string, init?: RequestInit) => undiciFetch(url, { ...(init as object), dispatcher })) as unknown as typeof fetch;
  return new Stripe(config.secretKey, {
    httpClient: Stripe.createFetchHttpClient(fetchThroughDispatcher),
    // Safe to retry: every call that changes anything carries an idempotency key.
    maxNetworkRetries: 2,
    timeout: 20_000,
    // No request-latency reports to Stripe in a header of every next request.
    telemetry: false,
    ...(config.api ? { host: config.api.host, port: config.api.port, protocol: config.api.protocol } : {}),
  });
}

/** Stripe through the `stripe` package; idempotency keys are passed on so a retry never charges twice. */
export function createStripeGateway(config: StripeConfig): PaymentGateway {
  const dispatcher = dispatcherFor(config.proxy);
  const stripe = createStripeClient(config, dispatcher);
  return {
    provider: 'stripe',
    publishableKey: config.publishableKey,
    close: () => dispatcher.close(),

    async createIntent(input: CreateIntentInput): Promise<GatewayIntent> {
      try {
        const intent = await stripe.paymentIntents.create(
          { amount: input.amountCents, currency: input.currency, automatic_payment_methods: { enabled: true, allow_redirects: 'never' }, metadata: input.metadata ?? {} },
          { idempotencyKey: stripeIdempotencyKey(input.idempotencyKey) },
        );
        return toIntent(intent);
      } catch (error) {
        translate(error);
      }
    },

    async confirmIntent(id: string, paymentMethodId: string, idempotencyKey?: string): Promise<GatewayIntent> {
      try {
        const intent = await stripe.paymentIntents.confirm(id, { payment_method: paymentMethodId, expand: EXPAND_PAYMENT_METHOD }, idempotencyKey ? { idempotencyKey: stripeIdempotencyKey(idempotencyKey) } : {});
        return toIntent(intent);
      } catch (error) {
        translate(error);
      }
    },

    async chargeIntent(input: ChargeIntentInput): Promise<GatewayIntent> {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: input.currency,
            payment_method: input.paymentMethodId,
            confirm: true,
            expand: EXPAND_PAYMENT_METHOD,
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            metadata: input.metadata ?? {},
          },
          { idempotencyKey: stripeIdempotencyKey(input.idempotencyKey) },
        );
        return toIntent(intent);
      } catch (error) {
        translate(error);
      }
    },

    async findIntentOfShopRecord(shopIntentId: string): Promise<GatewayIntent | undefined> {
      // Ids are [A-Za-z0-9_] (payment.snapshot.ts), so the query needs no escaping.
      const query = `metadata['${SHOP_INTENT_METADATA_KEY}']:'${shopIntentId}'`;
      try {
        const found = await stripe.paymentIntents.search({ query, limit: 1 });
        return found.data[0] && toIntent(found.data[0]);
      } catch (error) {
        translate(error);
      }
    },

    async retrieveIntent(id: string): Promise<GatewayIntent | undefined> {
      try {
        return toIntent(await stripe.paymentIntents.retrieve(id, { expand: EXPAND_PAYMENT_METHOD }));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeError && error.statusCode === 404) return undefined;
        translate(error);
      }
    },

    async listSucceededIntents(sinceMs: number): Promise<ListedIntent[]> {
      const listed: ListedIntent[] = [];
      try {
        // Newest first, 100 a page; the list has no status filter.
        const pages = stripe.paymentIntents.list({ created: { gte: Math.floor(sinceMs / 1000) }, limit: 100 });
        for await (const intent of pages) {
          if (intent.status === 'succeeded') listed.push({ ...toIntent(intent), metadata: { ...intent.metadata }, createdAt: intent.created * 1000 });
        }
      } catch (error) {
        translate(error);
      }
      return listed;
    },

    async cancelIntent(id: string): Promise<GatewayIntent> {
      try {
        return toIntent(await stripe.paymentIntents.cancel(id, { cancellation_reason: 'abandoned' }));
      } catch (error) {
        translate(error);
      }
    },

    async refund(input): Promise<GatewayRefund> {
      try {
        const refund = await stripe.refunds.create({ payment_intent: input.paymentIntentId, amount: input.amountCents }, { idempotencyKey: stripeIdempotencyKey(input.idempotencyKey) });
        return { id: refund.id, amountCents: refund.amount, status: refund.status ?? 'pending' };
      } catch (error) {
        translate(error);
      }
    },
  };
}
