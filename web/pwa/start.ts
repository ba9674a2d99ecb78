/**
 * The only PWA code in the first-load bundle: the stale-chunk guard (must listen before any lazy
 * route loads) and a deferred import of the registration, after the page has loaded.
 */
import { listenForStaleChunks } from './chunk-reload';
import { listenForInstallOffer } from './install-offer';

/** Changes with every deploy that sets VITE_BUILD_ID; shown on <html data-build> for support and tests. */
export const BUILD_ID: string = import.meta.env.VITE_BUILD_ID || 'dev';

let started = false;

export function startPwa(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  document.documentElement.dataset.build = BUILD_ID;
  listenForStaleChunks();
  listenForInstallOffer();
  // Not under the Vite dev server (no worker is built there). import.meta.env.DEV is not the test:
  // a build run with NODE_ENV=test (vitest's global setup) reports DEV too.
  if (import.meta.hot || !('serviceWorker' in navigator)) return;
  const register = () => void import('./register').then((m) => m.registerServiceWorker()).catch(() => undefined);
  if (document.readyState === 'complete') setTimeout(register, 0);
  else window.addEventListener('load', () => setTimeout(register, 0), { once: true });
}
