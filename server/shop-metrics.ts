import type { AppContext } from './app-context';
import { readBackupHealth } from './backups/backup-health';
import { countOutbox } from './mail/mail-outbox.repository';
import { StartupError } from './errors/startup-error';
import { startMetricsServer } from './metrics/metrics.server';
import { watchProcess, type BackupGauge } from './metrics/metrics';

export interface MetricsEndpoint {
  /** `http://host:port/metrics`, or null when METRICS_PORT is unset. */
  url: string | null;
  close(): Promise<void>;
}

/** Within one scrape the backup gauges share one read. */
const BACKUP_READ_REUSE_MS = 1_000;

/** The /metrics endpoint of design.md §11 when METRICS_PORT is set, with the gauges read at each scrape. */
export async function exposeMetrics(app: AppContext): Promise<MetricsEndpoint> {
  const { port, host } = app.config.metrics;
  if (port === null) return { url: null, close: async () => undefined };
  let backupRead: { at: number; value: Promise<BackupGauge> } | null = null;
  watchProcess(app.metrics, {
    mailOutbox: () => countOutbox(app.db),
    backup: () => {
      if (backupRead && Date.now() - backupRead.at < BACKUP_READ_REUSE_MS) return backupRead.value;
      const value = readBackupHealth(app).then((health) => ({
        enabled: health.status !== 'off',
        database: app.config.database.kind,
        ageSeconds: health.lastGoodAt === null ? null : Math.max(0, (app.now() - Date.parse(health.lastGoodAt)) / 1000),
        lastAttemptOk: health.lastAttemptAt === null ? null : health.status !== 'failed',
      }));
      backupRead = { at: Date.now(), value };
      return value;
    },
  });
  try {
    return await startMetricsServer(app.metrics, { port, host }, (error) => app.logger.error('metrics scrape failed', { error: String(error) }));
  } catch (error) {
    const code = (error as { code?: string }).code ?? String(error);
    throw new StartupError(`Cannot serve metrics on ${host}:${port} (${code}). Set METRICS_PORT to a free port (one per process), or unset it.`);
  }
}
