import { createApp } from '../app';
import { loadConfig } from '../config';

/**
 * Test support: starts the real server from the environment on an ephemeral port and prints
 * `LISTENING <url>`, so a test can run it as a separate process and kill or crash it.
 */
const app = await createApp(loadConfig({ ...process.env, PORT: '0' }));
const url = await app.listen(0, '127.0.0.1');
// As server/main.ts does: the checkout writer thread starts once the server listens.
app.writer.warmUp();
process.stdout.write(`LISTENING ${url}\n`);
process.once('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
