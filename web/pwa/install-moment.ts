/**
 * When to offer installing the shop: after a first design reaches the cart or an order is placed,
 * never on arrival, and not again for 30 days once dismissed. Plain localStorage, tiny, so the
 * designer can mark the moment without loading the prompt's code.
 */
export const INSTALL_MOMENT_KEY = 'villa.install.moment';
export const INSTALL_DISMISSED_KEY = 'villa.install.dismissedAt';
export const INSTALL_SNOOZE_MS = 30 * 24 * 60 * 60 * 1000;
export const INSTALL_MOMENT_EVENT = 'villa:install-moment';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function markInstallMoment(): void {
  const store = storage();
  if (!store || store.getItem(INSTALL_MOMENT_KEY)) return;
  store.setItem(INSTALL_MOMENT_KEY, String(Date.now()));
  window.dispatchEvent(new Event(INSTALL_MOMENT_EVENT));
}

export function dismissInstall(now = Date.now()): void {
  storage()?.setItem(INSTALL_DISMISSED_KEY, String(now));
}

/** True once the shopper made a design or an order and has not dismissed the offer in 30 days. */
export function installOfferDue(now = Date.now()): boolean {
  const store = storage();
  if (!store?.getItem(INSTALL_MOMENT_KEY)) return false;
  const dismissedAt = Number(store.getItem(INSTALL_DISMISSED_KEY));
  return !(dismissedAt > 0 && now - dismissedAt < INSTALL_SNOOZE_MS);
}

let covering = false;
const coverListeners = new Set<() => void>();

/**
 * The shop tells the offer when it would cover what the shopper is doing (the cart drawer is open,
 * the checkout or its confirmation is on screen): it waits until then, or for another visit.
 */
export function setInstallOfferCovering(value: boolean): void {
  if (covering === value) return;
  covering = value;
  coverListeners.forEach((listener) => listener());
}

export function installOfferCovering(): boolean {
  return covering;
}

export function subscribeInstallOfferCovering(listener: () => void): () => void {
  coverListeners.add(listener);
  return () => coverListeners.delete(listener);
}
