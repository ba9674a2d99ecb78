import type { BackupHealth } from '../../../../shared/api/answers';

export interface BackupLine {
  tone: 'ok' | 'warn' | 'info';
  text: string;
}

const intervalWords = (minutes: number) => (minutes % 60 === 0 ? `${minutes / 60} h` : `${minutes} min`);

/**
 * The Overview's backup line. Staleness is judged against `now`, not only the server's answer, so
 * figures cached on the tablet still turn into a warning as they age offline.
 */
export function backupLine(health: BackupHealth, now: number, formatTime: (iso: string) => string): BackupLine {
  const lastGood = health.lastGoodAt ? `Last good backup ${formatTime(health.lastGoodAt)}` : 'No good backup yet';
  const twoIntervalsMs = 2 * health.intervalMinutes * 60_000;
  switch (health.status) {
    case 'off':
      return { tone: 'warn', text: 'Backups are off: set BACKUP_DIR on the server so the shop backs up its orders.' };
    case 'failed':
      return { tone: 'warn', text: `The last backup failed${health.lastAttemptAt ? ` (${formatTime(health.lastAttemptAt)})` : ''}: ${health.lastError ?? 'no reason given'}. ${lastGood}.` };
    case 'none':
      return { tone: 'info', text: 'No backup yet: the first is taken shortly after the shop starts.' };
    case 'unknown':
      return { tone: 'warn', text: 'The backup status could not be read.' };
    default:
      if (health.status === 'stale' || (health.lastGoodAt && now - Date.parse(health.lastGoodAt) > twoIntervalsMs)) {
        return { tone: 'warn', text: `${lastGood}: older than two backup intervals (${intervalWords(2 * health.intervalMinutes)}). Check the server's backups.` };
      }
      return { tone: 'ok', text: `${lastGood}.` };
  }
}
