// @vitest-environment node
/**
 * The one API client against the real server (fresh SQLite, ephemeral port): the route map's
 * method, path, params, query, body, token and Idempotency-Key reach the server as it expects,
 * answers come back as their declared shapes, and every failure is one ApiError.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../server/test/test-app';
import { createUserWithToken } from '../../server/auth/auth.test-support';
import { createTestOrder } from '../../server/orders/order.test-support';
import { ApiError, NETWORK_ERROR_MESSAGE, TIMEOUT_MESSAGE } from './api-error';
import { createApiClient } from './client';

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await startTestApp();
  adminToken = (await createUserWithToken(t, 'admin')).token;
});
afterAll(async () => t?.close());

const clientAs = (token: string | null, onUnauthorized?: () => void) =>
  createApiClient({ fetch, baseUrl: t.url, getToken: () => token, onUnauthorized }).call;

async function serverStatus(orderId: string): Promise<string> {
  return (await t.app.context.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status;
}

describe('call', () => {
  it('fills path params, sends the JSON body with the token, and answers the declared shape', async () => {
    const order = await createTestOrder(t.app.context.db, { status: 'processing' });
    const call = clientAs(adminToken);
    const { order: changed } = await call('orderStatus', { params: { id: order.id }, body: { status: 'printed' } });
    expect(changed).toMatchObject({ id: order.id, status: 'printed', version: order.version + 1 });
    expect(await serverStatus(order.id)).toBe('printed');

    const { order: detail } = await call('order', { params: { id: order.id } });
    expect('history' in detail && detail.history.map((entry) => entry.toStatus)).toContain('printed');
  });

  it('sends the Idempotency-Key, so a retried change is answered and not applied twice', async () => {
    const order = await createTestOrder(t.app.context.db, { status: 'processing' });
    const call = clientAs(adminToken);
    const input = { params: { id: order.id }, body: { status: 'printed' as const } };
    const first = await call('orderStatus', input, { idempotencyKey: `retry-${order.id}` });
    const again = await call('orderStatus', input, { idempotencyKey: `retry-${order.id}` });
    expect(again.order.version).toBe(first.order.version);
  });

  it('builds the query string and leaves empty filters out', async () => {
    const order = await createTestOrder(t.app.context.db, { status: 'shipped' });
    const answer = await clientAs(adminToken)('listOrders', { query: { status: 'shipped', search: '', limit: 500 } });
    expect(answer.limit).toBe(500);
    expect(answer.orders.map((o) => o.id)).toContain(order.id);
    expect(answer.orders.every((o) => o.status === 'shipped')).toBe(true);
  });

  it('turns an error answer into an ApiError with the spec message, the server code and the body', async () => {
    const call = clientAs(adminToken);
    const refused = await call('orderStatus', { params: { id: 'no-such-order' }, body: { status: 'printed' } }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'Resource not found.', body: { error: 'Order not found.' } });

    const invalid = await call('orderLookup', { body: { orderNumber: '', email: 'x' } }).catch((error: unknown) => error);
    expect(invalid).toMatchObject({ status: 422, code: 'VALIDATION_ERROR', message: 'Order number is required' });
    expect((invalid as ApiError).body.errors?.length).toBeGreaterThan(0);
  });

  it('calls the 401 handler unless told not to', async () => {
    const onUnauthorized = vi.fn();
    const call = clientAs('not-a-session', onUnauthorized);
    await expect(call('listOrders')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    await expect(call('verify', undefined, { ignoreUnauthorized: true })).rejects.toMatchObject({ status: 401, body: { valid: false } });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('downloads files with the name the server gives', async () => {
    const order = await createTestOrder(t.app.context.db, { status: 'processing' });
    const file = await clientAs(adminToken)('printFile', { params: { id: order.id }, query: { format: 'svg' } });
    expect(file.fileName).toMatch(/\.svg$/);
    expect(await file.blob.text()).toMatch(/^<\?xml|^<svg/);
  });

  it('asks for the input a route needs, at type-check time', () => {
    const call = clientAs(adminToken);
    const calls = () => [
      call('health'),
      call('listOrders'),
      // @ts-expect-error: the status change needs its id and body
      call('orderStatus'),
      // @ts-expect-error: the status change needs its body
      call('orderStatus', { params: { id: 'o1' } }),
      // @ts-expect-error: a GET takes no body
      call('health', { body: {} }),
    ];
    expect(typeof calls).toBe('function');
  });

  it('reports a refused connection as a network error (status 0)', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const call = createApiClient({ fetch, baseUrl: `http://127.0.0.1:${port}`, getToken: () => null }).call;
    await expect(call('health')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR', message: NETWORK_ERROR_MESSAGE });
  });

  it('gives up after its timeout with the timeout message, and honours the caller abort', async () => {
    const silent = http.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const baseUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
      const call = createApiClient({ fetch, baseUrl, getToken: () => null, timeoutMs: 50 }).call;
      await expect(call('health')).rejects.toMatchObject({ status: 0, code: 'TIMEOUT', message: TIMEOUT_MESSAGE });
      const controller = new AbortController();
      const pending = createApiClient({ fetch, baseUrl, getToken: () => null }).call('health', undefined, { signal: controller.signal });
      controller.abort();
      await expect(pending).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
      const alreadyAborted = createApiClient({ fetch, baseUrl, getToken: () => null }).call('health', undefined, { signal: controller.signal });
      await expect(alreadyAborted).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
