import type { AppContext } from '../app-context';

/**
 * The last time a write failed because the storage could not take it (full disk, read-only file,
 * database unreachable), per app. /api/health writes a one-row probe, which can still fit on a disk
 * too full for a checkout (health said 200 while checkouts got 503), so it also reports
 * unavailable while a real write failed within the last STORAGE_FAULT_WINDOW_MS (the Retry-After it
 * gave) and no write has succeeded since.
 */
export const STORAGE_FAULT_WINDOW_MS = 30_000;

const lastFaultAt = new WeakMap<AppContext, number>();

export function noteStorageFault(app: AppContext): void {
  lastFaultAt.set(app, app.now());
}

/** A write request succeeded: the storage takes writes again. */
export function clearStorageFault(app: AppContext): void {
  lastFaultAt.delete(app);
}

/** True while a write failed for want of storage within the window. */
export function hasRecentStorageFault(app: AppContext): boolean {
  const at = lastFaultAt.get(app);
  return at !== undefined && app.now() - at < STORAGE_FAULT_WINDOW_MS;
}
