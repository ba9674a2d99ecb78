import { formatDateTime } from '../shared/format';
import { backupLine } from './backup-model';
import type { BackupHealthState } from '../../../api/backup-health';

/** One line under the Overview's title: when the shop last backed up, or why that is a worry. */
export function BackupStatus({ state }: { state: BackupHealthState }) {
  const { health, source } = state;
  if (!health) {
    if (source === 'loading') return null;
    return (
      <p className="backup-status backup-status--info" role="status" data-backup-status="unknown">
        <span className="backup-status__icon" aria-hidden="true">i</span>
        <span><strong>Backups: </strong>status unavailable (the server is out of reach and this tablet has none stored).</span>
      </p>
    );
  }
  const line = backupLine(health, Date.now(), formatDateTime);
  return (
    <p className={`backup-status backup-status--${line.tone}`} role="status" data-backup-status={health.status}>
      <span className="backup-status__icon" aria-hidden="true">{line.tone === 'ok' ? '✓' : line.tone === 'warn' ? '!' : 'i'}</span>
      <span>
        <strong>Backups: </strong>
        {line.text}
        {source === 'cached' ? <span className="backup-status__as-of"> (as of {formatDateTime(health.checkedAt)})</span> : null}
      </span>
    </p>
  );
}
