/**
 * One connection message per screen: a page that explains the connection in its own words (the
 * checkout) claims the notice, and the app-wide offline / Connection Issue banner stands aside.
 */
import { useEffect, useSyncExternalStore } from 'react';

let claims = 0;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Called by a page that shows its own connection notice, while it is mounted. */
export function useClaimOfflineNotice(): void {
  useEffect(() => {
    claims++;
    changed();
    return () => {
      claims--;
      changed();
    };
  }, []);
}

/** Whether a page shows its own connection notice (the app banner then stays hidden). */
export function useOfflineNoticeClaimed(): boolean {
  return useSyncExternalStore(subscribe, () => claims > 0, () => false);
}
