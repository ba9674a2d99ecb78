/** Names shared by the page and the service worker (sw/sw.ts). Plain values: no DOM, no React. */
import { apiPath } from '../../shared/api/endpoints';

/** Background Sync tag the page registers when an admin change is queued in the outbox. */
export const OUTBOX_SYNC_TAG = 'admin-outbox';

/** The message the page sends a waiting worker when the user accepts the update; it then activates. */
export const SKIP_WAITING_MESSAGE = 'SKIP_WAITING';

/**
 * Dexie meta key holding the admin's bearer token for the service worker, which cannot read
 * localStorage. Written only while changes wait in the outbox; removed once it is empty.
 */
export const SW_TOKEN_META_KEY = 'sw.authToken';

/** The public product lists, served stale-while-revalidate so the shop works offline. */
export const PRODUCT_LIST_PATHS: readonly string[] = [apiPath('devices'), apiPath('colors'), apiPath('fonts')];
export const PRODUCT_CACHE_NAME = 'api-products-v1';
/**
 * The live catalogue (design.md §9): network first, so an owner's edit reaches an open shop at
 * once, and the cached copy when the network is gone or slower than CATALOG_NETWORK_TIMEOUT_S.
 */
export const CATALOG_PATH = apiPath('catalog');
export const CATALOG_NETWORK_TIMEOUT_S = 4;

/** Navigations the app shell must never answer: the API (incl. the Stripe webhook) and files. */
export function isShellNavigation(pathname: string): boolean {
  if (pathname === '/api' || pathname.startsWith('/api/')) return false;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !/\.[a-z0-9]+$/i.test(last);
}
