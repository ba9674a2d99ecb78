import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app';

const stripeEnv = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_API_BASE: 'http://127.0.0.1:9' };
let t: TestApp;
let withStripe: TestApp;

function writeShell(app: TestApp) {
  const dist = path.join(path.dirname(app.dbPath), 'dist');
  fs.mkdirSync(dist, { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Villa Prints</title>');
}

beforeAll(async () => {
  [t, withStripe] = await Promise.all([startTestApp(), startTestApp(stripeEnv)]);
  writeShell(t);
  writeShell(withStripe);
});
afterAll(async () => {
  await Promise.all([t?.close(), withStripe?.close()]);
});

function directives(csp: string | null): Map<string, string[]> {
  return new Map((csp ?? '').split(';').map((part) => part.trim().split(/\s+/)).filter((p) => p[0]).map(([name, ...values]) => [name!, values]));
}

describe('security headers (design.md §8)', () => {
  it('are on every response: JSON answers, errors, 404s and the app shell', async () => {
    const answers = await Promise.all([
      t.request('GET', '/api/health'),
      t.request('GET', '/api/orders'),
      t.request('POST', '/api/auth/login', { rawBody: '{not json' }),
      t.request('GET', '/api/nowhere'),
      t.request('GET', '/'),
      t.request('GET', '/missing.js'),
    ]);
    for (const response of answers) {
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('permissions-policy')).toContain('camera=(self)');
      expect(directives(response.headers.get('content-security-policy')).get('frame-ancestors')).toEqual(["'none'"]);
    }
  });

  it('let the app load only from its own origin without Stripe', async () => {
    const shell = await t.request('GET', '/checkout');
    expect(shell.text).toContain('<!doctype html>');
    const csp = directives(shell.headers.get('content-security-policy'));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('frame-src')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(shell.headers.get('content-security-policy')).not.toContain('stripe');
  });

  it('add what Stripe.js needs when Stripe is configured', async () => {
    const csp = directives((await withStripe.request('GET', '/checkout')).headers.get('content-security-policy'));
    expect(csp.get('script-src')).toEqual(["'self'", 'https://js.stripe.com']);
    expect(csp.get('frame-src')).toEqual(['https://js.stripe.com', 'https://hooks.stripe.com']);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://api.stripe.com']);
  });

  it('give JSON a policy that allows nothing', async () => {
    const csp = directives((await t.request('GET', '/api/health')).headers.get('content-security-policy'));
    expect(csp.get('default-src')).toEqual(["'none'"]);
  });
});
