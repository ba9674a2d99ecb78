import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, hashRequest } from './idempotency';

const key = fc.string({ maxLength: 6 });
const value = fc.jsonValue({ maxDepth: 4 });

describe('the request fingerprint', () => {
  it('sorts object keys at every depth', () => {
    expect(canonicalJson({ b: { z: 1, a: [{ y: 2, x: 3 }] }, a: 'é' })).toBe('{"a":"é","b":{"a":[{"x":3,"y":2}],"z":1}}');
  });

  it('gives one fingerprint for the same body with its keys in another order', () => {
    fc.assert(
      fc.property(fc.dictionary(key, value, { maxKeys: 8 }), (body) => {
        const reversed = Object.fromEntries(Object.entries(body).reverse());
        expect(hashRequest(reversed)).toBe(hashRequest(body));
      }),
    );
  });

  it('tells different bodies apart', () => {
    expect(hashRequest({ paymentMethodId: 'pm_card_visa' })).not.toBe(hashRequest({ paymentMethodId: 'pm_card_mastercard' }));
  });
});
