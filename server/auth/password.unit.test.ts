import { describe, expect, it, vi } from 'vitest';
import { hashPassword, needsRehash, verifyPassword, waitingHashes } from './password';

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

describe('hashing budget', () => {
  it('uses the configured cost for new hashes and reads any cost back', async () => {
    const cheap = await hashPassword('villa-summer-2026', { cost: 12 });
    expect(cheap).toMatch(/^scrypt\$12\$8\$1\$/);
    expect(await verifyPassword('villa-summer-2026', cheap)).toBe(true);
    expect(needsRehash(cheap, 12)).toBe(false);
    expect(needsRehash(cheap)).toBe(true);
  });

  it('serves a login before a flood of sign-ups from one client, and takes turns among sign-up clients', async () => {
    const finished: string[] = [];
    const track = (label: string, work: Promise<unknown>) => work.then(() => finished.push(label));
    const flood = Array.from({ length: 24 }, (_, i) => track(`flood-${i}`, hashPassword('flood-password', { cost: 14, client: '203.0.113.1', lane: 'signup' })));
    // Queued after the whole flood: first come, first served would finish them last.
    expect(waitingHashes()).toBe(22);
    // The two hashes watched are cheap, so each finishes in the order it started: two hashes of one
    // cost side by side finish in either order on a loaded machine, and the test once failed so.
    const signup = track('neighbour-signup', hashPassword('my-own-password', { cost: 8, client: '10.0.0.2', lane: 'signup' }));
    const login = track('owner-login', hashPassword('owner-password', { cost: 8, client: '10.0.0.1', lane: 'login' }));
    await Promise.all([...flood, signup, login]);
    // Two were already running; the login takes the next slot, the neighbour the one after.
    expect(finished.indexOf('owner-login')).toBeLessThan(4);
    expect(finished.indexOf('neighbour-signup')).toBeLessThan(6);
  });
});
