import fs from 'node:fs';
import { commandConfig, fail } from './cli';
import { openDatabase } from '../db/database';
import { createLogger } from '../http/logger';
import { takeBackup } from './backup.service';

/**
 * `npm run backup`: one verified backup now, with the shop's configuration (BACKUP_DIR,
 * DATABASE_URL, MAIL_DIR), whether or not the shop is running. Its last line is the backup's path.
 */
async function main(): Promise<number> {
  const config = commandConfig();
  if (typeof config === 'string') return fail(config);
  if (!config.backup.dir) return fail('Set BACKUP_DIR to the folder backups go to (another disk than the database\'s).');
  const { database } = config;
  if (database.kind === 'sqlite' && !fs.existsSync(database.path)) return fail(`No database at ${database.path}: nothing to back up.`);
  const db = await openDatabase(database);
  try {
    const backup = await takeBackup({ config, db, logger: createLogger('silent'), now: Date.now }, 'command');
    const what = backup.orders === null ? '' : `${backup.orders.toLocaleString('en-US')} orders, `;
    console.log(`Backup verified: ${what}${(backup.sizeBytes / 1024 / 1024).toFixed(1)} MB, ${backup.mailsCopied} new mail files copied, ${backup.removed.length} old backups removed.`);
    console.log(backup.file);
    return 0;
  } catch (error) {
    return fail(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await db.destroy();
  }
}

process.exitCode = await main();
