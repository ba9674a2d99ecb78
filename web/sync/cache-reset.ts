import type { ShopDatabase } from '../db/db';
import { ANALYTICS_META_PREFIX, SYNC_META } from './meta-keys';

/**
 * On logout the cached customer data (and the last analytics figures) leaves the shared tablet, unless changes still wait to be
 * pushed: those are kept (with the cache they describe) so no admin work is ever lost.
 */
export async function clearAdminCacheIfSynced(db: ShopDatabase): Promise<boolean> {
  return db.transaction('rw', db.orderBuckets, db.outbox, db.conflicts, db.meta, async () => {
    if ((await db.outbox.count()) > 0) return false;
    await db.orderCache.clear();
    await db.conflicts.clear();
    await db.meta.bulkDelete([SYNC_META.cursor, SYNC_META.lastSyncAt, SYNC_META.lastError]);
    await db.meta.where('key').startsWith(ANALYTICS_META_PREFIX).delete();
    return true;
  });
}
