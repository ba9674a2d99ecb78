/**
 * The service worker (vite-plugin-pwa injectManifest). Precaches the app shell, every route's code
 * and the fonts; answers app navigations with the shell; keeps the product lists fresh-but-offline;
 * flushes the admin outbox by Background Sync, retrying itself while the server does not answer. Never answers /api from a cache except the product
 * lists: health, auth, orders and sync always go to the network. Admin data lives in Dexie.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  OUTBOX_SYNC_TAG,
  PRODUCT_CACHE_NAME,
  PRODUCT_LIST_PATHS,
  CATALOG_NETWORK_TIMEOUT_S,
  CATALOG_PATH,
  SKIP_WAITING_MESSAGE,
  isShellNavigation,
} from '../web/pwa/constants';
import { flushOutboxWithRetries, RetryLater } from './outbox-sync';

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

declare let self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

// The precache of the previous version stays until this worker activates, which only happens when
// the user accepts the update prompt (or no page is open), so an open page never loses its chunks.
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

// App routes get the shell; /api (incl. the Stripe webhook) and file URLs always go to the network.
const shell = createHandlerBoundToURL('/index.html');
registerRoute(({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin && isShellNavigation(url.pathname), shell);

const productPaths = new Set(PRODUCT_LIST_PATHS);
const productStrategy = new StaleWhileRevalidate({
  cacheName: PRODUCT_CACHE_NAME,
  plugins: [
    { cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null) },
    new ExpirationPlugin({ maxEntries: 10, maxAgeSeconds: 30 * 24 * 3600 }),
  ],
});
registerRoute(({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && productPaths.has(url.pathname), productStrategy);
const catalogStrategy = new NetworkFirst({
  cacheName: PRODUCT_CACHE_NAME,
  networkTimeoutSeconds: CATALOG_NETWORK_TIMEOUT_S,
  plugins: [{ cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null) }],
});
registerRoute(({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && url.pathname === CATALOG_PATH, catalogStrategy);

self.addEventListener('install', (event) => {
  // The page's first visit fetched the product lists before this worker existed: fetch them into
  // the cache now so the second visit works offline. Never fail the install over it.
  event.waitUntil(
    caches
      .open(PRODUCT_CACHE_NAME)
      .then((cache) => cache.addAll([...PRODUCT_LIST_PATHS, CATALOG_PATH]))
      .catch(() => undefined),
  );
});

self.addEventListener('activate', (event) => {
  // The first install takes control of the open page at once (nothing older to stay compatible
  // with); an update only activates through the prompt, which reloads the page right after.
  event.waitUntil(self.clients.claim());
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === SKIP_WAITING_MESSAGE) void self.skipWaiting();
});

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== OUTBOX_SYNC_TAG) return;
  // On lie-fi the worker retries within the event rather than wait for the browser's next attempt;
  // when the event's time is up it asks for another event at once (a tag registered while its event
  // runs fires again after it, where the browser lets a worker register), else the browser retries later.
  sync.waitUntil(
    flushOutboxWithRetries(self.fetch.bind(self), { online: () => self.navigator.onLine }).catch(async (error: unknown) => {
      if (!(error instanceof RetryLater) || sync.lastChance) throw error;
      const registration = self.registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };
      if (!registration.sync) throw error;
      await registration.sync.register(OUTBOX_SYNC_TAG).catch(() => {
        throw error;
      });
    }),
  );
});
