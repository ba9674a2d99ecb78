import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp, type RunningApp } from '../../server/app';
import { loadConfig } from '../../server/config/config';

export interface E2eServer {
  url: string;
  app: RunningApp;
  dbPath: string;
  close(): Promise<void>;
}

/**
 * The real server with a fresh SQLite file, serving the app built by the global setup, on an
 * ephemeral port. `env` adds configuration (admin bootstrap, Stripe stand-in, …).
 */
export async function startE2eServer(env: Record<string, string> = {}): Promise<E2eServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'));
  const dbPath = path.join(dir, 'shop.db');
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATABASE_URL: `sqlite:${dbPath}`,
    WEB_DIST_DIR: path.resolve('dist'),
    // Every declined test card from one address: the card-testing throttle is the server suite's to test.
    CARD_DECLINE_LIMIT: '10000',
    PAYMENT_INTENT_LIMIT: '10000',
    ...env,
  });
  const app = await createApp(config);
  const url = await app.listen(0, '127.0.0.1');
  return {
    url,
    app,
    dbPath,
    async close() {
      await app.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
