/**
 * The tablet's end of GET /api/sync/events (design.md §4): Server-Sent Events read over fetch, so
 * the bearer token goes in a header (EventSource cannot send one), parsed by eventsource-parser. A
 * stream that falls silent past the server's heartbeat is taken for dead (Wi-Fi up, server gone)
 * and opened again, with growing pauses while it keeps failing. Plain TypeScript: no React, no DOM.
 */
import { createParser } from 'eventsource-parser';
import { apiPath } from '../../shared/api/endpoints';
import type { OrderChangeEvent } from '../../shared/sync';

export interface LiveUpdatesOptions {
  fetch: typeof fetch;
  getToken(): string | null;
  baseUrl?: string;
  /** The stream is open: every change from now on comes as an event, so pull once for what came before. */
  onReady(): void;
  onChange(event: OrderChangeEvent): void;
  /** The server refused the token: the stream stops (the sync loop signs the admin out). */
  onRefused?(): void;
}

/** The server writes a heartbeat every 15 s: this long without a byte means the stream is dead. */
export const LIVE_SILENCE_MS = 40_000;
const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 15_000];

export function startLiveUpdates(options: LiveUpdatesOptions): () => void {
  let stopped = false;
  let failures = 0;
  let controller: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function readStream(): Promise<'again' | 'refused'> {
    const token = options.getToken();
    if (!token) return 'again';
    const request = new AbortController();
    controller = request;
    let silence = setTimeout(() => request.abort(), LIVE_SILENCE_MS);
    const heard = () => {
      clearTimeout(silence);
      silence = setTimeout(() => request.abort(), LIVE_SILENCE_MS);
    };
    try {
      const response = await options.fetch(`${options.baseUrl ?? ''}${apiPath('syncEvents')}`, {
        headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
        cache: 'no-store',
        signal: request.signal,
      });
      if (response.status === 401 || response.status === 403) return 'refused';
      if (!response.ok || !response.body) return 'again';
      const parser = createParser({
        onEvent(event) {
          if (event.event === 'ready') {
            failures = 0;
            options.onReady();
          } else if (event.event === 'order') {
            options.onChange(JSON.parse(event.data) as OrderChangeEvent);
          }
        },
      });
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return 'again';
        heard();
        parser.feed(decoder.decode(value, { stream: true }));
      }
    } catch {
      return 'again';
    } finally {
      clearTimeout(silence);
    }
  }

  async function run(): Promise<void> {
    if (stopped) return;
    const ended = await readStream();
    if (stopped) return;
    if (ended === 'refused') return options.onRefused?.();
    timer = setTimeout(() => void run(), RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)]);
  }

  void run();
  return () => {
    stopped = true;
    clearTimeout(timer);
    controller?.abort();
  };
}

interface LockManagerLike {
  request(name: string, options: { signal: AbortSignal }, callback: () => Promise<void>): Promise<void>;
}

/**
 * Live updates in one tab of the device only (Web Locks): a browser opens at most six connections to
 * a server, and every tab reads the same IndexedDB cache the one stream keeps fresh. When that tab
 * closes, another takes over. Without Web Locks every tab listens.
 */
export function startLiveUpdatesInOneTab(options: LiveUpdatesOptions, lockName = 'admin-live-updates'): () => void {
  const locks = (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks;
  if (!locks) return startLiveUpdates(options);
  const leaving = new AbortController();
  locks
    .request(lockName, { signal: leaving.signal }, () => {
      const stop = startLiveUpdates(options);
      return new Promise<void>((release) => {
        leaving.signal.addEventListener('abort', () => {
          stop();
          release();
        });
      });
    })
    .catch(() => undefined);
  return () => leaving.abort();
}
