import path from 'node:path';
import { commandConfig, fail } from './cli';
import { restoreBackup, RestoreRefusedError } from './restore';

/**
 * `npm run restore -- FILE`: restores a backup into the configured database (DATABASE_URL), never
 * under a running shop, and says what it restored.
 */
async function main(args: string[]): Promise<number> {
  if (args.length !== 1) {
    console.error('Usage: npm run restore -- FILE   (a backup from BACKUP_DIR: shop-….db for SQLite, shop-….dump for PostgreSQL)');
    return 2;
  }
  const config = commandConfig();
  if (typeof config === 'string') return fail(config);
  // npm runs scripts from the package's folder; the file is named from where the operator stands.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), args[0]!);
  try {
    const restored = await restoreBackup(config, file, Date.now());
    const orders =
      restored.lastOrderAt === null ? 'no orders' : `${restored.orders.toLocaleString('en-US')} orders, the last placed ${new Date(restored.lastOrderAt).toISOString()}`;
    console.log(`Restored ${file} into ${restored.database}: ${orders}.`);
    if (restored.mailsRestored) console.log(`${restored.mailsRestored} mail files brought back.`);
    for (const aside of restored.movedAside) console.log(`The replaced database file is kept as ${aside}.`);
    console.log(
      `At its next start the shop asks the payment gateway for payments made since ${new Date(restored.rebuildSince).toISOString()} and writes the orders this backup lacks.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof RestoreRefusedError) return fail(`Not restored: ${error.message}`);
    return fail(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

process.exitCode = await main(process.argv.slice(2));
