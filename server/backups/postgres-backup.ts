import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { connectionOf, postgresProgram, runProgram } from './postgres-tools';
import { TEST_GATEWAY_SCHEMA } from '../db/test-gateway.store';

/** Reads the whole archive (every table's data decompressed): a truncated or damaged dump fails here. */
export async function verifyPostgresDump(file: string): Promise<void> {
  await runProgram(postgresProgram('pg_restore'), ['--file', '/dev/null', file], process.env);
}

/**
 * pg_dump of the database in its custom format (compressed; one consistent snapshot, taken
 * without blocking the shop's reads or writes), verified, fsynced and renamed into place. The test
 * gateway's ledger is not the shop's: it stays out, as Stripe's records would.
 */
export async function dumpPostgres(url: string, temporary: string, destination: string): Promise<{ sizeBytes: number }> {
  const connection = connectionOf(url);
  try {
    await runProgram(postgresProgram('pg_dump'), ['--format=custom', `--exclude-schema=${TEST_GATEWAY_SCHEMA}`, '--file', temporary, '--dbname', connection.url], connection.env);
    await verifyPostgresDump(temporary);
    const fd = fs.openSync(temporary, 'r+');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temporary, destination);
    const dir = fs.openSync(path.dirname(destination), 'r');
    try {
      fs.fsyncSync(dir);
    } finally {
      fs.closeSync(dir);
    }
  } finally {
    fs.rmSync(temporary, { force: true });
  }
  return { sizeBytes: fs.statSync(destination).size };
}

/**
 * Replaces the database's `public` schema with the dump's, in one transaction: psql runs
 * pg_restore's SQL after dropping the schema, so tables a newer migration added go too, and a
 * failure leaves the database as it was. Objects are owned by the role restoring them.
 */
export async function restorePostgresDump(url: string, file: string): Promise<void> {
  const connection = connectionOf(url);
  const script = new PassThrough();
  script.write('DROP SCHEMA IF EXISTS public CASCADE;\nCREATE SCHEMA public;\n');
  const dump = spawn(postgresProgram('pg_restore'), ['--no-owner', '--no-privileges', '--file', '-', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  let dumpError = '';
  dump.stderr.on('data', (chunk: Buffer) => (dumpError = (dumpError + chunk.toString()).slice(-2000)));
  const dumped = new Promise<void>((resolve, reject) => {
    dump.once('error', reject);
    dump.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`pg_restore failed (${code}): ${dumpError.trim()}`))));
  });
  dump.stdout.pipe(script);
  const applied = runProgram(
    postgresProgram('psql'),
    ['--no-psqlrc', '--quiet', '--set', 'ON_ERROR_STOP=1', '--single-transaction', '--dbname', connection.url],
    connection.env,
    script,
  );
  await Promise.all([dumped, applied]);
}
