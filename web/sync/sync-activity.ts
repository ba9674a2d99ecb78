/**
 * What the device's sync is doing, one state for every tab: kept in the Dexie meta table, so each
 * tab's sync bar reads the same record live (Dexie tells the other tabs of a write). Whichever tab
 * runs a sync round writes it. 'checking' until a health check or a sync has answered; 'unreachable'
 * only after a health check went unanswered; 'online' once the server has answered.
 */
import type { ShopDatabase } from '../db/db';
import { SYNC_META } from './meta-keys';

export type ServerReach = 'checking' | 'online' | 'unreachable';

export interface SharedSyncState {
  reach: ServerReach;
  /** A sync round is under way in some tab. */
  syncing: boolean;
  /** When this was written (epoch ms): a round that never finished (its tab closed) goes stale. */
  at: number;
}

/** A state older than this was left by a tab that went away: the bar says 'checking' until a round writes again. */
export const SYNC_STATE_STALE_MS = 45_000;

export async function writeSyncState(db: ShopDatabase, next: Partial<Omit<SharedSyncState, 'at'>>, now = Date.now()): Promise<SharedSyncState> {
  return db.transaction('rw', db.meta, async () => {
    const current = ((await db.meta.get(SYNC_META.state))?.value as SharedSyncState | undefined) ?? { reach: 'checking', syncing: false, at: now };
    const state: SharedSyncState = { ...current, ...next, at: now };
    await db.meta.put({ key: SYNC_META.state, value: state });
    return state;
  });
}

export async function readSyncState(db: ShopDatabase): Promise<SharedSyncState | undefined> {
  return (await db.meta.get(SYNC_META.state))?.value as SharedSyncState | undefined;
}

/** The state as the bar shows it: a stale record says nothing for sure. */
export function currentSyncState(state: SharedSyncState | undefined, now = Date.now()): Omit<SharedSyncState, 'at'> {
  if (!state || now - state.at > SYNC_STATE_STALE_MS) return { reach: 'checking', syncing: false };
  return { reach: state.reach, syncing: state.syncing };
}

/** A network failure, a timeout or a gateway with nothing behind it: the server is out of reach. */
export function isUnreachableStatus(status: number | undefined): boolean {
  return status === 0 || status === 502 || status === 503 || status === 504;
}
