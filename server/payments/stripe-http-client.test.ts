import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';
import { UndiciStripeHttpClient } from './stripe-http-client';

/**
 * The `stripe` package on the shop's undici transport, against a local HTTP server that answers,
 * hangs or drops as told: what reaches the server, and what the package makes of each failure.
 */
type Reply = (request: http.IncomingMessage, body: string, response: http.ServerResponse) => void;

const opened: { server: http.Server; client: UndiciStripeHttpClient }[] = [];
afterEach(async () => {
  for (const { server, client } of opened.splice(0)) {
    await client.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function stripeAgainst(replies: Reply[], options: { maxNetworkRetries?: number; timeout?: number } = {}) {
  const seen: { method: string; url: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      seen.push({ method: request.method!, url: request.url!, headers: request.headers, body });
      const reply = replies[Math.min(seen.length, replies.length) - 1]!;
      reply(request, body, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const client = new UndiciStripeHttpClient();
  opened.push({ server, client });
  const { port } = server.address() as AddressInfo;
  const stripe = new Stripe('sk_test_http_client', { httpClient: client, host: '127.0.0.1', port, protocol: 'http', telemetry: false, maxNetworkRetries: 0, ...options });
  return { stripe, seen };
}

const intentJson = (status = 'succeeded'): Reply => (_request, _body, response) => {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ id: 'pi_1', object: 'payment_intent', amount: 2500, currency: 'eur', status }));
};

const charge = (stripe: Stripe) =>
  stripe.paymentIntents.create({ amount: 2500, currency: 'eur', payment_method: 'pm_card_visa', confirm: true, metadata: { note: 'Villa 100 %' } }, { idempotencyKey: 'checkout:k1:charge' });

describe('the stripe package on undici', () => {
  it('sends the form-encoded request with its idempotency key, and parses the answer', async () => {
    const { stripe, seen } = await stripeAgainst([intentJson()]);
    const intent = await charge(stripe);
    expect(intent).toMatchObject({ id: 'pi_1', status: 'succeeded', amount: 2500 });
    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request).toMatchObject({ method: 'POST', url: '/v1/payment_intents' });
    expect(request!.headers['idempotency-key']).toBe('checkout:k1:charge');
    expect(request!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request!.headers.authorization).toBe('Bearer sk_test_http_client');
    expect(Number(request!.headers['content-length'])).toBe(Buffer.byteLength(request!.body));
    expect(new URLSearchParams(request!.body).get('metadata[note]')).toBe('Villa 100 %');
    expect(new URLSearchParams(request!.body).get('confirm')).toBe('true');
  });

  it('turns an API error into the package’s error, with its code', async () => {
    const declined: Reply = (_request, _body, response) => {
      response.writeHead(402, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' } }));
    };
    const { stripe } = await stripeAgainst([declined]);
    await expect(charge(stripe)).rejects.toMatchObject({ type: 'StripeCardError', code: 'card_declined', decline_code: 'insufficient_funds' });
  });

  it('retries a connection that closed under the request once, even with retries off, as the package does on node:http', async () => {
    const dropped: Reply = (request) => request.socket.destroy();
    const { stripe, seen } = await stripeAgainst([dropped, intentJson()]);
    await expect(charge(stripe)).resolves.toMatchObject({ id: 'pi_1' });
    expect(seen).toHaveLength(2);
    expect(seen[1]!.headers['idempotency-key']).toBe(seen[0]!.headers['idempotency-key']);
  });

  it('retries a 500 with the same key when retries are on', async () => {
    const failed: Reply = (_request, _body, response) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { type: 'api_error', message: 'Try again.' } }));
    };
    const { stripe, seen } = await stripeAgainst([failed, intentJson()], { maxNetworkRetries: 1 });
    await expect(charge(stripe)).resolves.toMatchObject({ id: 'pi_1' });
    expect(seen.map((request) => request.headers['idempotency-key'])).toEqual(['checkout:k1:charge', 'checkout:k1:charge']);
  });

  it('gives up on an answer that does not come within the timeout, as a timeout', async () => {
    const hung: Reply = () => undefined;
    const { stripe } = await stripeAgainst([hung], { timeout: 300 });
    await expect(charge(stripe)).rejects.toMatchObject({ type: 'StripeConnectionError', message: 'Request aborted due to timeout being reached (300ms)' });
  });

  it('reports a body cut off after its head as a connection error, not as bad JSON', async () => {
    const truncated: Reply = (request, _body, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '200' });
      response.write('{"id":"pi_1",');
      setTimeout(() => request.socket.destroy(), 20);
    };
    const { stripe } = await stripeAgainst([truncated]);
    await expect(charge(stripe)).rejects.toMatchObject({ type: 'StripeConnectionError' });
  });

  it('hands a streamed answer over whole, and says when it has been read', async () => {
    const file: Reply = (_request, _body, response) => {
      response.writeHead(200, { 'content-type': 'application/pdf' });
      response.write('%PDF-1.7 ');
      setTimeout(() => response.end('the rest'), 20);
    };
    const server = http.createServer((request, response) => file(request, '', response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const client = new UndiciStripeHttpClient();
    opened.push({ server, client });
    const { port } = server.address() as AddressInfo;
    const response = await client.makeRequest('127.0.0.1', String(port), '/v1/quotes/qt_1/pdf', 'GET', {}, '', 'http', 1_000);
    expect(response.getStatusCode()).toBe(200);
    let completed = false;
    const chunks: Buffer[] = [];
    for await (const chunk of response.toStream(() => (completed = true)) as AsyncIterable<Buffer>) chunks.push(chunk);
    expect(Buffer.concat(chunks).toString()).toBe('%PDF-1.7 the rest');
    await new Promise((resolve) => setImmediate(resolve));
    expect(completed).toBe(true);
  });
});
