import { useSyncExternalStore } from 'react';
import { useShopLiveQuery } from '../db/lazy-db';
import { useOnline } from '../pwa/online';
import { SYNC_META } from './meta-keys';
import type { ConflictRecord } from './outbox';
import { isUnreachableStatus, syncActivity } from './sync-activity';

/** A conflict with the order as it is now in the cache: what the admin decides against. */
export type LiveConflict = ConflictRecord & { liveStatus: string; liveVersion: number };

/** What the sync bar says: the browser is offline; online but the server does not answer; pushing; all well. */
export type ConnectionState = 'offline' | 'unreachable' | 'syncing' | 'online';

export interface SyncStatus {
  online: boolean;
  connection: ConnectionState;
  pending: number;
  lastSyncAt: string | null;
  lastError: { message: string; status: number; at?: string } | null;
  conflicts: LiveConflict[];
}

async function liveConflicts(db: Parameters<Parameters<typeof useShopLiveQuery>[0]>[0]): Promise<LiveConflict[]> {
  const conflicts = (await db.conflicts.orderBy('id').toArray()) as ConflictRecord[];
  // Read inside the live query, so a pulled or other-tab change of the order re-renders the conflict.
  const orders = await db.adminOrders.bulkGet(conflicts.map((c) => c.orderId));
  return conflicts.map((conflict, index) => ({
    ...conflict,
    liveStatus: orders[index]?.status ?? conflict.serverStatus,
    liveVersion: orders[index]?.version ?? conflict.serverVersion,
  }));
}

/** Everything the always-visible sync bar shows, live across tabs. */
export function useSyncStatus(): SyncStatus {
  const online = useOnline();
  const activity = useSyncExternalStore(syncActivity.subscribe, syncActivity.get, syncActivity.get);
  const pending = useShopLiveQuery((db) => db.outbox.count(), [], 0);
  const meta = useShopLiveQuery((db) => db.meta.bulkGet([SYNC_META.lastSyncAt, SYNC_META.lastError]), [], []);
  const conflicts = useShopLiveQuery(liveConflicts, [], []);
  const lastError = (meta[1]?.value as SyncStatus['lastError']) ?? null;
  // Before this tab's first attempt, the stored last error says how the previous one ended.
  const unreachable = activity.unreachable ?? isUnreachableStatus(lastError?.status);
  const connection: ConnectionState = !online ? 'offline' : unreachable ? 'unreachable' : activity.syncing && pending > 0 ? 'syncing' : 'online';
  return {
    online,
    connection,
    pending,
    lastSyncAt: (meta[0]?.value as string | undefined) ?? null,
    lastError,
    conflicts: [...conflicts].sort((a, b) => a.detectedAt - b.detectedAt),
  };
}
