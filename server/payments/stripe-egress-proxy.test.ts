import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createProxy } from 'proxy';
import { afterEach, describe, expect, it } from 'vitest';
import { countRows, checkoutBody } from './payment.test-support';
import { startStripeTestShop, type StripeTestShop } from './stripe.test-support';
import { GATEWAY_UNAVAILABLE_MESSAGE } from './payment.errors';

/**
 * A shop whose only way out is an HTTP proxy (HTTPS_PROXY / HTTP_PROXY / NO_PROXY, as curl reads
 * them): its calls to Stripe go through a real proxy server (the `proxy` package), tunnelled with
 * CONNECT, unless NO_PROXY names the host. The stand-in is on http://127.0.0.1, so HTTP_PROXY is the
 * variable that applies here; Stripe's https API takes HTTPS_PROXY (or HTTP_PROXY when only it is set).
 */
interface EgressProxy {
  url: string;
  /** The `host:port` of every tunnel asked for, allowed or not. */
  tunnels: string[];
  refuseAll(): void;
  close(): Promise<void>;
}

async function startEgressProxy(): Promise<EgressProxy> {
  const server = createProxy(http.createServer());
  const tunnels: string[] = [];
  server.on('connect', (request: http.IncomingMessage) => tunnels.push(request.url ?? ''));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    tunnels,
    refuseAll: () => {
      server.authenticate = () => false;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const opened: { shop: StripeTestShop; proxy: EgressProxy }[] = [];
afterEach(async () => {
  for (const { shop, proxy } of opened.splice(0)) {
    await shop.close();
    await proxy.close();
  }
});

async function shopBehindProxy(env: (proxyUrl: string) => Record<string, string>) {
  const proxy = await startEgressProxy();
  const shop = await startStripeTestShop(env(proxy.url));
  opened.push({ shop, proxy });
  return { shop, proxy, standInHost: new URL(shop.standIn.url).host };
}

describe('calls to Stripe through an egress proxy', () => {
  it('charges through the proxy named in HTTP_PROXY, and the order is written', async () => {
    const { shop, proxy, standInHost } = await shopBehindProxy((url) => ({ HTTP_PROXY: url }));
    const response = await shop.t.request('POST', '/api/checkout', { body: checkoutBody('pm_card_visa'), headers: { 'Idempotency-Key': 'through-the-proxy' } });
    expect(response.status).toBe(201);
    expect(proxy.tunnels).toEqual([standInHost]);
    expect(shop.standIn.charges()).toBe(1);
    expect(await countRows(shop.t, 'orders')).toBe(1);
  });

  it('goes direct to a host that NO_PROXY names', async () => {
    const { shop, proxy } = await shopBehindProxy((url) => ({ http_proxy: url, NO_PROXY: 'localhost,127.0.0.1' }));
    const response = await shop.t.request('POST', '/api/checkout', { body: checkoutBody('pm_card_mastercard') });
    expect(response.status).toBe(201);
    expect(proxy.tunnels).toEqual([]);
    expect(shop.standIn.charges()).toBe(1);
  });

  it('answers "provider unavailable" when the proxy refuses the tunnel, and charges nothing', async () => {
    const { shop, proxy, standInHost } = await shopBehindProxy((url) => ({ HTTP_PROXY: url }));
    proxy.refuseAll();
    const response = await shop.t.request('POST', '/api/checkout', { body: checkoutBody('pm_card_visa'), headers: { 'Idempotency-Key': 'proxy-says-no' } });
    expect(response.status).toBe(502);
    expect(response.body).toMatchObject({ success: false, code: 'PAYMENT_PROVIDER_UNAVAILABLE', error: GATEWAY_UNAVAILABLE_MESSAGE });
    expect(proxy.tunnels[0]).toBe(standInHost);
    expect(shop.standIn.charges()).toBe(0);
    expect(await countRows(shop.t, 'orders')).toBe(0);
  });
});
