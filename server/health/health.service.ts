import type { HealthAnswer } from '../../shared/api/answers';
import type { AppContext } from '../app-context';
import { storageErrorOf, StorageUnavailableError } from '../errors/storage-errors';
import { hasRecentStorageFault } from './storage-faults';
import { readHealthProbe, writeHealthProbe } from './health.repository';
import { readBackupHealth } from '../backups/backup-health';

const HEALTH_DB_TIMEOUT_MS = 2_000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** The backups' state, which never fails the check: the shop serves customers without a backup. */
async function backupOf(app: AppContext): Promise<HealthAnswer['backup']> {
  try {
    const { status, lastGoodAt } = await withTimeout(readBackupHealth(app), HEALTH_DB_TIMEOUT_MS);
    return { status, lastGoodAt };
  } catch {
    return { status: 'unknown', lastGoodAt: null };
  }
}

export type HealthCheck =
  | { status: 200; retryAfterSeconds: null; body: HealthAnswer }
  | {
      status: 503;
      retryAfterSeconds: number | null;
      body: { status: 'unavailable'; db: 'locked' | 'unwritable' | 'unavailable'; time: string; error: string; code: 'DB_UNAVAILABLE' };
    };

/**
 * GET /api/health. A database that hangs must still give a 503 well inside the client's 10 s
 * timeout. A read is not enough: a full disk, a read-only file or a lock held elsewhere let reads
 * through while every checkout fails, so the check writes (and waits for the lock only briefly).
 * Concurrent checks share one probe: a burst of page loads costs one durable write, not one each.
 */
export function createHealthCheck(app: AppContext): () => Promise<HealthCheck> {
  let running: Promise<void> | null = null;
  const probe = () =>
    (running ??= (async () => {
      await readHealthProbe(app.db);
      await writeHealthProbe(app.db, app.now());
    })().finally(() => {
      running = null;
    }));
  return async () => {
    const time = new Date(app.now()).toISOString();
    try {
      if (hasRecentStorageFault(app)) throw new StorageUnavailableError('STORAGE_UNAVAILABLE', 'writes failed for want of storage', 30);
      await withTimeout(probe(), HEALTH_DB_TIMEOUT_MS);
      return { status: 200, retryAfterSeconds: null, body: { status: 'ok', db: 'ok', time, backup: await backupOf(app) } };
    } catch (error) {
      app.logger.error('health check failed', { err: String(error) });
      const storage = storageErrorOf(error);
      return {
        status: 503,
        retryAfterSeconds: storage ? storage.retryAfterSeconds : null,
        body: {
          status: 'unavailable',
          db: storage?.code === 'DB_BUSY' ? 'locked' : storage?.code === 'STORAGE_UNAVAILABLE' ? 'unwritable' : 'unavailable',
          time,
          error: 'Database unavailable',
          code: 'DB_UNAVAILABLE',
        },
      };
    }
  };
}
