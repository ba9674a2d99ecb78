import { createApp } from './app';
import { ConfigError, loadConfig } from './config/config';
import { StartupError } from './errors/startup-error';
import { isSetupRequired } from './auth/auth.service';

/** Reads the config once and serves the shop, the admin and the API from one process. */
export async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  let app;
  try {
    app = await createApp(config);
  } catch (error) {
    if (error instanceof StartupError) {
      console.error(`Start-up error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const url = await app.listen();
  app.context.logger.info('listening', {
    url,
    database: config.database.kind,
    payments: config.stripe ? 'stripe' : 'test',
  });
  // The log lines are for machines; a person starting the shop reads these two.
  if (process.stdout.isTTY || process.env.npm_lifecycle_event === 'start') {
    const hint = (await isSetupRequired(app.context)) ? `\nNo admin yet: open ${url}/admin/login to create the first one (or set ADMIN_EMAIL and ADMIN_PASSWORD).` : '';
    console.log(`Shop, admin and API: ${url}${hint}`);
  }
  const shutdown = async (signal: string) => {
    app.context.logger.info('shutting down', { signal });
    // The last resort if closing the database hangs: an orchestrator's SIGKILL comes at 10 s anyway.
    setTimeout(() => process.exit(1), 9_500).unref();
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
