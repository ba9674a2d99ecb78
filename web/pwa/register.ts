/**
 * Registers the service worker (loaded lazily after the page's `load`, so it costs the first paint
 * nothing). A new version waits until the user accepts the prompt; then it activates and the page
 * reloads into it. Updates are checked hourly while online and when the connection returns.
 */
import { SKIP_WAITING_MESSAGE } from './constants';
import { isAdminPath, requestPersistentStorage } from './storage';
import { setUpdateState } from './update-store';

export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

interface NavigationLike {
  addEventListener(type: 'navigatesuccess', listener: () => void): void;
}

function persistStorageOnAdminPages(): void {
  if (isAdminPath(location.pathname)) void requestPersistentStorage();
  // Client-side navigations into /admin: the Navigation API sees react-router's pushState.
  const navigation = (window as Window & { navigation?: NavigationLike }).navigation;
  navigation?.addEventListener('navigatesuccess', () => {
    if (isAdminPath(location.pathname)) void requestPersistentStorage();
  });
}

/**
 * Calls `onWaiting` once a new worker is installed and waiting behind the one controlling the page,
 * whichever way it was found: already waiting, still installing when we look (the browser checks
 * for updates on navigation, often before this lazy code runs), or found later. Listening to
 * `updatefound` alone misses the second case, and then the prompt would never show.
 */
export function watchForWaitingWorker(
  registration: ServiceWorkerRegistration,
  container: Pick<ServiceWorkerContainer, 'controller'>,
  onWaiting: (worker: ServiceWorker) => void,
): void {
  const offered = new Set<ServiceWorker>();
  const offerIfWaiting = () => {
    const waiting = registration.waiting;
    // No controller means a first install: nothing to update from, so nothing to offer.
    if (!waiting || !container.controller || offered.has(waiting)) return;
    offered.add(waiting);
    onWaiting(waiting);
  };
  const track = (worker: ServiceWorker | null) => {
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') offerIfWaiting();
    });
  };
  registration.addEventListener('updatefound', () => track(registration.installing));
  track(registration.installing);
  offerIfWaiting();
}

export async function registerServiceWorker(scriptUrl = '/sw.js'): Promise<ServiceWorkerRegistration | null> {
  persistStorageOnAdminPages();
  if (!('serviceWorker' in navigator)) return null;
  // Dexie comes with it; the shop loads Dexie just after first paint anyway (web/db/lazy-db).
  void import('./background-sync').then((m) => m.watchOutboxForBackgroundSync()).catch(() => undefined);

  const container = navigator.serviceWorker;
  const registration = await container.register(scriptUrl, { scope: '/' });
  let offered = false;
  // The first install also takes control (clients.claim) and must not reload. An update, accepted
  // here or in another tab (its worker then controls this tab too, under this tab's old code),
  // reloads into the new version.
  container.addEventListener('controllerchange', () => {
    if (offered) location.reload();
  });
  watchForWaitingWorker(registration, container, (waiting) => {
    offered = true;
    setUpdateState({
      needRefresh: true,
      applyUpdate: () => {
        // Already activated from another tab: nothing is waiting any more, so just reload.
        if (waiting.state === 'activated' || waiting.state === 'activating') location.reload();
        else waiting.postMessage({ type: SKIP_WAITING_MESSAGE });
      },
    });
  });

  const checkForUpdate = () => {
    if (navigator.onLine && !registration.installing) void registration.update().catch(() => undefined);
  };
  setInterval(checkForUpdate, UPDATE_CHECK_INTERVAL_MS);
  window.addEventListener('online', checkForUpdate);
  return registration;
}
