/**
 * The sync engine's only door to the server. Plain TypeScript: fetch and the token are passed in,
 * so the same code runs in a page, a service worker or a node test.
 */
import { apiPath } from '../../shared/api/routes';
import type { SyncMutation, SyncPullResponse, SyncPushResponse } from '../../shared/sync';
import { NETWORK_ERROR_MESSAGE } from '../api/client';

export interface SyncTransport {
  pull(since: string | null, limit: number): Promise<SyncPullResponse>;
  push(mutations: SyncMutation[]): Promise<SyncPushResponse>;
}

/** A failed sync call. status 0 means the network (or a timeout); the outbox keeps the change. */
export class SyncRequestError extends Error {
  constructor(message: string, readonly status: number) {
    super(message);
    this.name = 'SyncRequestError';
  }
  get isAuth(): boolean {
    return this.status === 401 || this.status === 403;
  }
}

export interface HttpTransportOptions {
  fetch: typeof fetch;
  getToken: () => string | null;
  /** Origin of the API, '' for same-origin calls from a page. */
  baseUrl?: string;
  timeoutMs?: number;
  /** Called on a 401 so the page can drop the token and show the login. */
  onUnauthorized?: () => void;
}

export function createHttpTransport(options: HttpTransportOptions): SyncTransport {
  const baseUrl = options.baseUrl ?? '';
  const timeoutMs = options.timeoutMs ?? 10_000;

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const token = options.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    let response: Response;
    try {
      response = await options.fetch(baseUrl + path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: controller.signal,
        cache: 'no-store',
      });
    } catch {
      throw new SyncRequestError(NETWORK_ERROR_MESSAGE, 0);
    } finally {
      clearTimeout(timer);
    }
    const text = await response.text().catch(() => '');
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    if (!response.ok) {
      if (response.status === 401) options.onUnauthorized?.();
      throw new SyncRequestError((parsed as { error?: string } | undefined)?.error ?? `Sync failed (${response.status})`, response.status);
    }
    return parsed as T;
  }

  return {
    pull: (since, limit) => call<SyncPullResponse>('GET', apiPath('syncPull', {}, { since, limit })),
    push: (mutations) => call<SyncPushResponse>('POST', apiPath('syncPush'), { mutations }),
  };
}
