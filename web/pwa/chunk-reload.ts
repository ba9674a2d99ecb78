/**
 * After a deploy the chunks of the previous build are gone from the server. A page still running
 * the old build (no service worker yet, or one cleared) then fails to load a lazy route. Reload once
 * to pick up the new build instead of leaving a blank or error screen; a second failure soon after
 * is a real outage and is left to the error screens.
 */
const RELOAD_AT_KEY = 'pwa:stale-chunk-reload-at';
const RELOAD_WINDOW_MS = 30_000;

const STALE_CHUNK_MESSAGES = [
  'Failed to fetch dynamically imported module', // Chromium
  'error loading dynamically imported module', // Firefox
  'Importing a module script failed', // Safari
  'Unable to preload CSS', // Vite's CSS preload
];

export function isStaleChunkError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return STALE_CHUNK_MESSAGES.some((text) => message.includes(text));
}

/** Reloads the page once per 30 s for a stale-chunk error; returns whether it did. */
export function reloadOnceForStaleChunk(error: unknown, storage: Storage = sessionStorage, reload = () => location.reload()): boolean {
  if (!isStaleChunkError(error)) return false;
  try {
    const last = Number(storage.getItem(RELOAD_AT_KEY) ?? 0);
    if (Date.now() - last < RELOAD_WINDOW_MS) return false;
    storage.setItem(RELOAD_AT_KEY, String(Date.now()));
  } catch {
    return false; // no storage: never risk a reload loop
  }
  reload();
  return true;
}

/** Vite dispatches 'vite:preloadError' when a lazy route's chunk (or its CSS) fails to load. */
export function listenForStaleChunks(): void {
  window.addEventListener('vite:preloadError', (event) => {
    const payload = (event as Event & { payload?: unknown }).payload;
    if (reloadOnceForStaleChunk(payload ?? new Error('Failed to fetch dynamically imported module'))) event.preventDefault();
  });
}
