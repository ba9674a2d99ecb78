import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseDatabaseUrl } from './config';

describe('configuration of design.md §2, read once and validated', () => {
  it('defaults to SQLite in data/, the test gateway and port 8080', () => {
    const config = loadConfig({}, '/srv/shop');
    expect(config).toMatchObject({ port: 8080, host: '0.0.0.0', stripe: null, admin: null, trustProxy: false, freeShippingThresholdCents: 200 });
    expect(config.database).toEqual({ kind: 'sqlite', path: '/srv/shop/data/shop.db' });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it.each([
    ['sqlite:/tmp/x.db', { kind: 'sqlite', path: '/tmp/x.db' }],
    ['data/other.db', { kind: 'sqlite', path: '/srv/shop/data/other.db' }],
    ['postgres://u@h/db', { kind: 'postgres', url: 'postgres://u@h/db' }],
    ['postgresql://u@h/db', { kind: 'postgres', url: 'postgresql://u@h/db' }],
  ])('reads DATABASE_URL %s', (url, expected) => {
    expect(parseDatabaseUrl(url, '/srv/shop')).toEqual(expected);
  });

  it('refuses what it cannot honour, with a clear message', () => {
    expect(() => parseDatabaseUrl('mysql://h/db', '/r')).toThrow(ConfigError);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/half configured/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.co' })).toThrow(ConfigError);
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.co', ADMIN_PASSWORD: 'short' })).toThrow(/at least 8/);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ FREE_SHIPPING_THRESHOLD: '-1' })).toThrow(/FREE_SHIPPING_THRESHOLD/);
    const stripe = { STRIPE_SECRET_KEY: 'sk', STRIPE_PUBLISHABLE_KEY: 'pk', STRIPE_WEBHOOK_SECRET: 'whsec' };
    expect(() => loadConfig({ ...stripe, STRIPE_API_BASE: 'not a url' })).toThrow(ConfigError);
  });

  it('takes the whole Stripe trio, the $25 shipping reading and the proxy flag', () => {
    const config = loadConfig({
      STRIPE_SECRET_KEY: 'sk', STRIPE_PUBLISHABLE_KEY: 'pk', STRIPE_WEBHOOK_SECRET: 'whsec',
      FREE_SHIPPING_THRESHOLD: '25', TRUST_PROXY: '1',
    });
    expect(config.stripe).toMatchObject({ secretKey: 'sk', publishableKey: 'pk', webhookSecret: 'whsec' });
    expect(config.freeShippingThresholdCents).toBe(2500);
    expect(config.trustProxy).toBe(true);
    // Set but empty, as compose files often leave it: the default, not free shipping for all.
    expect(loadConfig({ FREE_SHIPPING_THRESHOLD: '' }).freeShippingThresholdCents).toBe(200);
  });
});
