import { useState } from 'react';
import { useNotify } from '../../../components/notifications';
import { adminSyncEngine, flushSoon, syncRound } from '../../../sync/admin-sync';
import { useSyncStatus, type ConnectionState, type LiveConflict } from '../../../sync/use-sync-status';
import { ConflictList } from './ConflictList';
import { ReapplyAllDialog, ReapplyDialog, statusLabel as label } from './ReapplyDialog';
import { syncSummary } from './sync-summary';
import './sync-panel.css';

function formatTime(iso: string | null): string {
  if (!iso) return 'never';
  return new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

const STATE_LABELS: Record<ConnectionState, string> = {
  offline: 'Offline',
  checking: 'Checking connection…',
  unreachable: 'Server unreachable',
  syncing: 'Syncing…',
  online: 'Online',
};

/**
 * Always visible: the connection (offline, server unreachable, syncing, online), changes waiting,
 * last successful sync, and the conflicts to settle. With the server out of reach it is the
 * dashboard's Connection Issue banner (spec §4), with Retry; the sync loop keeps probing meanwhile.
 */
export function SyncPanel() {
  const status = useSyncStatus();
  const { notify, notifyError } = useNotify();
  const [confirmingId, setConfirmingId] = useState<string | null>(null);
  const [confirmingAll, setConfirmingAll] = useState(false);
  // The dialog follows the live conflict: a pulled change re-renders what it asks about.
  const confirming = status.conflicts.find((c) => c.id === confirmingId) ?? null;
  const unreachable = status.connection === 'unreachable';

  async function reapply(conflict: LiveConflict) {
    // The order as the dialog showed it: a re-apply over anything newer is a new conflict.
    const outcome = await adminSyncEngine().resolveConflict(conflict.id, 'reapply', { status: conflict.liveStatus, version: conflict.liveVersion });
    if (outcome === 'stale') {
      notifyError(`${conflict.orderNumber} changed while you were deciding: check its new status first`);
      return;
    }
    setConfirmingId(null);
    flushSoon();
    notify(`Re-applied ${label(conflict.mutation.status)} to ${conflict.orderNumber}: ${status.online ? 'syncing now' : 'will sync when online'}`);
  }

  async function drop(conflict: LiveConflict) {
    setConfirmingId(null);
    await adminSyncEngine().resolveConflict(conflict.id, 'drop');
    notify(`Dropped your change to ${conflict.orderNumber}; it stays ${label(conflict.liveStatus)}`);
  }

  async function dropAll() {
    const dropped = status.conflicts;
    for (const conflict of dropped) await adminSyncEngine().resolveConflict(conflict.id, 'drop');
    notify(`Dropped ${dropped.length} changes; those orders stay as they are`);
  }

  async function reapplyAll() {
    setConfirmingAll(false);
    let reapplied = 0;
    let moved = 0;
    for (const conflict of status.conflicts.filter((c) => c.reason !== 'invalid')) {
      const outcome = await adminSyncEngine().resolveConflict(conflict.id, 'reapply', { status: conflict.liveStatus, version: conflict.liveVersion });
      if (outcome === 'stale') moved++;
      else reapplied++;
    }
    flushSoon();
    const changedMeanwhile = moved ? `; ${moved} changed while you were deciding: check them first` : '';
    (moved ? notifyError : notify)(`Re-applied ${reapplied} change${reapplied === 1 ? '' : 's'}: ${status.online ? 'syncing now' : 'will sync when online'}${changedMeanwhile}`);
  }

  return (
    <section className="sync-panel" aria-label="Sync status" data-pending={status.pending} data-online={status.online} data-connection={status.connection}>
      <div className="sync-panel__line">
        <span className={`sync-dot sync-dot--${status.connection}`} aria-hidden="true" />
        <strong className="sync-panel__state" role="status">{STATE_LABELS[status.connection]}</strong>
        <span className="sync-panel__pending" data-testid="pending-count">
          {syncSummary({ pending: status.pending, conflicts: status.conflicts.length, online: status.online, unreachable, checking: status.connection === 'checking' })}
        </span>
        <span className="sync-panel__last">{unreachable ? 'Last successful sync' : 'Last sync'}: {formatTime(status.lastSyncAt)}</span>
        {status.lastError && status.online && !unreachable && status.lastError.status !== 0 && <span className="sync-panel__error">{status.lastError.message}</span>}
        <button type="button" className="admin-button admin-button--small" onClick={() => void syncRound()} disabled={!status.online || status.connection === 'syncing' || status.connection === 'checking'}>
          {unreachable ? 'Retry' : 'Sync now'}
        </button>
      </div>
      {unreachable && (
        <p className="sync-panel__issue">
          <strong>Connection Issue.</strong> We're having trouble connecting to our servers. This might be a temporary issue.{' '}
          {status.lastError && (
            <span className="sync-panel__error">
              Last error{status.lastError.at ? ` (${formatTime(status.lastError.at)})` : ''}: {status.lastError.message.replace(/\.+$/, '')}.{' '}
            </span>
          )}
          Changes stay on this tablet and sync by themselves when the server answers.
        </p>
      )}
      {status.conflicts.length > 0 && (
        <ConflictList
          conflicts={status.conflicts}
          onReapply={(c) => setConfirmingId(c.id)}
          onDrop={(c) => void drop(c)}
          onDropAll={() => void dropAll()}
          onReapplyAll={() => setConfirmingAll(true)}
        />
      )}
      {confirmingAll && <ReapplyAllDialog conflicts={status.conflicts} onConfirm={() => void reapplyAll()} onClose={() => setConfirmingAll(false)} />}
      {confirming && (
        <ReapplyDialog conflict={confirming} online={status.online} onConfirm={() => void reapply(confirming)} onKeep={() => void drop(confirming)} onClose={() => setConfirmingId(null)} />
      )}
    </section>
  );
}
