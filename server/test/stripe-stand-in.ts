import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { TEST_PAYMENT_METHODS } from '../../shared/payments';
import { SHOP_INTENT_METADATA_KEY } from '../payments/gateway';

/**
 * Test support: a local HTTP server implementing the few Stripe endpoints the `stripe` package calls
 * for this shop (create, confirm, retrieve, search and list PaymentIntents; create a refund), with Stripe's test-mode
 * behaviour for test PaymentMethod ids and Stripe's Idempotency-Key replay. Nothing leaves the machine.
 */
export interface StandInIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  payment_method: string | null;
  metadata: Record<string, string>;
  created: number;
  next_action?: unknown;
}

/** Stand-in only: a PaymentMethod whose confirm leaves the intent `processing`, as a slow bank debit does. */
export const PROCESSING_PAYMENT_METHOD = 'pm_standin_processing';

/**
 * Stand-in only: PaymentMethods as a wallet makes them (Stripe's test mode has no ids for these):
 * a card from Apple Pay or Google Pay (`card.wallet.type`), or Link (`type: link`). They succeed.
 */
export const WALLET_PAYMENT_METHODS: Readonly<Record<string, { type: 'card' | 'link'; wallet: string | null }>> = {
  pm_standin_apple_pay: { type: 'card', wallet: 'apple_pay' },
  pm_standin_google_pay: { type: 'card', wallet: 'google_pay' },
  pm_standin_link: { type: 'link', wallet: null },
};

/** The PaymentMethod object of an id, as `expand[]=payment_method` shows it. */
function paymentMethodObject(id: string) {
  const wallet = Object.hasOwn(WALLET_PAYMENT_METHODS, id) ? WALLET_PAYMENT_METHODS[id]! : { type: 'card' as const, wallet: null };
  return {
    id,
    object: 'payment_method',
    type: wallet.type,
    ...(wallet.type === 'card' ? { card: { brand: 'visa', last4: '4242', wallet: wallet.wallet ? { type: wallet.wallet } : null } } : { link: {} }),
  };
}

export interface StripeStandIn {
  url: string;
  host: string;
  port: number;
  intents: Map<string, StandInIntent>;
  /** Cents refunded per intent, as Stripe counts them (a test may refund "from the dashboard"). */
  refunded: Map<string, number>;
  /** How many times money was actually taken (successful confirms, replays excluded). */
  charges(): number;
  requests(): number;
  /**
   * The next request that takes money answers 500 (kept for its idempotency key, as Stripe keeps
   * a result, with `Stripe-Should-Retry: false`): the charge is made, its answer lost on the way.
   */
  loseNextChargeAnswer(): void;
  /** While on, requests are taken but not answered (Stripe not answering); turning it off answers them. */
  holdAnswers(on: boolean): void;
  close(): Promise<void>;
}

/**
 * Ids as Stripe's look (a prefix and 24 characters): this process's random part, then a counter, so
 * each id costs no call for randomness (the stand-in shares the cores with the shop in benchmarks).
 */
const idStem = randomBytes(6).toString('hex');
let idCounter = 0;
const id = (prefix: string) => `${prefix}_${idStem}${(++idCounter).toString(16).padStart(12, '0')}`;
/**
 * The secret part of a client secret: random per process, not per intent. The stand-in checks no
 * secret, and its intent ids are unique already; a random draw per intent was a tenth of its CPU.
 */
const secretStem = randomBytes(8).toString('hex');
const error = (status: number, type: string, code: string, message: string, extra: object = {}) => ({
  status,
  body: { error: { type, code, message, ...extra } },
});

/** How long the stand-in takes to answer, as Stripe's own latency: `baseMs` ± `jitterMs`. */
export interface StandInLatency {
  baseMs: number;
  jitterMs: number;
}

/**
 * The delay of the answer to a request with this Idempotency-Key: spread evenly over
 * `baseMs ± jitterMs` by the key's hash, so a benchmark knows each charge's own latency.
 */
export function standInDelayMs(key: string, latency: StandInLatency): number {
  const spread = 2 * latency.jitterMs + 1;
  return latency.baseMs - latency.jitterMs + (createHash('sha1').update(key).digest().readUInt32BE(0) % spread);
}

/** An intent's `payment_method` as an object when the request asked for it (`expand[]=payment_method`), as Stripe answers. */
function withExpansions(result: { status: number; body: unknown }, form: URLSearchParams): { status: number; body: unknown } {
  const asked = [...form.entries()].some(([name, value]) => name.startsWith('expand[') && value === 'payment_method');
  const body = result.body as Partial<StandInIntent> | null;
  if (!asked || body?.object !== 'payment_intent' || typeof body.payment_method !== 'string') return result;
  return { ...result, body: { ...body, payment_method: paymentMethodObject(body.payment_method) } };
}

export async function startStripeStandIn(options: { latency?: StandInLatency } = {}): Promise<StripeStandIn> {
  const intents = new Map<string, StandInIntent>();
  const refunded = new Map<string, number>();
  const byShopIntent = new Map<string, StandInIntent>();
  const replays = new Map<string, { status: number; body: string; request: string }>();
  let charges = 0;
  let requests = 0;
  let loseChargeAnswer = false;
  let holding = false;
  let held: (() => void)[] = [];

  /** Confirms with a test PaymentMethod id, as Stripe's test mode answers it. */
  function confirm(intent: StandInIntent, paymentMethod: string): { status: number; body: unknown } {
    if (paymentMethod === PROCESSING_PAYMENT_METHOD) {
      intent.payment_method = paymentMethod;
      intent.status = 'processing';
      charges++;
      return { status: 200, body: intent };
    }
    const outcome = Object.hasOwn(WALLET_PAYMENT_METHODS, paymentMethod)
      ? ({ kind: 'succeeds' } as const)
      : Object.hasOwn(TEST_PAYMENT_METHODS, paymentMethod)
        ? TEST_PAYMENT_METHODS[paymentMethod]
        : undefined;
    if (!outcome) return error(400, 'invalid_request_error', 'resource_missing', `No such PaymentMethod: '${paymentMethod}'`);
    intent.payment_method = paymentMethod;
    if (outcome.kind === 'succeeds') {
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
      charges++;
      return { status: 200, body: intent };
    }
    if (outcome.kind === 'requires_action') {
      intent.status = 'requires_action';
      intent.next_action = { type: 'use_stripe_sdk' };
      return { status: 200, body: intent };
    }
    intent.status = 'requires_payment_method';
    return error(402, 'card_error', outcome.code, 'Your card was declined.', { decline_code: outcome.declineCode, payment_intent: intent });
  }

  function handle(method: string, path: string, form: URLSearchParams): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v1/payment_intents') {
      const metadata: Record<string, string> = {};
      for (const [key, value] of form) {
        const match = /^metadata\[(.+)\]$/.exec(key);
        if (match) metadata[match[1]!] = value;
      }
      const intentId = id('pi');
      const intent: StandInIntent = {
        id: intentId,
        object: 'payment_intent',
        amount: Number(form.get('amount')),
        amount_received: 0,
        currency: form.get('currency') ?? 'usd',
        status: 'requires_payment_method',
        client_secret: `${intentId}_secret_${secretStem}`,
        payment_method: null,
        metadata,
        created: Math.floor(Date.now() / 1000),
      };
      if (!Number.isInteger(intent.amount) || intent.amount < 50) return error(400, 'invalid_request_error', 'amount_too_small', 'Amount must be at least $0.50 usd');
      intents.set(intent.id, intent);
      const shopIntent = metadata[SHOP_INTENT_METADATA_KEY];
      if (shopIntent) byShopIntent.set(shopIntent, intent);
      // As Stripe: `confirm=true` with a payment_method creates and confirms in one request.
      if (form.get('confirm') === 'true') return confirm(intent, form.get('payment_method') ?? '');
      return { status: 200, body: intent };
    }
    if (method === 'GET' && path === '/v1/payment_intents/search') {
      // Only the one query this shop sends: metadata['shop_intent']:'<id>'.
      const query = /^metadata\['([^']+)'\]:'([^']*)'$/.exec(form.get('query') ?? '');
      if (!query) return error(400, 'invalid_request_error', 'parameter_invalid', 'The stand-in answers metadata queries only.');
      const found = query[1] === SHOP_INTENT_METADATA_KEY ? byShopIntent.get(query[2]!) : undefined;
      return { status: 200, body: { object: 'search_result', url: path, has_more: false, next_page: null, data: found ? [found] : [] } };
    }
    if (method === 'GET' && path === '/v1/payment_intents') {
      // As Stripe lists them: newest first, `created[gte]`, `limit` and `starting_after` pages.
      const since = Number(form.get('created[gte]') ?? 0);
      const limit = Math.min(100, Number(form.get('limit') ?? 10));
      const all = [...intents.values()].filter((intent) => intent.created >= since).reverse();
      const after = form.get('starting_after');
      const start = after ? all.findIndex((intent) => intent.id === after) + 1 : 0;
      const data = all.slice(start, start + limit);
      return { status: 200, body: { object: 'list', url: path, has_more: start + limit < all.length, data } };
    }
    const match = /^\/v1\/payment_intents\/([^/]+)(\/confirm|\/cancel)?$/.exec(path);
    if (match) {
      const intent = intents.get(match[1]!);
      if (!intent) return error(404, 'invalid_request_error', 'resource_missing', `No such payment_intent: '${match[1]}'`);
      if (method === 'GET') return { status: 200, body: intent };
      if (method !== 'POST' || !match[2]) return error(404, 'invalid_request_error', 'not_found', 'Unrecognized request URL');
      if (intent.status === 'succeeded' || intent.status === 'canceled') {
        return error(400, 'invalid_request_error', 'payment_intent_unexpected_state', `This PaymentIntent's status is ${intent.status}.`, { payment_intent: intent });
      }
      if (match[2] === '/cancel') {
        intent.status = 'canceled';
        return { status: 200, body: intent };
      }
      return confirm(intent, form.get('payment_method') ?? '');
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(form.get('payment_intent') ?? '');
      if (!intent) return error(404, 'invalid_request_error', 'resource_missing', 'No such payment_intent');
      if (intent.status !== 'succeeded') return error(400, 'invalid_request_error', 'charge_not_succeeded', 'This PaymentIntent has no successful charge.');
      const already = refunded.get(intent.id) ?? 0;
      const amount = form.has('amount') ? Number(form.get('amount')) : intent.amount - already;
      if (amount <= 0 || already + amount > intent.amount) {
        return error(400, 'invalid_request_error', 'amount_too_large', 'Refund amount is greater than unrefunded amount on charge.');
      }
      refunded.set(intent.id, already + amount);
      return { status: 200, body: { id: id('re'), object: 'refund', amount, payment_intent: intent.id, status: 'succeeded', currency: intent.currency } };
    }
    return error(404, 'invalid_request_error', 'not_found', `Unrecognized request URL (${method}: ${path})`);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => (holding ? held.push(answerRequest) : answerRequest()));
    const answerRequest = () => {
      requests++;
      const target = req.url ?? '/';
      const queryAt = target.indexOf('?');
      const pathname = queryAt < 0 ? target : target.slice(0, queryAt);
      // The parameters as sent (the package encodes the same parameters the same way): what a replayed key is compared with.
      const request = req.method === 'GET' ? (queryAt < 0 ? '' : target.slice(queryAt + 1)) : Buffer.concat(chunks).toString('utf8');
      const form = new URLSearchParams(request);
      const key = req.headers['idempotency-key'];
      const replayKey = typeof key === 'string' ? `${req.method} ${pathname} ${key}` : null;
      let answer = replayKey ? replays.get(replayKey) : undefined;
      // As Stripe: keys are at most 255 characters, and a key replays only the parameters it was first used with.
      if (typeof key === 'string' && key.length > 255) {
        answer = { status: 400, request, body: JSON.stringify({ error: { type: 'invalid_request_error', message: 'Keys for idempotent requests can only be 255 characters long.' } }) };
      } else if (answer && answer.request !== request) {
        answer = { status: 400, request, body: JSON.stringify({ error: { type: 'idempotency_error', message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.' } }) };
      } else if (!answer) {
        const chargesBefore = charges;
        const result = withExpansions(handle(req.method ?? 'GET', pathname, form), form);
        answer = { status: result.status, body: JSON.stringify(result.body), request };
        if (loseChargeAnswer && charges > chargesBefore) {
          loseChargeAnswer = false;
          answer = { status: 500, body: JSON.stringify({ error: { type: 'api_error', message: 'An unknown error occurred.' } }), request };
        }
        if (replayKey) replays.set(replayKey, answer);
      }
      const retry = answer.status >= 500 ? { 'Stripe-Should-Retry': 'false' } : {};
      const send = (sent: { status: number; body: string }) => {
        res.writeHead(sent.status, { 'Content-Type': 'application/json', 'Request-Id': id('req'), ...retry, ...(typeof key === 'string' ? { 'Idempotency-Key': key } : {}) });
        res.end(sent.body);
      };
      if (!options.latency) return send(answer);
      const delay = typeof key === 'string' ? standInDelayMs(key, options.latency) : options.latency.baseMs;
      const delayed = answer;
      setTimeout(() => send(delayed), delay);
    };
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    host: '127.0.0.1',
    port,
    intents,
    refunded,
    charges: () => charges,
    requests: () => requests,
    loseNextChargeAnswer: () => {
      loseChargeAnswer = true;
    },
    holdAnswers: (on) => {
      holding = on;
      if (on) return;
      const waiting = held;
      held = [];
      for (const answerRequest of waiting) answerRequest();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
