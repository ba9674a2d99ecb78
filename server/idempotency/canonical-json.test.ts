import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sortedCopyJson, sortedKeysJson } from './canonical-json';
import { canonicalJson, hashRequest } from './idempotency';

/** Keys a JSON body can hold, weighted towards the awkward ones: array indices, "__proto__", look-alikes of indices. */
const key = fc.oneof(
  fc.string(),
  fc.constantFrom('__proto__', 'toJSON', 'constructor', '0', '1', '2', '10', '01', '-1', '4294967294', '4294967295', '1e3', 'a', 'B', 'é', '😀'),
  fc.nat().map(String),
);

/** JSON values as JSON.parse gives them, plus the undefined, NaN and -0 a validated object may hold. */
const value = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    fc.double(),
    fc.integer(),
    fc.string({ unit: 'grapheme' }),
    fc.string({ unit: 'binary' }),
    fc.constant(undefined),
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(key, tie('value'), { maxKeys: 6 }),
  ),
})).value;

describe('the request fingerprint serialiser', () => {
  it('writes what the sorted-copy serialiser wrote, for any JSON value with keys in any order', () => {
    fc.assert(
      fc.property(value, (input) => {
        expect(sortedKeysJson(input)).toBe(sortedCopyJson(input));
      }),
      { numRuns: 3000 },
    );
  });

  it('writes what the sorted-copy serialiser wrote for bodies parsed from JSON text', () => {
    fc.assert(
      fc.property(fc.json({ depthSize: 'medium' }), (text) => {
        const parsed: unknown = JSON.parse(text);
        expect(sortedKeysJson(parsed)).toBe(sortedCopyJson(parsed));
      }),
      { numRuns: 2000 },
    );
  });

  it('writes what the sorted-copy serialiser wrote for objects with many keys, and once its cache of key names is full', () => {
    fc.assert(
      fc.property(fc.dictionary(key, value, { minKeys: 33, maxKeys: 80 }), (input) => {
        expect(sortedKeysJson(input)).toBe(sortedCopyJson(input));
      }),
      { numRuns: 300 },
    );
    // Thousands of key names no schema has: past the cache's size, keys are written without it.
    const many = Object.fromEntries(Array.from({ length: 3000 }, (_, index) => [`k${(index * 7919) % 3001}\u00e9"`, index]));
    expect(sortedKeysJson(many)).toBe(sortedCopyJson(many));
    expect(sortedKeysJson({ b: { z: 1, a: [{ y: 2, x: 3 }] }, a: 'é' })).toBe('{"a":"é","b":{"a":[{"x":3,"y":2}],"z":1}}');
  });

  it('fingerprints a request as before: SHA-256 in hex of the sorted-copy JSON', () => {
    fc.assert(
      fc.property(value, (input) => {
        expect(hashRequest(input)).toBe(createHash('sha256').update(sortedCopyJson(input ?? null)).digest('hex'));
      }),
      { numRuns: 500 },
    );
  });

  it('gives one fingerprint for the same body with its keys in another order', () => {
    fc.assert(
      fc.property(fc.dictionary(key, value, { maxKeys: 8 }), (body) => {
        const reversed = Object.fromEntries(Object.entries(body).reverse());
        expect(hashRequest(reversed)).toBe(hashRequest(body));
      }),
    );
  });

  it('keeps the old answers for values that are not plain JSON', () => {
    const cases: unknown[] = [
      new Date(0),
      { at: new Date(0), list: [new Map([[1, 2]])] },
      { toJSON: () => ({ b: 1, a: 2 }) },
      Object.assign(Object.create(null), { b: 1, a: { d: 1, c: 2 } }),
      [undefined, () => 1, Symbol('s')],
      { 2: 'two', 10: 'ten', b: 'b', a: 'a', __proto__: { hidden: true } },
      JSON.parse('{"b":1,"__proto__":{"x":1},"a":2}'),
      // eslint-disable-next-line no-sparse-arrays -- a hole in an array is one of the values the serializer must write as null
      { sparse: [1, , 3] },
      -0,
      undefined,
    ];
    for (const input of cases) expect(canonicalJson(input)).toBe(sortedCopyJson(input));
    expect(() => canonicalJson({ amount: 1n })).toThrow(TypeError);
  });
});
