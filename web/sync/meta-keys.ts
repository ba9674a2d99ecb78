/** Keys of the admin sync state in the Dexie meta table. */
export const SYNC_META = {
  cursor: 'adminSync.cursor',
  lastSyncAt: 'adminSync.lastSyncAt',
  lastError: 'adminSync.lastError',
  lease: 'adminSync.lease',
} as const;
