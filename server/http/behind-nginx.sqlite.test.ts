import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMOUS_LIMITS } from '../limits/anonymous-limits';
import { startReverseProxy, type ReverseProxy, type ReverseProxyOptions } from '../test/nginx';
import { freePort } from '../test/postgres';
import { freshServerFolder, startServerProcess, type ServerProcess } from '../test/server-process';

/**
 * A client's own X-Forwarded-For must not buy it a fresh budget behind the real Debian
 * nginx, whether nginx overwrites the header at the edge (`$remote_addr`, the documented setting) or
 * appends to what the client sent (`$proxy_add_x_forwarded_for`). `npm run test:soak` sends
 * SPOOFED_REQUESTS (default: a few past the limit) with a different invented address each.
 */
const SPOOFED_REQUESTS = Number(process.env.SPOOFED_REQUESTS ?? ANONYMOUS_LIMITS.errorReports.points + 5);
const NGINX_SETTINGS: NonNullable<ReverseProxyOptions['forwardedFor']>[] = ['$remote_addr', '$proxy_add_x_forwarded_for'];

const running: { server: ServerProcess; proxy: ReverseProxy; dir: string }[] = [];

async function shopBehindNginx(forwardedFor: ReverseProxyOptions['forwardedFor']) {
  const folder = freshServerFolder('shop-behind-nginx-');
  const server = await startServerProcess({ ...folder.env, TRUST_PROXY: '1' });
  const proxy = await startReverseProxy([server.url], { forwardedFor });
  running.push({ server, proxy, dir: folder.dir });
  return proxy;
}

afterAll(async () => {
  for (const { server, proxy, dir } of running) {
    await proxy.stop();
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);

const spoofedAddress = (index: number) => `203.0.${Math.floor(index / 250) % 250}.${(index % 250) + 1}`;

describe.each(NGINX_SETTINGS)('behind nginx with X-Forwarded-For %s and TRUST_PROXY=1', (forwardedFor) => {
  let proxy: ReverseProxy;
  beforeAll(async () => {
    proxy = await shopBehindNginx(forwardedFor);
  }, 60_000);

  it('counts a client that invents its X-Forwarded-For as the one client it is', async () => {
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let index = 0; index < SPOOFED_REQUESTS; index++) {
      const response = await fetch(`${proxy.url}/api/errors`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `${spoofedAddress(index)}, 198.51.100.7` },
        body: JSON.stringify({ message: `spoofed report ${index}` }),
      });
      await response.arrayBuffer();
      statuses.push(response.status);
      if (response.status === 429) retryAfter ??= response.headers.get('Retry-After');
    }
    const allowed = ANONYMOUS_LIMITS.errorReports.points;
    expect(statuses.slice(0, allowed).every((status) => status === 202)).toBe(true);
    expect(statuses.slice(allowed).every((status) => status === 429)).toBe(true);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});

describe('a body over nginx’s limit', () => {
  it('gets the shop’s JSON error, not nginx’s HTML page', async () => {
    const proxy = await shopBehindNginx('$remote_addr');
    const response = await fetch(`${proxy.url}/api/checkout`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ padding: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({ error: 'Request body is larger than 1024 KB.', code: 'PAYLOAD_TOO_LARGE' });
  }, 60_000);
});

describe("nginx's own answers", () => {
  /** The security headers every JSON answer of the shop carries (server/http/security-headers.ts). */
  const SECURITY_HEADERS = [
    'content-security-policy',
    'x-content-type-options',
    'referrer-policy',
    'x-frame-options',
    'cross-origin-opener-policy',
    'cross-origin-resource-policy',
    'origin-agent-cluster',
    'x-permitted-cross-domain-policies',
    'x-dns-prefetch-control',
    'x-download-options',
    'x-xss-protection',
  ];
  const securityHeadersOf = (response: Response) => Object.fromEntries(SECURITY_HEADERS.map((name) => [name, response.headers.get(name)]));

  it('a body over the limit (413) and no process answering (503) are JSON with the security headers the shop sends', async () => {
    const proxy = await shopBehindNginx('$remote_addr');
    const fromShop = await fetch(`${proxy.url}/api/no-such-route`);
    await fromShop.arrayBuffer();
    const expected = securityHeadersOf(fromShop);
    expect(Object.values(expected).every((value) => value !== null)).toBe(true);

    const tooLarge = await fetch(`${proxy.url}/api/errors`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ message: 'x'.repeat(2 * 1024 * 1024) }) });
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({ error: 'Request body is larger than 1024 KB.', code: 'PAYLOAD_TOO_LARGE' });
    expect(securityHeadersOf(tooLarge)).toEqual(expected);

    const nobodyHome = await startReverseProxy([`http://127.0.0.1:${await freePort()}`]);
    try {
      const unavailable = await fetch(`${nobodyHome.url}/api/health`);
      expect(unavailable.status).toBe(503);
      expect(await unavailable.json()).toEqual({ error: 'Service temporarily unavailable. Please try again in a few moments.', code: 'SERVICE_UNAVAILABLE' });
      expect(securityHeadersOf(unavailable)).toEqual(expected);
    } finally {
      await nobodyHome.stop();
    }
  }, 60_000);
});
