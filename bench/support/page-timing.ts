import type { BrowserContext, Page } from 'playwright-core';

/**
 * Network and CPU profiles of the shop's budgets, as Chrome DevTools and Lighthouse
 * define them: DevTools' "Slow 3G" (400 ms RTT × 5 = 2 s per request, 500 kbit/s × 0.8) and
 * Lighthouse's mobile throttling, DevTools' "Slow 4G" (150 ms RTT × 3.75, 1.6 Mbit/s × 0.9 down,
 * 750 kbit/s × 0.9 up, CPU 4× slower).
 */
export interface Profile {
  name: string;
  latencyMs: number;
  downloadBytesPerSecond: number;
  uploadBytesPerSecond: number;
  cpuSlowdown: number;
}

export const SLOW_3G: Profile = { name: 'Slow 3G', latencyMs: 2000, downloadBytesPerSecond: (500 * 1024 * 0.8) / 8, uploadBytesPerSecond: (500 * 1024 * 0.8) / 8, cpuSlowdown: 1 };
export const SLOW_4G: Profile = { name: 'Slow 4G', latencyMs: 562.5, downloadBytesPerSecond: (1.6 * 1024 * 1024 * 0.9) / 8, uploadBytesPerSecond: (750 * 1024 * 0.9) / 8, cpuSlowdown: 4 };
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 };

export async function throttle(context: BrowserContext, page: Page, profile: Profile | null): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: profile?.latencyMs ?? 0,
    downloadThroughput: profile?.downloadBytesPerSecond ?? -1,
    uploadThroughput: profile?.uploadBytesPerSecond ?? -1,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile?.cpuSlowdown ?? 1 });
}

/**
 * "Usable": what a shopper needs to act on the page is on screen. The designer: the splash is
 * gone, the text field is there and the preview has drawn its text (no "Loading the … font" note).
 * Any other page: the splash is gone and its heading is shown. Returns ms since navigation start.
 */
export async function msUntilUsable(page: Page, designer: boolean): Promise<number> {
  const handle = await page.waitForFunction(
    (isDesigner) => {
      if (document.getElementById('splash')) return false;
      const heading = document.querySelector('main h1');
      if (!heading) return false;
      if (isDesigner) {
        const field = [...document.querySelectorAll('label')].some((label) => label.textContent?.startsWith('3. Your text'));
        const canvas = document.querySelector('canvas');
        const waitingForFont = /Loading the .* font/.test(document.querySelector('main')?.textContent ?? '');
        // The preview's text (the placeholder or the shopper's) is drawn: its print area is placed.
        if (!field || !canvas?.dataset.printArea || waitingForFont) return false;
      }
      return performance.now();
    },
    designer,
    { polling: 50, timeout: 120_000 },
  );
  return Math.round((await handle.jsonValue()) as number);
}

/** URLs fetched from the network for the page, in start order, with start and end ms since navigation. */
export async function requestWaterfall(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => entry.transferSize > 0 || entry.name.includes('/api/'))
      .map((entry) => `${Math.round(entry.startTime)}-${Math.round(entry.responseEnd)} ms ${new URL(entry.name).pathname.replace(/^\/assets\//, '')}`),
  );
}

/**
 * A shopper who types as soon as the designer is usable: types one letter and waits until the
 * preview has drawn it from the renderer (the font loaded, no note, the canvas no longer busy).
 * Returns ms since navigation start.
 */
export async function msUntilTypedTextDrawn(page: Page): Promise<number> {
  await page.locator('#custom-text').pressSequentially('A');
  const handle = await page.waitForFunction(
    () => {
      const field = document.querySelector<HTMLInputElement>('#custom-text');
      const canvas = document.querySelector('canvas');
      const waitingForFont = /Loading the .* font/.test(document.querySelector('main')?.textContent ?? '');
      if (!field?.value.trim() || !canvas?.dataset.printArea || canvas.getAttribute('aria-busy') !== 'false' || waitingForFont) return false;
      return performance.now();
    },
    undefined,
    { polling: 50, timeout: 120_000 },
  );
  return Math.round((await handle.jsonValue()) as number);
}
