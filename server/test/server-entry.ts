import { createApp, type AppSeams } from '../app';
import { loadConfig } from '../config/config';

/** The exit code of SHOP_TEST_FAULT=crash-after-payment: the process ends between a charge and its order. */
export const TEST_CRASH_EXIT_CODE = 86;

/** The crash tests' faults, composed here and nowhere in production: SHOP_TEST_FAULT names one. */
function seamsFor(fault: string | undefined): AppSeams {
  if (fault === 'crash-after-payment') return { afterCharge: () => process.exit(TEST_CRASH_EXIT_CODE) };
  // Leaves the outbox unsent: a crash test kills the process between an order and its mail.
  if (fault === 'hold-mail') return { holdMail: true };
  return {};
}

/**
 * Test support: starts the real server from the environment on an ephemeral port and prints
 * `LISTENING <url>`, so a test can run it as a separate process and kill or crash it.
 */
const app = await createApp(loadConfig({ ...process.env, PORT: '0' }), seamsFor(process.env.SHOP_TEST_FAULT));
const url = await app.listen(0, '127.0.0.1');
process.stdout.write(`LISTENING ${url}\n`);
process.once('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
