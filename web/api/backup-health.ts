/**
 * The backups' state for the Overview, kept on the tablet as well: the stored answer shows at once
 * (offline too), then the server's, stored for next time. Reloads when `reloadKey` (a finished sync) moves.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BackupHealth } from '../../shared/api/answers';
import { db } from '../db/db';
import { BACKUP_HEALTH_META } from '../sync/meta-keys';
import { call } from './client';
import { queryClient, queryKeysFactory } from './query-client';

/** live: the server's answer now; cached: the last one stored on this tablet; empty: never loaded; loading: not answered yet. */
export interface BackupHealthState {
  health: BackupHealth | null;
  source: 'live' | 'cached' | 'empty' | 'loading';
}

export const backupHealthQueryKeys = queryKeysFactory('backup-health');

const readStored = () =>
  db.meta
    .get(BACKUP_HEALTH_META)
    .then((record) => (record?.value as BackupHealth | undefined) ?? null)
    .catch(() => null);

async function fetchAndStore(): Promise<BackupHealth> {
  if (!navigator.onLine) throw new Error('offline');
  const { backup } = await call('backupHealth');
  void db.meta.put({ key: BACKUP_HEALTH_META, value: backup }).catch(() => undefined);
  return backup;
}

export function useBackupHealth(reloadKey: unknown): BackupHealthState {
  const stored = useQuery({ queryKey: backupHealthQueryKeys.detail('stored', reloadKey), queryFn: readStored }, queryClient);
  const live = useQuery({ queryKey: backupHealthQueryKeys.detail('live', reloadKey), queryFn: fetchAndStore, placeholderData: keepPreviousData }, queryClient);
  if (live.data) return { health: live.data, source: 'live' };
  if (stored.data) return { health: stored.data, source: 'cached' };
  return { health: null, source: live.isFetching || stored.isPending ? 'loading' : 'empty' };
}
