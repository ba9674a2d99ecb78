import { useEffect, useState } from 'react';
import { useShopLiveQuery } from '../db/lazy-db';
import { useOnline } from '../pwa/online';
import { SYNC_META } from './meta-keys';
import type { ConflictRecord } from './outbox';
import { currentSyncState, SYNC_STATE_STALE_MS, type SharedSyncState } from './sync-activity';

/** A conflict with the order as it is now in the cache: what the admin decides against. */
export type LiveConflict = ConflictRecord & { liveStatus: string; liveVersion: number };

/**
 * What the sync bar says: the browser is offline; not yet heard from the server; online but the
 * server does not answer; pushing; all well.
 */
export type ConnectionState = 'offline' | 'checking' | 'unreachable' | 'syncing' | 'online';

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
  const orders = await db.orderCache.bulkGet(conflicts.map((c) => c.orderId));
  return conflicts.map((conflict, index) => ({
    ...conflict,
    liveStatus: orders[index]?.status ?? conflict.serverStatus,
    liveVersion: orders[index]?.version ?? conflict.serverVersion,
  }));
}

/** Re-renders when a shared state would go stale, so a state left by a closed tab is not shown for ever. */
function useStaleClock(state: SharedSyncState | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!state) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, state.at + SYNC_STATE_STALE_MS - Date.now()) + 50);
    return () => clearTimeout(timer);
  }, [state]);
  return now;
}

/** Everything the always-visible sync bar shows: the same in every tab of the device, live. */
export function useSyncStatus(): SyncStatus {
  const online = useOnline();
  const pending = useShopLiveQuery((db) => db.outbox.count(), [], 0);
  const meta = useShopLiveQuery((db) => db.meta.bulkGet([SYNC_META.lastSyncAt, SYNC_META.lastError, SYNC_META.state]), [], []);
  const conflicts = useShopLiveQuery(liveConflicts, [], []);
  const lastError = (meta[1]?.value as SyncStatus['lastError']) ?? null;
  const shared = meta[2]?.value as SharedSyncState | undefined;
  const { reach, syncing } = currentSyncState(shared, Math.max(useStaleClock(shared), Date.now()));
  const connection: ConnectionState = !online ? 'offline' : reach !== 'online' ? reach : syncing && pending > 0 ? 'syncing' : 'online';
  return {
    online,
    connection,
    pending,
    lastSyncAt: (meta[0]?.value as string | undefined) ?? null,
    lastError,
    conflicts: [...conflicts].sort((a, b) => a.detectedAt - b.detectedAt),
  };
}
