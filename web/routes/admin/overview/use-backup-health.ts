import { useEffect, useState } from 'react';
import type { BackupHealth } from '../../../../shared/api/answers';
import { call } from '../../../api/client';
import { db } from '../../../db/db';
import { BACKUP_HEALTH_META } from '../../../sync/meta-keys';

/** live: the server's answer now; cached: the last one stored on this tablet; empty: never loaded; loading: not answered yet. */
export interface BackupHealthState {
  health: BackupHealth | null;
  source: 'live' | 'cached' | 'empty' | 'loading';
}

/** The backups' state: the stored answer at once (offline too), then the server's, stored for next time. */
export function useBackupHealth(reloadKey: unknown): BackupHealthState {
  const [state, setState] = useState<BackupHealthState>({ health: null, source: 'loading' });
  useEffect(() => {
    let live = true;
    const cached = db.meta
      .get(BACKUP_HEALTH_META)
      .then((record) => (record?.value as BackupHealth | undefined) ?? null)
      .catch(() => null);
    void cached.then((stored) => {
      if (live && stored) setState((current) => (current.source === 'live' ? current : { health: stored, source: 'cached' }));
    });
    const request = navigator.onLine ? call('backupHealth') : Promise.reject(new Error('offline'));
    request
      .then(({ backup }) => {
        void db.meta.put({ key: BACKUP_HEALTH_META, value: backup }).catch(() => undefined);
        if (live) setState({ health: backup, source: 'live' });
      })
      .catch(async () => {
        const stored = await cached;
        if (live) setState(stored ? { health: stored, source: 'cached' } : { health: null, source: 'empty' });
      });
    return () => {
      live = false;
    };
  }, [reloadKey]);
  return state;
}
