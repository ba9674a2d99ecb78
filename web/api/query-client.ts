/**
 * The cache behind every `web/api/<resource>.ts` hook module (TanStack Query). Each hook passes
 * `queryClient` itself rather than reading it from a provider, so the shop's entry (App.tsx) never
 * imports the library: only the lazy screens that use a hook load it.
 *
 * The defaults keep the screens as they were before the cache: a screen loads afresh each time it
 * opens (nothing is kept once no screen shows it), a failure is shown at once (no retries), and a
 * call is sent even when the browser says it is offline, so the admin reads the client's own
 * "Network error" or the screen's "needs the server" sentence instead of a request that waits.
 */
import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { gcTime: 0, retry: false, networkMode: 'always', refetchOnWindowFocus: false, refetchOnReconnect: false },
    mutations: { retry: false, networkMode: 'always' },
  },
});

/** Medusa's query-key factory: `all` for everything of a resource, then lists and details under it. */
export function queryKeysFactory<Resource extends string>(resource: Resource) {
  return {
    all: [resource] as const,
    lists: () => [resource, 'list'] as const,
    list: (query?: unknown) => [resource, 'list', { query }] as const,
    details: () => [resource, 'detail'] as const,
    detail: (id: string | number, query?: unknown) => [resource, 'detail', id, { query }] as const,
  };
}
