import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** The Chromium binary the browser tests drive: CHROMIUM_PATH or Debian's /usr/bin/chromium. */
export function chromiumPath(): string {
  const candidate = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!fs.existsSync(candidate)) {
    throw new Error(
      `Chromium was not found at ${candidate}. The browser tests need it and never skip: ` +
        'install it with `apt-get install -y chromium` (Debian) or set CHROMIUM_PATH to a Chromium binary.',
    );
  }
  return candidate;
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
}
