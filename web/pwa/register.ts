/**
 * Registers the service worker (loaded lazily after the page's `load`, so it costs the first paint
 * nothing). A new version waits until the user accepts the prompt; then it activates and the page
 * reloads into it. Updates are checked hourly while online and when the connection returns.
 */
import { Workbox } from 'workbox-window';
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

export async function registerServiceWorker(scriptUrl = '/sw.js'): Promise<Workbox | null> {
  persistStorageOnAdminPages();
  if (!('serviceWorker' in navigator)) return null;
  // Dexie comes with it; the shop loads Dexie just after first paint anyway (web/components/lazy-db).
  void import('./background-sync').then((m) => m.watchOutboxForBackgroundSync()).catch(() => undefined);

  const wb = new Workbox(scriptUrl, { scope: '/' });
  let accepted = false;

  wb.addEventListener('waiting', () => {
    setUpdateState({
      needRefresh: true,
      applyUpdate: () => {
        accepted = true;
        wb.messageSkipWaiting();
      },
    });
  });
  // The first install also takes control (clients.claim); only an accepted update reloads.
  wb.addEventListener('controlling', () => {
    if (accepted) location.reload();
  });

  const registration = await wb.register();
  if (!registration) return wb;

  const checkForUpdate = () => {
    if (navigator.onLine && !registration.installing) void registration.update().catch(() => undefined);
  };
  setInterval(checkForUpdate, UPDATE_CHECK_INTERVAL_MS);
  window.addEventListener('online', checkForUpdate);
  return wb;
}
