import { useState } from 'react';
import { useNotify } from '../../../components/notifications';
import type { ConflictRecord } from '../../../admin-data/outbox';
import { adminSyncEngine, flushSoon } from '../../../admin-data/admin-sync';
import { ReapplyDialog, statusLabel as label } from './ReapplyDialog';
import { syncSummary } from './sync-summary';
import { useSyncStatus } from '../../../admin-data/use-sync-status';

function formatTime(iso: string | null): string {
  if (!iso) return 'never';
  return new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

/** Always visible: online/offline, changes waiting, last sync, and the conflicts to settle. */
export function SyncPanel() {
  const status = useSyncStatus();
  const { notify } = useNotify();
  const [syncing, setSyncing] = useState(false);
  const [confirming, setConfirming] = useState<ConflictRecord | null>(null);

  async function syncNow() {
    setSyncing(true);
    await adminSyncEngine().sync();
    setSyncing(false);
  }

  async function resolve(conflict: ConflictRecord, action: 'reapply' | 'drop') {
    setConfirming(null);
    await adminSyncEngine().resolveConflict(conflict.id, action);
    if (action === 'reapply') flushSoon();
    notify(
      action === 'reapply'
        ? `Re-applied ${label(conflict.mutation.status)} to ${conflict.orderNumber}: ${status.online ? 'syncing now' : 'will sync when online'}`
        : `Dropped your change to ${conflict.orderNumber}; it stays ${label(conflict.serverStatus)}`,
    );
  }

  return (
    <section className="sync-panel" aria-label="Sync status" data-pending={status.pending} data-online={status.online}>
      <div className="sync-panel__line">
        <span className={`sync-dot ${status.online ? 'sync-dot--online' : 'sync-dot--offline'}`} aria-hidden="true" />
        <strong className="sync-panel__state">{status.online ? 'Online' : 'Offline'}</strong>
        <span className="sync-panel__pending" data-testid="pending-count">
          {syncSummary({ pending: status.pending, conflicts: status.conflicts.length, online: status.online })}
        </span>
        <span className="sync-panel__last">Last sync: {formatTime(status.lastSyncAt)}</span>
        {status.lastError && status.online && status.lastError.status !== 0 && <span className="sync-panel__error">{status.lastError.message}</span>}
        <button type="button" className="admin-button admin-button--small" onClick={syncNow} disabled={!status.online || syncing}>
          {syncing ? 'Syncing…' : 'Sync now'}
        </button>
      </div>
      {status.conflicts.length > 0 && (
        <div className="sync-conflicts" role="alert">
          <h2 className="sync-conflicts__title">
            {status.conflicts.length} change{status.conflicts.length === 1 ? '' : 's'} could not be applied
          </h2>
          <ul>
            {status.conflicts.map((conflict) => (
              <li key={conflict.id} className="sync-conflict" data-order-number={conflict.orderNumber}>
                <span>
                  Order <strong>{conflict.orderNumber}</strong>: your change to <strong>{label(conflict.mutation.status)}</strong>{' '}
                  {conflict.reason === 'invalid'
                    ? `was refused${conflict.error ? ` (${conflict.error})` : ''}.`
                    : `conflicts with a newer change; it is now ${label(conflict.serverStatus)}.`}
                </span>
                <span className="sync-conflict__actions">
                  {conflict.reason !== 'invalid' && (
                    <button type="button" className="admin-button admin-button--small" onClick={() => setConfirming(conflict)} aria-label={`Re-apply ${label(conflict.mutation.status)} to ${conflict.orderNumber}`}>
                      Re-apply…
                    </button>
                  )}
                  <button type="button" className="admin-button admin-button--small admin-button--ghost" onClick={() => resolve(conflict, 'drop')} aria-label={`Drop your change to ${conflict.orderNumber}`}>
                    Drop
                  </button>
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {confirming && (
        <ReapplyDialog conflict={confirming} online={status.online} onConfirm={() => resolve(confirming, 'reapply')} onClose={() => setConfirming(null)} />
      )}
    </section>
  );
}
