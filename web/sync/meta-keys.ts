/** Keys of the admin sync state in the Dexie meta table. */
export const SYNC_META = {
  cursor: 'adminSync.cursor',
  lastSyncAt: 'adminSync.lastSyncAt',
  lastError: 'adminSync.lastError',
  lease: 'adminSync.lease',
  /** The device's connection and sync activity, shared by its tabs (sync-activity.ts). */
  state: 'adminSync.state',
} as const;

/** The shop's time zone, whose days the order filter's dates mean (shop-time-zone.ts). */
export const SHOP_TIME_ZONE_META = 'shop.timeZone';

/** Keys of the last analytics answer of each range, shown offline with its time. */
export const ANALYTICS_META_PREFIX = 'adminAnalytics.';
export const analyticsMetaKey = (range: string) => `${ANALYTICS_META_PREFIX}${range}`;

/** The last answer of GET /api/admin/backups, for the Overview's backup line offline. */
export const BACKUP_HEALTH_META = 'adminBackup.health';
