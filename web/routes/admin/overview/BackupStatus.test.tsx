import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { BackupHealth } from '../../../../shared/api/answers';
import { db } from '../../../db/db';
import { BACKUP_HEALTH_META } from '../../../sync/meta-keys';
import { BackupStatus } from './BackupStatus';
import { useBackupHealth } from '../../../api/backup-health';

const HOUR = 60 * 60_000;
const health = (overrides: Partial<BackupHealth>): BackupHealth => ({
  status: 'ok',
  lastGoodAt: new Date(Date.now() - 10 * 60_000).toISOString(),
  lastAttemptAt: new Date(Date.now() - 10 * 60_000).toISOString(),
  lastError: null,
  intervalMinutes: 60,
  checkedAt: new Date().toISOString(),
  ...overrides,
});

function Overview() {
  return <BackupStatus state={useBackupHealth(0)} />;
}

afterEach(async () => {
  cleanup();
  Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
  await db.meta.delete(BACKUP_HEALTH_META);
});

describe('the Overview backup line', () => {
  it('states the last good backup, and warns when the last attempt failed or backups are off', () => {
    const { rerender } = render(<BackupStatus state={{ source: 'live', health: health({}) }} />);
    expect(screen.getByRole('status').dataset.backupStatus).toBe('ok');
    expect(screen.getByRole('status').textContent).toMatch(/^✓Backups: Last good backup .+\.$/);
    rerender(<BackupStatus state={{ source: 'live', health: health({ status: 'failed', lastError: 'ENOSPC: no space left on device' }) }} />);
    expect(screen.getByRole('status').textContent).toContain('The last backup failed');
    expect(screen.getByRole('status').textContent).toContain('ENOSPC: no space left on device. Last good backup');
    rerender(<BackupStatus state={{ source: 'live', health: health({ status: 'off', lastGoodAt: null }) }} />);
    expect(screen.getByRole('status').textContent).toContain('Backups are off: set BACKUP_DIR');
  });

  it('offline, shows the answer stored on the tablet with its time, and warns once it is older than two intervals', async () => {
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    await db.meta.put({ key: BACKUP_HEALTH_META, value: health({ lastGoodAt: new Date(Date.now() - 3 * HOUR).toISOString(), checkedAt: new Date(Date.now() - 2 * HOUR).toISOString() }) });
    render(<Overview />);
    const line = await screen.findByText(/older than two backup intervals \(2 h\)/);
    expect(line.closest('[role="status"]')?.className).toContain('backup-status--warn');
    expect(line.closest('[role="status"]')?.textContent).toContain('(as of');
  });

  it('offline with nothing stored, says the status is unavailable', async () => {
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    render(<Overview />);
    expect((await screen.findByText(/status unavailable/)).textContent).toContain('the server is out of reach');
  });
});
