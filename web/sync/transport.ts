/**
 * The sync engine's door to the server: the pull and push routes of the one API client. Plain
 * TypeScript: fetch and the token are passed in, so the same code runs in a page, a service
 * worker or a node test. Failures are the client's ApiError (status 0: network or timeout, and
 * the outbox keeps the change).
 */
import type { SyncMutation, SyncPullResponse, SyncPushResponse } from '../../shared/sync';
import { createApiClient } from '../api/client';

export interface SyncTransport {
  pull(since: string | null, limit: number): Promise<SyncPullResponse>;
  push(mutations: SyncMutation[]): Promise<SyncPushResponse>;
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
  const { call } = createApiClient(options);
  // Sync answers change with every write: never from the HTTP cache.
  const fresh = { cache: 'no-store' } as const;
  return {
    pull: (since, limit) => call('syncPull', { query: { since, limit } }, fresh),
    push: (mutations) => call('syncPush', { body: { mutations } }, fresh),
  };
}
