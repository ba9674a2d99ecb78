import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installedCatalog } from '../../shared/catalog';
import { createUserWithToken } from '../auth/auth.test-support';
import { startTestApp, type TestApp } from '../test/test-app';
import { CATALOG_CHECK_INTERVAL_MS, startCatalogCache } from './catalog.cache';

let t: TestApp;
let owner: string;
beforeAll(async () => {
  t = await startTestApp();
  owner = (await createUserWithToken(t, 'super_admin')).token;
});
afterAll(() => t?.close());

const names = (catalog: { productTypes: { variants: { name: string }[] }[] }) => catalog.productTypes.flatMap((type) => type.variants.map((v) => v.name));

describe('the in-process catalogue cache over one shared database', () => {
  it('another process sees an edit through the version stamp, read at most once an interval, not per request', async () => {
    let now = 0;
    // A second server process's cache over the same database (its clock under the test's control).
    const other = await startCatalogCache(t.app.context, () => now);
    expect(names(await other.fresh())).not.toContain('Galaxy S25');

    const created = await t.request('POST', '/api/admin/catalog/variants', {
      token: owner,
      body: { productType: 'phone-case', name: 'Galaxy S25', printArea: { widthMm: 66, lengthMm: 138 } },
    });
    expect(created.status).toBe(201);
    // The process that made the edit has it at once.
    expect((await t.request('GET', '/api/products/devices')).body.productTypes[0].variants).toContain('Galaxy S25');

    // Within the interval the other process answers from memory: no look at the database.
    now += CATALOG_CHECK_INTERVAL_MS / 2;
    expect(names(await other.fresh())).not.toContain('Galaxy S25');
    // Once the interval has passed, one read of the stamp shows the change and the catalogue reloads.
    now += CATALOG_CHECK_INTERVAL_MS;
    const seen = await other.fresh();
    expect(names(seen)).toContain('Galaxy S25');
    expect(installedCatalog()).toBe(seen);
    expect(seen.version).toBe((await t.request('GET', '/api/products/catalog')).body.version);
  });

  it('keeps serving the last catalogue when the database does not answer the check', async () => {
    let now = 0;
    let down = false;
    const warnings: string[] = [];
    const db = new Proxy(t.app.context.db, {
      get(target, property) {
        if (property === 'selectFrom' && down) throw new Error('connection refused');
        const value: unknown = Reflect.get(target, property);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const logger = { ...t.app.context.logger, warn: (message: string) => void warnings.push(message) };
    const cache = await startCatalogCache({ ...t.app.context, db, logger }, () => now);
    const before = cache.current();
    down = true;
    now += CATALOG_CHECK_INTERVAL_MS * 2;
    expect(await cache.fresh()).toBe(before);
    expect(warnings).toEqual(['catalogue version check failed; serving the last catalogue']);
  });
});
