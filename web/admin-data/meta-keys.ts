/** Keys of the admin sync state in the Dexie meta table. */
export const SYNC_META = {
  cursor: 'adminSync.cursor',
  lastSyncAt: 'adminSync.lastSyncAt',
  lastError: 'adminSync.lastError',
  lease: 'adminSync.lease',
} as const;

/** Keys of the last analytics answer of each range, shown offline with its time (issue 15). */
export const ANALYTICS_META_PREFIX = 'adminAnalytics.';
export const analyticsMetaKey = (range: string) => `${ANALYTICS_META_PREFIX}${range}`;
