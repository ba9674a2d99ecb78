import { randomUUID } from 'node:crypto';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithToken } from '../auth/auth.test-support';
import { createTestOrder } from '../orders/order.test-support';
import { startReverseProxy, type ReverseProxy } from '../test/nginx';
import { startTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let other: TestApp;
let admin: string;
let nginx: ReverseProxy;

beforeAll(async () => {
  t = await startTestApp();
  // A second server process on the same database, both behind Debian's nginx: nothing is shared in memory.
  other = await startTestApp({ DATABASE_URL: t.databaseUrl });
  nginx = await startReverseProxy([t.url, other.url]);
  admin = (await createUserWithToken(t, 'admin')).token;
});
afterAll(async () => {
  await nginx?.stop();
  await other?.close();
  await t?.close();
});

/** Opens the event stream and collects its events until closed. */
async function listen(baseUrl: string, token: string) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/sync/events`, { headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' }, signal: controller.signal });
  const events: EventSourceMessage[] = [];
  const waiters = new Set<() => void>();
  const parser = createParser({
    onEvent: (event) => {
      events.push(event);
      for (const wake of waiters) wake();
    },
  });
  const reading = (async () => {
    const decoder = new TextDecoder();
    const reader = response.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      parser.feed(decoder.decode(value, { stream: true }));
    }
  })().catch(() => undefined);
  return {
    response,
    events,
    /** Resolves once an event satisfies `test` (the test's own timeout bounds the wait). */
    until(test: (event: EventSourceMessage) => boolean): Promise<EventSourceMessage> {
      return new Promise((resolve) => {
        const look = () => {
          const found = events.find(test);
          if (!found) return;
          waiters.delete(look);
          resolve(found);
        };
        waiters.add(look);
        look();
      });
    },
    async close() {
      controller.abort();
      await reading;
    },
  };
}

const changeOf = (event: EventSourceMessage) => JSON.parse(event.data) as { id: string; version: number };

describe('GET /api/sync/events', () => {
  it('pushes each order change, made through any server process, with the order and its version, through nginx', async () => {
    const order = await createTestOrder(t.app.context.db, { status: 'processing' });
    const stream = await listen(nginx.url, admin);
    try {
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      // From `ready` on, every change comes as an event: change the order through both processes.
      await stream.until((e) => e.event === 'ready');
      const push = await other.request('POST', '/api/sync/push', {
        token: admin,
        body: { mutations: [{ id: randomUUID(), orderId: order.id, type: 'setStatus', status: 'printed', baseVersion: 1, at: new Date().toISOString() }] },
      });
      expect(push.body.results[0].result).toBe('applied');
      const event = await stream.until((e) => e.event === 'order' && changeOf(e).id === order.id);
      expect(changeOf(event)).toEqual({ id: order.id, version: 2 });
      const patched = await t.request('PATCH', `/api/orders/${order.id}/status`, { token: admin, body: { status: 'shipped', trackingNumber: 'TRKEVENTS01' } });
      expect(patched.status).toBe(200);
      expect(changeOf(await stream.until((e) => e.event === 'order' && changeOf(e).version === 3))).toEqual({ id: order.id, version: 3 });

      // A new order (a checkout) is a change too.
      const placed = await createTestOrder(other.app.context.db);
      expect(changeOf(await stream.until((e) => e.event === 'order' && changeOf(e).id === placed.id)).version).toBe(1);
    } finally {
      await stream.close();
    }
  });

  it('needs an admin', async () => {
    expect((await t.request('GET', '/api/sync/events')).status).toBe(401);
    const customer = (await createUserWithToken(t, 'customer')).token;
    expect((await t.request('GET', '/api/sync/events', { token: customer })).status).toBe(403);
  });

  it('ends its streams when the server stops, so the stop does not wait for them', async () => {
    const short = await startTestApp({ DATABASE_URL: t.databaseUrl });
    const stream = await listen(short.url, admin);
    await short.close();
    await stream.close();
    expect(stream.events.filter((e) => e.event === 'order')).toEqual([]);
  });
});
