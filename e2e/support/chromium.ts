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

/**
 * Playwright's own --disable-features list (playwright-core 1.65, chromiumSwitches.ts): a second
 * --disable-features replaces the first rather than adding to it, so it is repeated here.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync', 'DestroyProfileOnBrowserClose', 'HttpsUpgrades', 'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay', 'MediaRouter', 'PaintHolding', 'ThirdPartyStoragePartitioning', 'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin', 'OptimizationHints', 'NetworkTimeServiceQuerying', 'AimEnabled', 'PreconnectToSearch',
  'msForceBrowserSignIn', 'msEdgeUpdateLaunchServicesPreferredVersion',
];

export async function launchChromium(): Promise<Browser> {
  // With RenderDocument (a new frame host for every document), Chromium 150 gives a document loaded
  // after context.setOffline(true) navigator.onLine === true: the requests fail offline, but the page
  // is told it is online, so an offline reload cannot show the offline states. Off, the emulated
  // offline reaches every new document, as it did before.
  const args = [...CHROMIUM_ARGS, `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, 'RenderDocument'].join(',')}`];
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args });
}
