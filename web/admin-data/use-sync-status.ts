import { useShopLiveQuery } from '../db/lazy-db';
import { useOnline } from '../pwa/online';
import { SYNC_META } from './meta-keys';
import type { ConflictRecord } from './outbox';

export interface SyncStatus {
  online: boolean;
  pending: number;
  lastSyncAt: string | null;
  lastError: { message: string; status: number } | null;
  conflicts: ConflictRecord[];
}

/** Everything the always-visible sync bar shows, live across tabs. */
export function useSyncStatus(): SyncStatus {
  const online = useOnline();
  const pending = useShopLiveQuery((db) => db.outbox.count(), [], 0);
  const meta = useShopLiveQuery((db) => db.meta.bulkGet([SYNC_META.lastSyncAt, SYNC_META.lastError]), [], []);
  const conflicts = useShopLiveQuery((db) => db.conflicts.orderBy('id').toArray() as Promise<ConflictRecord[]>, [], []);
  return {
    online,
    pending,
    lastSyncAt: (meta[0]?.value as string | undefined) ?? null,
    lastError: (meta[1]?.value as SyncStatus['lastError']) ?? null,
    conflicts: [...conflicts].sort((a, b) => a.detectedAt - b.detectedAt),
  };
}
