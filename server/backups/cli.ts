import { ConfigError, loadConfig, type Config } from '../config/config';

/** The shop's configuration for a command line tool, or the one line that says what is wrong with it. */
export function commandConfig(): Readonly<Config> | string {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) return `Configuration error: ${error.message}`;
    throw error;
  }
}

/** Prints the message on stderr; the tool's exit code. */
export function fail(message: string): number {
  console.error(message);
  return 1;
}
