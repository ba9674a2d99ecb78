import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa, { type Context, type Middleware, type Next } from 'koa';
import { afterAll, describe, expect, it } from 'vitest';
import { isApiPath } from './protocol';
import { securityHeaderSources, securityHeaders } from './security-headers';

/** The security headers as issue 17 set them, helmet's middlewares run on every request, at the point the replay sets them: once the answer is ready. */
function helmetPerRequest(options: { stripe: boolean }): Middleware {
  const { forApi, forApp, permissions } = securityHeaderSources(options);
  return async (ctx: Context, next: Next) => {
    await next();
    ctx.set('Permissions-Policy', permissions);
    await (isApiPath(ctx.path) ? forApi : forApp)(ctx, async () => undefined);
  };
}

/** A server whose answers are a JSON body, the HTML shell, a static file or a 404, by path. */
function serverWith(headers: Middleware): Koa {
  const koa = new Koa();
  koa.use(async (ctx, next) => {
    ctx.set('X-Powered-By', 'an upstream middleware'); // helmet removes it
    await next();
  });
  koa.use(headers);
  koa.use((ctx) => {
    if (ctx.path === '/api/health') ctx.body = { status: 'ok' };
    else if (ctx.path === '/assets/app.js') {
      ctx.type = 'text/javascript';
      ctx.body = 'export {};';
    } else if (ctx.path.startsWith('/api/')) {
      ctx.status = 404;
      ctx.body = { error: 'Not found', code: 'NOT_FOUND' };
    } else {
      ctx.type = 'html';
      ctx.body = '<!doctype html><title>Villa Prints</title>';
    }
  });
  return koa;
}

const servers: http.Server[] = [];
afterAll(() => Promise.all(servers.map((server) => new Promise((done) => server.close(done)))));

async function listen(koa: Koa): Promise<string> {
  const handle = koa.callback();
  const server = http.createServer((req, res) => void handle(req, res));
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Every header of the answer as sent, in order and with its spelling, except the clock's. */
function rawHeaders(url: string): Promise<string[][]> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        res.resume();
        const pairs: string[][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) pairs.push([res.rawHeaders[i]!, res.rawHeaders[i + 1]!]);
        res.on('end', () => resolve(pairs.filter(([name]) => name!.toLowerCase() !== 'date')));
      })
      .on('error', reject);
  });
}

describe('security headers recorded once and replayed', () => {
  for (const stripe of [false, true]) {
    it(`send what helmet per request sent on API, HTML, static and error answers${stripe ? ' with Stripe' : ''}`, async () => {
      const [replayed, perRequest] = await Promise.all([
        listen(serverWith(securityHeaders({ stripe }))),
        listen(serverWith(helmetPerRequest({ stripe }))),
      ]);
      for (const path of ['/api/health', '/checkout', '/assets/app.js', '/api/nowhere', '/API/health']) {
        const [ours, helmets] = await Promise.all([rawHeaders(replayed + path), rawHeaders(perRequest + path)]);
        expect(ours, path).toEqual(helmets);
        expect(ours.map(([name]) => name!.toLowerCase())).toContain('content-security-policy');
        expect(ours.map(([name]) => name!.toLowerCase())).not.toContain('x-powered-by');
      }
    });
  }
});
