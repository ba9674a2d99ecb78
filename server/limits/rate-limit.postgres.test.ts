import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabaseAndPool, type Db } from '../db/database';
import { startTemporaryPostgres, type TemporaryPostgres } from '../test/postgres';
import { createRateLimit, type RateLimitStore } from './rate-limit';

let cluster: TemporaryPostgres;
const opened: { db: Db }[] = [];
const stores: RateLimitStore[] = [];

beforeAll(async () => {
  cluster = await startTemporaryPostgres();
  const url = await cluster.createDatabase();
  // Two pools stand for two server processes behind one load balancer.
  for (let i = 0; i < 2; i++) {
    const handles = await openDatabaseAndPool({ kind: 'postgres', url });
    opened.push(handles);
    stores.push({ kind: 'postgres', pool: handles.pool! });
  }
  await migrateToLatest(opened[0]!.db);
}, 60_000);

afterAll(async () => {
  for (const { db } of opened) await db.destroy();
  await cluster?.stop();
});

describe('rate limits on PostgreSQL', () => {
  it('count a client against one limit whichever process it reaches', async () => {
    const [first, second] = stores.map((store) => createRateLimit({ name: 'lookup', points: 4, windowSeconds: 60 }, store));
    const waits = [await first!.consume('203.0.113.9'), await second!.consume('203.0.113.9'), await first!.consume('203.0.113.9'), await second!.consume('203.0.113.9')];
    expect(waits).toEqual([0, 0, 0, 0]);
    // The fifth request is refused by either process.
    expect(await first!.consume('203.0.113.9')).toBeGreaterThan(0);
    expect(await second!.waitFor('203.0.113.9')).toBeGreaterThan(0);
    expect(await second!.consume('198.51.100.1')).toBe(0);
    await second!.reset('203.0.113.9');
    expect(await first!.waitFor('203.0.113.9')).toBe(0);
  });

  it('keep limits of different names apart', async () => {
    const tight = createRateLimit({ name: 'errors', points: 1, windowSeconds: 60 }, stores[0]!);
    const loose = createRateLimit({ name: 'events', points: 5, windowSeconds: 60 }, stores[1]!);
    expect(await tight.consume('192.0.2.7')).toBe(0);
    expect(await tight.consume('192.0.2.7')).toBeGreaterThan(0);
    expect(await loose.consume('192.0.2.7')).toBe(0);
  });
});
