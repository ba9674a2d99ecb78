import { describe, expect, it } from 'vitest';
import { createRateLimit } from './rate-limit';

describe('rate limit', () => {
  it('lets a key use its points, then says how long to wait, and forgets a reset key', async () => {
    const limit = createRateLimit({ name: 'test', points: 3, windowSeconds: 60 });
    expect([await limit.consume('a'), await limit.consume('a'), await limit.consume('a')]).toEqual([0, 0, 0]);
    const wait = await limit.consume('a');
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await limit.waitFor('a')).toBeGreaterThan(0);
    expect(await limit.consume('b')).toBe(0);
    await limit.reset('a');
    expect(await limit.waitFor('a')).toBe(0);
    expect(await limit.consume('a')).toBe(0);
  });

  it('answers the longest wait of several keys', async () => {
    const limit = createRateLimit({ name: 'any', points: 1, windowSeconds: 60 });
    await limit.consume('card');
    expect(await limit.waitForAny(['address', 'other'])).toBe(0);
    const wait = await limit.waitForAny(['address', 'card']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
  });
});
