import { describe, expect, it, vi } from 'vitest';
import { hashPassword, needsRehash, verifyPassword } from './password';

// Real scrypt hashes (~0.3 s each, several seconds on a busy machine): generous limits, no timing asserted.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

describe('password hashing', () => {
  it('stores a self-describing scrypt hash with a fresh salt each time', async () => {
    const [first, second] = await Promise.all([hashPassword('villa-summer-2026'), hashPassword('villa-summer-2026')]);
    expect(first).toMatch(/^scrypt\$17\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('villa');
    expect(needsRehash(first)).toBe(false);

    expect(await verifyPassword('villa-summer-2026', first)).toBe(true);
    expect(await verifyPassword('villa-summer-2027', first)).toBe(false);
  });

  it('never matches a stored value that is not one of its hashes, or one with absurd parameters', async () => {
    expect(await verifyPassword('anything', 'test-only:no-login')).toBe(false);
    expect(await verifyPassword('anything', 'scrypt$30$8$1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA')).toBe(false);
    expect(needsRehash('test-only:no-login')).toBe(true);
  });

  it('keeps the event loop free while hashing', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    try {
      await hashPassword('correct horse battery');
    } finally {
      clearInterval(timer);
    }
    expect(ticks).toBeGreaterThan(0);
  });
});
