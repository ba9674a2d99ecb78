import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteConnection, WAL_BOUND_PAGES } from '../db/sqlite-connection';
import { startTestApp, type TestApp } from '../test/test-app';
import { checkoutBody } from '../payments/payment.test-support';
import { startWalCheckpointer } from './wal-checkpointer';

/**
 * SQLite's checkpoints (the WAL's pages copied into the database file) on a thread of their own,
 * beside the server's connection; each connection's own checkpoint is only the WAL's bound.
 */
const dirs: string[] = [];
const apps: TestApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function freshFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-wal-'));
  dirs.push(dir);
  return path.join(dir, 'shop.db');
}

/** What the WAL holds and how much of it is already in the database file, read without copying anything. */
function walState(file: string): { frames: number; databaseBytes: number } {
  const walBytes = fs.statSync(`${file}-wal`).size;
  // A WAL file is a 32-byte header, then frames of a 24-byte header and one page each.
  const reader = new SQLite(file, { readonly: true });
  const pageSize = reader.pragma('page_size', { simple: true }) as number;
  reader.close();
  return { frames: Math.max(0, (walBytes - 32) / (24 + pageSize)), databaseBytes: fs.statSync(file).size };
}

async function until(what: string, check: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('checkpoints on a thread of their own', () => {
  it('copies what checkouts committed into the database file while nothing else writes', async () => {
    const file = freshFile();
    const t = await startTestApp({ DATABASE_URL: `sqlite:${file}` });
    apps.push(t);
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, index) => t.request('POST', '/api/checkout', { body: checkoutBody('pm_card_visa', [1, 2]), headers: { 'Idempotency-Key': `wal-${index}` } })),
    );
    expect(answers.every((answer) => answer.status === 201)).toBe(true);
    const after = walState(file);
    // Far below the connections' own bound: no commit would have checkpointed this WAL.
    expect(after.frames).toBeGreaterThan(0);
    expect(after.frames).toBeLessThan(WAL_BOUND_PAGES);
    // The database file takes the committed pages without another write.
    await until('the database file to take the WAL pages', () => walState(file).databaseBytes > after.databaseBytes);
    // Every order is there, read through a fresh connection.
    const reader = new SQLite(file, { readonly: true });
    expect((reader.prepare('SELECT count(*) AS n FROM orders').get() as { n: number }).n).toBe(60);
    reader.close();
  }, 30_000);

  it('stops when asked; a connection then checkpoints itself only once the WAL passes the bound', async () => {
    const file = freshFile();
    const db = openSqliteConnection(file);
    await db.schema.createTable('pages').addColumn('body', 'text').execute();
    const checkpointer = startWalCheckpointer(file);
    await checkpointer.stop();
    // 1,000 rows of 3 KB a transaction: about 1,000 pages each.
    const filler = 'x'.repeat(3_000);
    const writePages = async (transactions: number) => {
      for (let batch = 0; batch < transactions; batch++) {
        await db.transaction().execute(async (trx) => {
          for (let row = 0; row < 1_000; row++) await trx.insertInto('pages' as never).values({ body: filler } as never).execute();
        });
      }
    };
    await writePages(5);
    // A stopped thread copies nothing, and 5,000 pages are past SQLite's 1,000 but within the bound.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(walState(file).databaseBytes).toBeLessThan(5_000_000);
    await writePages(7);
    // Read before closing: the last connection to close copies everything and removes the WAL.
    const { frames, databaseBytes } = walState(file);
    await db.destroy();
    // About 12,000 pages, more than the bound: the committing connection copied them into the
    // database file, and the WAL started over instead of growing past the bound (its file keeps the
    // largest size it reached).
    expect(databaseBytes).toBeGreaterThan(30_000_000);
    expect(frames).toBeLessThanOrEqual(WAL_BOUND_PAGES + 1_100);
  }, 60_000);

  it('lets a script that awaits its stop finish normally, once the thread has ended', () => {
    const script = `import { startWalCheckpointer } from ${JSON.stringify(path.join(import.meta.dirname, 'wal-checkpointer.ts'))};
      const checkpointer = startWalCheckpointer(${JSON.stringify(freshFile())});
      await checkpointer.stop();
      console.log('stopped');`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script], { encoding: 'utf8' });
    expect({ code: run.status, stdout: run.stdout.trim(), stderr: run.stderr }).toEqual({ code: 0, stdout: 'stopped', stderr: '' });
  });
});
