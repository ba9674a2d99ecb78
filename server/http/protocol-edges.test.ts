import { spawnSync } from 'node:child_process';
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app';
import { checkoutBody, countRows } from '../payments/payment.test-support';

let t: TestApp;
let logged: unknown[][];
beforeAll(async () => {
  t = await startTestApp();
  // The built app's shell, so that a path wrongly served as a client route would answer HTML.
  const dist = path.join(path.dirname(t.dbPath), 'dist');
  fs.mkdirSync(dist, { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Villa Prints</title>');
  logged = [];
  vi.spyOn(t.app.context.logger, 'error').mockImplementation((...args) => void logged.push(args));
});
afterAll(async () => {
  await t?.close();
});

/** node:http rather than fetch, which refuses TRACE. */
function rawRequest(method: string, target: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: any }> {
  return new Promise((resolve, reject) => {
    const request = http.request(t.url + target, { method }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text ? JSON.parse(text) : null }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('unknown methods', () => {
  it.each(['PROPFIND', 'TRACE', 'MKCOL', 'PUT'])('%s on a known API path answers 405 JSON with Allow, logging nothing', async (method) => {
    const response = await rawRequest(method, '/api/orders');
    expect(response.status).toBe(405);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.body).toMatchObject({ code: 'METHOD_NOT_ALLOWED', error: expect.any(String) });
    expect(response.headers.allow?.split(', ').sort()).toEqual(['GET', 'HEAD', 'POST']);
    expect(logged).toEqual([]);
  });

  it.each(['PROPFIND', 'MKCOL', 'TRACE'])('%s elsewhere answers 501 JSON, never 500', async (method) => {
    for (const target of ['/api/nowhere', '/some/page', '/']) {
      const response = await rawRequest(method, target);
      expect(response.status, `${method} ${target}`).toBe(501);
      expect(response.body).toMatchObject({ code: 'NOT_IMPLEMENTED' });
    }
    expect(logged).toEqual([]);
  });

  it('answers a known method on an unknown API path with a JSON 404', async () => {
    const response = await t.request('DELETE', '/api/nowhere');
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('NOT_FOUND');
  });
});

describe('/API in other letter cases', () => {
  it('is the API, never the web app', async () => {
    const health = await t.request('GET', '/API/health');
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ status: 'ok' });
    const orders = await t.request('GET', '/API/orders');
    expect(orders.status).toBe(401);
    expect(orders.headers.get('content-type')).toContain('application/json');
    const unknown = await t.request('GET', '/Api/nothing-here');
    expect(unknown.status).toBe(404);
    expect(unknown.text).not.toContain('<!doctype html>');
    // The shell is still served for client routes.
    expect((await t.request('GET', '/checkout')).text).toContain('<!doctype html>');
  });
});

describe('idempotency fingerprints', () => {
  it('treat the same body with its keys in another order as the same request', async () => {
    const body = checkoutBody('pm_card_visa');
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const first = await t.request('POST', '/api/checkout', { body, headers: { 'Idempotency-Key': 'reordered-keys-1' } });
    expect(first.status).toBe(201);
    const before = await countRows(t, 'orders');
    const replay = await t.request('POST', '/api/checkout', { body: reordered, headers: { 'Idempotency-Key': 'reordered-keys-1' } });
    expect(replay.status).toBe(201);
    expect(replay.body.order.orderNumber).toBe(first.body.order.orderNumber);
    expect(await countRows(t, 'orders')).toBe(before);
  });
});

describe('payment-method ids', () => {
  it.each(['toString', 'constructor', '__proto__', 'hasOwnProperty'])('an unknown id such as %s is a failed payment, not a decline', async (id) => {
    const response = await t.request('POST', '/api/checkout', { body: checkoutBody(id) });
    expect(response.status).toBe(402);
    expect(response.body.code).toBe('PAYMENT_FAILED');
  });
});

describe('start-up with an unwritable data folder', () => {
  it('stops with one clear line, not a stack', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-unwritable-'));
    // A file where the data folder should be: no user, root included, can create the database in it.
    fs.writeFileSync(path.join(dir, 'data'), 'not a folder');
    try {
      const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, '..', 'main.ts')], {
        env: { ...process.env, DATABASE_URL: `sqlite:${path.join(dir, 'data', 'shop.db')}`, PORT: '0', LOG_LEVEL: 'silent', WEB_DIST_DIR: dir },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(result.status).toBe(1);
      const lines = result.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^Start-up error: Cannot write the database at .*shop\.db/);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
