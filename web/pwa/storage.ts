/**
 * Asks the browser not to evict this origin's storage: the admin's outbox holds changes that exist
 * nowhere else until they are pushed. Chromium grants it silently to installed or engaged sites;
 * a refusal changes nothing (the outbox still works, it is only evictable under storage pressure).
 */
let requested: Promise<boolean> | null = null;

export function requestPersistentStorage(): Promise<boolean> {
  requested ??= (async () => {
    const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
    if (!storage?.persist) return false;
    try {
      if (await storage.persisted()) return true;
      return await storage.persist();
    } catch {
      return false;
    }
  })();
  return requested;
}

export function isAdminPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}
