import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * PostgreSQL's own client programs (pg_dump, pg_restore, psql): on PATH, in PG_BIN_DIR, or in
 * Debian's /usr/lib/postgresql/<version>/bin (the newest, which dumps any older server).
 */
export function postgresProgram(name: 'pg_dump' | 'pg_restore' | 'psql'): string {
  const dirs = [process.env.PG_BIN_DIR, ...(process.env.PATH ?? '').split(path.delimiter), ...debianBinDirs()].filter(Boolean) as string[];
  for (const dir of dirs) {
    const file = path.join(dir, name);
    if (fs.existsSync(file)) return file;
  }
  throw new Error(`${name} was not found. Install PostgreSQL's client programs (apt-get install postgresql-client) or set PG_BIN_DIR.`);
}

function debianBinDirs(): string[] {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root)
    .sort((a, b) => Number(b) - Number(a))
    .map((version) => path.join(root, version, 'bin'));
}

/**
 * The URL without its password, which goes in PGPASSWORD instead: a password on a command line
 * is visible to every user of the machine (`ps`).
 */
export function connectionOf(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { url: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Runs a PostgreSQL program; rejects with its last lines of stderr when it fails. */
export function runProgram(file: string, args: string[], env: NodeJS.ProcessEnv, stdin?: NodeJS.ReadableStream): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env, stdio: [stdin ? 'pipe' : 'ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    if (stdin) stdin.pipe(child.stdin!);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${path.basename(file)} failed (${signal ?? code}): ${stderr.trim().split('\n').slice(-3).join(' ')}`));
    });
  });
}
