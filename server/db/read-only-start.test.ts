import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { expect, it } from 'vitest';
import { startTestApp } from '../test/test-app';

/**
 * A database the shop can read but not write stops start-up with one line saying what is wrong
 * and what to do, and a non-zero exit: a SQLite file without write permission, a PostgreSQL
 * database whose transactions are read-only (as a standby's are).
 */
const MAIN = path.join(import.meta.dirname, '..', 'main.ts');

function startShop(databaseUrl: string, dir: string) {
  const env = { ...process.env, DATABASE_URL: databaseUrl, PORT: '0', LOG_LEVEL: 'silent', WEB_DIST_DIR: dir, HOME: dir };
  const command = [process.execPath, '--import', 'tsx', MAIN];
  // File permissions do not bind root: the shop is started as an ordinary user then.
  const asRoot = process.getuid?.() === 0;
  const [file, ...args] = asRoot ? ['runuser', '-u', 'nobody', '--', ...command] : command;
  return spawnSync(file!, args, { env, encoding: 'utf8', timeout: 60_000, cwd: path.join(import.meta.dirname, '..', '..') });
}

it('stops with one clear start-up line and exit 1 when the database is read-only', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-read-only-'));
  const dbPath = path.join(dir, 'shop.db');
  const onPostgres = process.env.SHOP_TEST_DATABASE === 'postgres';
  // A migrated database, left as the shop leaves it when it stops.
  const t = await startTestApp(onPostgres ? {} : { DATABASE_URL: `sqlite:${dbPath}` });
  const { databaseUrl } = t;
  await t.close();
  let expected: RegExp;
  if (onPostgres) {
    const name = new URL(databaseUrl).pathname.slice(1);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`ALTER DATABASE ${name} SET default_transaction_read_only = on`);
    await client.end();
    expected = /^Start-up error: The PostgreSQL database at .* is read-only \(a standby, or default_transaction_read_only is on\)\. Point DATABASE_URL at the primary/;
  } else {
    for (const suffix of ['-wal', '-shm']) fs.rmSync(`${dbPath}${suffix}`, { force: true });
    fs.chmodSync(dbPath, 0o444);
    fs.chmodSync(dir, 0o777);
    expected = /^Start-up error: Cannot write the database at .*shop\.db \(SQLITE_READONLY\)\. Make the file and its folder writable by this process/;
  }
  try {
    const result = startShop(databaseUrl, dir);
    expect(result.status, result.stderr).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(expected);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    if (onPostgres && new URL(databaseUrl).password) expect(result.stderr).not.toContain(new URL(databaseUrl).password);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 90_000);
