import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseDatabaseUrl } from './config';

describe('configuration of design.md §2, read once and validated', () => {
  it('defaults to SQLite in data/, the test gateway and port 8080', () => {
    const config = loadConfig({}, '/srv/shop');
    expect(config).toMatchObject({ port: 8080, host: '0.0.0.0', stripe: null, admin: null, trustProxy: { kind: 'none' }, freeShippingThresholdCents: 200 });
    expect(config.database).toEqual({ kind: 'sqlite', path: '/srv/shop/data/shop.db' });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('keeps the test gateway\'s ledger apart from the shop: a file beside it, its own on request, a schema on PostgreSQL', () => {
    expect(loadConfig({}, '/srv/shop').testGatewayLedger).toBe('/srv/shop/data/test-gateway.sqlite');
    expect(loadConfig({ DATABASE_URL: 'sqlite:/var/shop/shop.db' }, '/srv/shop').testGatewayLedger).toBe('/var/shop/test-gateway.sqlite');
    expect(loadConfig({ TEST_GATEWAY_LEDGER: 'ledger/gateway.sqlite' }, '/srv/shop').testGatewayLedger).toBe('/srv/shop/ledger/gateway.sqlite');
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).testGatewayLedger).toBeNull();
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u@h/db', TEST_GATEWAY_LEDGER: 'x.sqlite' })).toThrow(/TEST_GATEWAY_LEDGER is for a SQLite shop/);
  });

  it.each([
    ['sqlite:/tmp/x.db', { kind: 'sqlite', path: '/tmp/x.db' }],
    ['data/other.db', { kind: 'sqlite', path: '/srv/shop/data/other.db' }],
    ['postgres://u@h/db', { kind: 'postgres', url: 'postgres://u@h/db' }],
    ['postgresql://u@h/db', { kind: 'postgres', url: 'postgresql://u@h/db' }],
  ])('reads DATABASE_URL %s', (url, expected) => {
    expect(parseDatabaseUrl(url, '/srv/shop')).toEqual(expected);
  });

  it('reads the backups and metrics of design.md §11: off by default', () => {
    expect(loadConfig({}, '/srv/shop')).toMatchObject({
      backup: { dir: null, intervalMinutes: 60, keepHourly: 48, keepDaily: 14 },
      metrics: { port: null, host: '127.0.0.1' },
    });
    const set = loadConfig({ BACKUP_DIR: 'backups', BACKUP_INTERVAL_MINUTES: '15', BACKUP_KEEP_DAILY: '0', METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }, '/srv/shop');
    expect(set.backup).toEqual({ dir: '/srv/shop/backups', intervalMinutes: 15, keepHourly: 48, keepDaily: 0 });
    expect(set.metrics).toEqual({ port: 9464, host: '10.0.0.5' });
    expect(() => loadConfig({ BACKUP_INTERVAL_MINUTES: '0' })).toThrow(/BACKUP_INTERVAL_MINUTES must be a whole number from 1/);
    expect(() => loadConfig({ BACKUP_KEEP_HOURLY: 'all' })).toThrow(/BACKUP_KEEP_HOURLY/);
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
  });

  it('refuses what it cannot honour, with a clear message', () => {
    expect(() => parseDatabaseUrl('mysql://h/db', '/r')).toThrow(ConfigError);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/half configured/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.co' })).toThrow(ConfigError);
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.co', ADMIN_PASSWORD: 'short' })).toThrow(/at least 8/);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ FREE_SHIPPING_THRESHOLD: '-1' })).toThrow(/FREE_SHIPPING_THRESHOLD/);
    expect(() => loadConfig({ SHOP_TIME_ZONE: 'Mars/Olympus' })).toThrow(/SHOP_TIME_ZONE must be an IANA time zone/);
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
    expect(config.trustProxy).toEqual({ kind: 'hops', hops: 1 });
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ kind: 'hops', hops: 2 });
    expect(loadConfig({ TRUST_PROXY: '10.0.0.2, ::ffff:10.0.0.3' }).trustProxy).toEqual({ kind: 'addresses', addresses: ['10.0.0.2', '10.0.0.3'] });
    // Set but empty, as compose files often leave it: the default, not free shipping for all.
    expect(loadConfig({ FREE_SHIPPING_THRESHOLD: '' }).freeShippingThresholdCents).toBe(200);
  });

  it('takes the egress proxy for Stripe from HTTPS_PROXY / HTTP_PROXY / NO_PROXY, the lower-case name first', () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk', STRIPE_PUBLISHABLE_KEY: 'pk', STRIPE_WEBHOOK_SECRET: 'whsec' };
    expect(loadConfig(stripe).stripe!.proxy).toBeUndefined();
    expect(loadConfig({ ...stripe, HTTPS_PROXY: ' ', NO_PROXY: 'localhost' }).stripe!.proxy).toBeUndefined();
    expect(
      loadConfig({ ...stripe, HTTPS_PROXY: 'http://egress:3128', https_proxy: 'http://user:secret@squid.internal:3128', NO_PROXY: '.internal,localhost' }).stripe!.proxy,
    ).toEqual({ httpsProxy: 'http://user:secret@squid.internal:3128', noProxy: '.internal,localhost' });
    expect(loadConfig({ ...stripe, HTTP_PROXY: 'http://egress:3128' }).stripe!.proxy).toEqual({ httpProxy: 'http://egress:3128' });
    expect(() => loadConfig({ ...stripe, HTTPS_PROXY: 'egress:3128' })).toThrow('HTTPS_PROXY must be http(s)://[user:password@]host:port');
    expect(() => loadConfig({ ...stripe, http_proxy: 'socks5://egress:1080' })).toThrow('http_proxy must be http(s)://[user:password@]host:port');
  });

  it('takes the shop’s days in SHOP_TIME_ZONE, UTC when unset', () => {
    expect(loadConfig({}).shopTimeZone).toBe('UTC');
    expect(loadConfig({ SHOP_TIME_ZONE: ' Europe/London ' }).shopTimeZone).toBe('Europe/London');
  });

  it('mail (design.md §7): without SMTP_URL each mail lands as an .eml file beside the SQLite file, from Villa Prints <orders@localhost>', () => {
    const config = loadConfig({}, '/srv/shop');
    expect(config.mail).toMatchObject({
      enabled: true,
      smtpUrl: null,
      from: 'Villa Prints <orders@localhost>',
      messageIdDomain: 'localhost',
      dir: '/srv/shop/data/mail',
      publicUrl: 'http://localhost:8080',
      pollMs: 1_000,
    });
    expect(Object.isFrozen(config.mail)).toBe(true);
    expect(loadConfig({ MAIL_POLL_MS: '100' }).mail.pollMs).toBe(100);
    expect(loadConfig({ DATABASE_URL: 'sqlite:/var/lib/shop/shop.db' }, '/srv/shop').mail.dir).toBe('/var/lib/shop/mail');
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', MAIL_DIR: 'outbox' }, '/srv/shop').mail.dir).toBe('/srv/shop/outbox');
  });

  it('takes SMTP_URL with credentials, MAIL_FROM, PUBLIC_URL and MAIL_ENABLED=0', () => {
    const config = loadConfig({
      SMTP_URL: 'smtp://user:p%40ss@mail.example.com:587',
      MAIL_FROM: 'Villa Prints <Orders@Villa-Prints.example>',
      PUBLIC_URL: 'https://shop.example.com/',
    });
    expect(config.mail).toMatchObject({
      smtpUrl: 'smtp://user:p%40ss@mail.example.com:587',
      from: 'Villa Prints <Orders@Villa-Prints.example>',
      messageIdDomain: 'villa-prints.example',
      publicUrl: 'https://shop.example.com',
    });
    expect(loadConfig({ SMTP_URL: 'smtps://u:p@mail.example.com' }).mail.smtpUrl).toBe('smtps://u:p@mail.example.com');
    expect(loadConfig({ MAIL_FROM: 'orders@shop.example' }).mail.messageIdDomain).toBe('shop.example');
    expect(loadConfig({ MAIL_ENABLED: '0' }).mail.enabled).toBe(false);
  });

  it.each([
    [{ SMTP_URL: 'http://mail.example.com' }, /SMTP_URL must start with smtp:\/\/ or smtps:\/\//],
    [{ SMTP_URL: 'not a url' }, /SMTP_URL must look like smtp:\/\/user:password@host:587/],
    [{ MAIL_FROM: 'Villa Prints' }, /MAIL_FROM must be an address/],
    [{ MAIL_FROM: 'a@b@c' }, /MAIL_FROM/],
    [{ MAIL_ENABLED: 'yes' }, /MAIL_ENABLED must be 1 or 0/],
    [{ PUBLIC_URL: 'ftp://x' }, /PUBLIC_URL/],
    [{ MAIL_MAX_ATTEMPTS: '0' }, /MAIL_MAX_ATTEMPTS/],
    [{ MAIL_POLL_MS: '0' }, /MAIL_POLL_MS/],
  ])('refuses a bad mail setting %o at start-up', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
