/**
 * `npm run seed [-- COUNT]`: fills the configured database (DATABASE_URL, or data/shop.db) with
 * COUNT generated orders (300 by default) placed over the last year, plus visit events, after
 * running the migrations. Orders are added to what is there; nothing is deleted.
 */
import { formatUsd } from '../shared/money';
import { parseDatabaseUrl } from './config/config';
import { migrateToLatest, openDatabase } from './db/database';
import { indexNewOrdersForSearch } from './orders/order-search-index';
import { seedDatabase } from './seed/seed-database';

const DEFAULT_ORDERS = 300;
const MAX_ORDERS = 1_000_000;

async function main() {
  const arg = process.argv[2];
  const count = arg === undefined ? DEFAULT_ORDERS : Number(arg);
  if (!Number.isInteger(count) || count < 1 || count > MAX_ORDERS) {
    console.error(`Usage: npm run seed -- [number of orders, 1 to ${MAX_ORDERS}]; got "${arg}".`);
    process.exit(2);
  }
  const database = parseDatabaseUrl(process.env.DATABASE_URL, process.cwd());
  const where = database.kind === 'sqlite' ? `SQLite ${database.path}` : 'PostgreSQL (DATABASE_URL)';
  const db = await openDatabase(database, { beforeCommit: [indexNewOrdersForSearch] });
  try {
    const applied = await migrateToLatest(db);
    if (applied.length) console.log(`Migrations applied: ${applied.join(', ')}`);
    const started = performance.now();
    const summary = await seedDatabase(db, { orders: count, seed: Date.now() % 2 ** 31 });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const day = (ms: number | null) => (ms === null ? '-' : new Date(ms).toISOString().slice(0, 10));
    console.log(`Seeded ${where} in ${seconds} s:`);
    console.log(`  ${summary.orders} orders placed ${day(summary.firstOrderAt)} to ${day(summary.lastOrderAt)} (change_seq ${summary.changeSeq.first}-${summary.changeSeq.last})`);
    console.log(`  by status: ${Object.entries(summary.statusCounts).map(([status, n]) => `${status} ${n}`).join(', ')}`);
    console.log(`  order value excluding cancelled: ${formatUsd(summary.revenueCents)}`);
    console.log(`  ${summary.visits} visit events (one per visitor per day)`);
  } finally {
    await db.destroy();
  }
}

main().catch((error) => {
  console.error(`Seeding failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
