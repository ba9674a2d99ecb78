/**
 * Chromium's install offer: `beforeinstallprompt` fires early, before any lazy code runs, so the
 * first-load code (start.ts) keeps the event here until the shop is ready to offer it.
 */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();

export function listenForInstallOffer(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep Chromium's own mini-infobar away; the shop offers it at a better moment.
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    listeners.forEach((listener) => listener());
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    listeners.forEach((listener) => listener());
  });
}

export function installOffer(): InstallPromptEvent | null {
  return deferred;
}

export function subscribeInstallOffer(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows the browser's install dialog; an offer can be used once. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const offer = deferred;
  if (!offer) return 'unavailable';
  deferred = null;
  listeners.forEach((listener) => listener());
  await offer.prompt();
  return (await offer.userChoice).outcome;
}

/** iOS Safari has no install event: the shopper adds the shop from the Share menu. */
export function isIosSafari(userAgent = navigator.userAgent, standalone = (navigator as Navigator & { standalone?: boolean }).standalone): boolean {
  const ios = /iPad|iPhone|iPod/.test(userAgent);
  return ios && /Safari/.test(userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS/.test(userAgent) && standalone !== true;
}

export function runningInstalled(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches;
}
