import type { Config } from './config';

/** The exit code of the test-only fault SHOP_TEST_FAULT=crash-after-payment. */
export const TEST_CRASH_EXIT_CODE = 86;

/**
 * Fault injection for the crash tests (SHOP_TEST_FAULT), composed once with the app and handed to
 * the write path through the app's context: domain code never exits the process itself.
 */
export interface AppFaults {
  /** Whether a charge that succeeded is followed by a crash before its order is written. */
  readonly crashAfterCharge: boolean;
  /** Called right after a charge succeeded and before its order is written. */
  afterCharge(): void;
  /** The checkout writer thread ended with `code` (it crashes with the fault's code). */
  writerThreadExited(code: number): void;
}

export function faultsFor(config: Pick<Config, 'testFault'>): AppFaults {
  const crashAfterCharge = config.testFault === 'crash-after-payment';
  const crash = () => process.exit(TEST_CRASH_EXIT_CODE);
  return {
    crashAfterCharge,
    afterCharge: crashAfterCharge ? crash : () => undefined,
    // The thread's fault hook ended it after a charge: end the process as that crash would have.
    writerThreadExited: (code) => {
      if (crashAfterCharge && code === TEST_CRASH_EXIT_CODE) crash();
    },
  };
}
