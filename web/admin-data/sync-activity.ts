/**
 * What this tab's sync loop is doing right now, for the sync bar: whether a sync is running and
 * whether the server answered the last attempt. Kept in memory (the persisted last error says
 * what happened before; this says what is happening).
 */
export interface SyncActivity {
  syncing: boolean;
  /** null until this tab has tried once; true while the browser is online but the server is not answering. */
  unreachable: boolean | null;
}

let activity: SyncActivity = { syncing: false, unreachable: null };
const listeners = new Set<() => void>();

export const syncActivity = {
  get: (): SyncActivity => activity,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  set(next: Partial<SyncActivity>): void {
    activity = { ...activity, ...next };
    listeners.forEach((listener) => listener());
  },
};

/** A network failure, a timeout or a gateway with nothing behind it: the server is out of reach. */
export function isUnreachableStatus(status: number | undefined): boolean {
  return status === 0 || status === 502 || status === 503 || status === 504;
}
