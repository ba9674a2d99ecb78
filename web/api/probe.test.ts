import { afterEach, describe, expect, it, vi } from 'vitest';
import { probeServer } from './probe';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A fetch whose first `dead` requests hang like a dead keep-alive connection (until aborted). */
function connections(dead: number, answer: () => Response) {
  const calls: { aborted: boolean }[] = [];
  vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
    const call = { aborted: false };
    calls.push(call);
    if (calls.length > dead) return Promise.resolve(answer());
    return new Promise((_resolve, reject) => {
      init.signal?.addEventListener('abort', () => {
        call.aborted = true;
        reject(new DOMException('aborted', 'AbortError'));
      });
    });
  });
  return calls;
}

const healthy = () => new Response(JSON.stringify({ status: 'ok' }), { status: 200, headers: { 'Content-Type': 'application/json' } });

describe('the hedged health probe', () => {
  it('gets past dead connections: a second request beside the hanging one answers, and the hanging one is aborted', async () => {
    const calls = connections(2, healthy);
    expect(await probeServer({ timeoutMs: 5_000, hedgeAfterMs: 20 })).toBe('ok');
    expect(calls).toHaveLength(3);
    expect(calls.slice(0, 2).every((call) => call.aborted)).toBe(true);
  });

  it('asks once when the server answers at once', async () => {
    const calls = connections(0, healthy);
    expect(await probeServer({ hedgeAfterMs: 20 })).toBe('ok');
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(calls).toHaveLength(1);
  });

  it('says no-answer when every connection hangs until the deadline, and when the server refuses at once', async () => {
    const hanging = connections(100, healthy);
    expect(await probeServer({ timeoutMs: 150, hedgeAfterMs: 20, maxParallel: 3 })).toBe('no-answer');
    expect(hanging).toHaveLength(3);
    expect(hanging.every((call) => call.aborted)).toBe(true);
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    expect(await probeServer({ hedgeAfterMs: 20 })).toBe('no-answer');
  });

  it('counts another answer (503) as the server answering', async () => {
    connections(0, () => new Response(JSON.stringify({ error: 'Database unavailable', code: 'DB_UNREACHABLE' }), { status: 503 }));
    expect(await probeServer({ hedgeAfterMs: 20 })).toBe('error-answer');
  });
});
