import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app';
import { checkoutBody } from '../payments/payment.test-support';
import { WAL_BOUND_PAGES } from './wal-checkpointer';

/** SQLite's checkpoints on a thread of their own beside the shop's connection, whose own checkpoint is only the WAL's bound. */
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

/** What the WAL holds and how large the database file is, read without copying anything. */
function walState(file: string): { frames: number; databaseBytes: number } {
  const walBytes = fs.statSync(`${file}-wal`).size;
  const reader = new SQLite(file, { readonly: true });
  const pageSize = reader.pragma('page_size', { simple: true }) as number;
  reader.close();
  // A WAL file is a 32-byte header, then frames of a 24-byte header and one page each.
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
    const bound = (await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(t.app.context.db)).rows[0]!.wal_autocheckpoint;
    expect(bound).toBe(WAL_BOUND_PAGES);
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, index) => t.request('POST', '/api/checkout', { body: checkoutBody('pm_card_visa', [1, 2]), headers: { 'Idempotency-Key': `wal-${index}` } })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 201));
    const after = walState(file);
    // Far below the connection's own bound: no commit would have checkpointed this WAL.
    expect(after.frames).toBeGreaterThan(0);
    expect(after.frames).toBeLessThan(WAL_BOUND_PAGES);
    await until('the database file to take the WAL pages', () => walState(file).databaseBytes > after.databaseBytes);
    const reader = new SQLite(file, { readonly: true });
    expect((reader.prepare('SELECT count(*) AS n FROM orders').get() as { n: number }).n).toBe(60);
    reader.close();
  }, 30_000);

  it('lets a script that awaits the stop finish normally, once the thread has ended', () => {
    const file = freshFile();
    const script = `import { openSqliteConnection } from ${JSON.stringify(path.join(import.meta.dirname, 'sqlite-connection.ts'))};
      import { startWalCheckpointer } from ${JSON.stringify(path.join(import.meta.dirname, 'wal-checkpointer.ts'))};
      const db = openSqliteConnection(${JSON.stringify(file)});
      const checkpointer = await startWalCheckpointer(db, ${JSON.stringify(file)});
      await checkpointer.stop();
      await db.destroy();
      console.log('stopped');`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script], { encoding: 'utf8' });
    expect({ code: run.status, stdout: run.stdout.trim(), stderr: run.stderr }).toEqual({ code: 0, stdout: 'stopped', stderr: '' });
  }, 30_000);
});
