import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveCatalog } from '../../shared/catalog';

/** A live catalogue as GET /api/products/catalog answers it: one phone model, one colour, one font. */
function liveCatalog(version: string, phone: string, priceCents = 795): LiveCatalog {
  return {
    version,
    productTypes: [
      {
        id: 'phone-case',
        name: 'Phone Case',
        priceCents,
        compareAtCents: null,
        variants: [
          { id: 1, name: phone, printArea: { widthMm: 64, lengthMm: 132 }, placement: null, active: true },
          { id: 2, name: 'iPhone 13', printArea: { widthMm: 68, lengthMm: 140 }, placement: null, active: false },
        ],
      },
    ],
    colors: [{ name: 'Mint', hex: '#3EB489', active: true }],
    fonts: [{ name: 'Inter', active: true }],
  };
}

const answer = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  localStorage.clear();
  vi.resetModules();
});
afterEach(() => vi.unstubAllGlobals());

describe('the shop’s copy of the live catalogue', () => {
  it('takes the server’s catalogue for lists, prices and print areas, and keeps it for an offline start', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer(liveCatalog('7', 'Pixel 9 Pro'))));
    const shop = await import('./use-catalog');
    const catalog = await shop.refreshCatalog();
    expect(catalog.source).toBe('api');
    expect(catalog.productTypes[0]!.variants).toEqual(['Pixel 9 Pro']);
    expect(catalog.colors).toEqual([{ name: 'Mint', hex: '#3EB489' }]);
    const { priceOf } = await import('../../shared/catalog');
    const { printAreaOf } = await import('../../shared/decal');
    expect(priceOf('Pixel 9 Pro').priceCents).toBe(795);
    expect(printAreaOf({ device: 'Pixel 9 Pro' })).toEqual({ width: 64, length: 132 });

    // A later start with the server out of reach: the stored copy, before any answer.
    vi.resetModules();
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const offline = await import('./use-catalog');
    const { orderableProductTypes, isOrderableVariant } = await import('../../shared/catalog');
    expect(orderableProductTypes()[0]!.variants).toEqual(['Pixel 9 Pro']);
    expect(isOrderableVariant('iPhone 13')).toBe(false);
    expect((await offline.refreshCatalog()).productTypes[0]!.variants).toEqual(['Pixel 9 Pro']);
  });

  it('starts from the built-in lists without a stored copy, and ignores an answer that is not a catalogue', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer({ productTypes: [] })));
    const shop = await import('./use-catalog');
    const catalog = await shop.refreshCatalog();
    expect(catalog.source).toBe('built-in');
    expect(catalog.productTypes[0]!.variants).toContain('iPhone 14 Pro Max');
    expect(localStorage.getItem('shop.catalog.v1')).toBeNull();
  });
});
