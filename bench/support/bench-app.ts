import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp, type RunningApp } from '../../server/app';
import { startSession } from '../../server/auth/session.service';
import { loadConfig } from '../../server/config/config';

export interface BenchApp {
  url: string;
  app: RunningApp;
  dbPath: string;
  close(): Promise<void>;
}

/** A fresh temporary directory for a benchmark's SQLite file; removed by the returned function. */
export function tempDir(prefix: string): { dir: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/**
 * The real server (createApp) on an ephemeral port, logging silenced, over the SQLite file at
 * `dbPath` (a fresh one in a temporary directory when omitted), with `env` over the defaults.
 */
export async function startBenchApp(dbPath?: string, env: Record<string, string> = {}): Promise<BenchApp> {
  const temp = dbPath ? null : tempDir('shop-bench-');
  const file = dbPath ?? path.join(temp!.dir, 'shop.db');
  const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: `sqlite:${file}`, WEB_DIST_DIR: path.join(path.dirname(file), 'no-dist'), ...env });
  const app = await createApp(config);
  const url = await app.listen(0, '127.0.0.1');
  return {
    url,
    app,
    dbPath: file,
    async close() {
      // Parts of the stop wait on unref'd timers: with nothing else left, the event loop would empty
      // first and Node would exit (code 13) without printing an error being thrown past the close.
      const holdOpen = setInterval(() => {}, 1000);
      try {
        await app.close();
      } finally {
        clearInterval(holdOpen);
      }
      temp?.remove();
    },
  };
}

/** An admin with a live session on the bench app; returns the bearer token. */
export async function createBenchAdmin(app: RunningApp): Promise<string> {
  const row = await app.context.db
    .insertInto('users')
    .values({
      email: `bench-admin-${Date.now()}@example.com`,
      password_hash: 'bench-only:no-login',
      role: 'admin',
      first_name: 'Bench',
      last_name: 'Admin',
      phone: null,
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return startSession(app.context, row.id);
}
