/**
 * The designer on a first visit: its first preview needs neither the render worker nor the font
 * files, which the shell asks for in its first round trip; the shopper's typed text is drawn at
 * once (a stand-in until the font has loaded, never a note over the preview), then from the real
 * outline. Held requests stand in for a slow network, so nothing here depends on timing.
 */
import { expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { useServerAndBrowser } from './support/harness';

const e2e = useServerAndBrowser();
const WORKER_AND_FONT = /\/assets\/(render-worker-[^/]*\.js|dancing-script-latin[^/]*\.woff)$/;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** Pixels inside the preview's print area whose colour is near Teal (#14B8A6-ish): the decal's ink. */
function tealPixels(page: Page): Promise<number> {
  return page.locator('canvas').evaluate((canvas: HTMLCanvasElement) => {
    const [x, y, w, h] = (canvas.dataset.printArea ?? '0 0 0 0').split(' ').map(Number) as [number, number, number, number];
    const data = canvas.getContext('2d')!.getImageData(Math.floor(x), Math.floor(y), Math.max(1, Math.ceil(w)), Math.max(1, Math.ceil(h))).data;
    let count = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i + 1]! - data[i]! > 40 && data[i + 2]! - data[i]! > 30) count++;
    return count;
  });
}

it('draws the typed text while the font loads, with no note over the preview, then from the font', async () => {
  const context = await e2e.browser.newContext(PHONE);
  const page = await context.newPage();
  const held: Route[] = [];
  await page.route(WORKER_AND_FONT, (route) => void held.push(route));
  await page.goto(`${e2e.server.url}/`);

  const canvas = page.locator('canvas');
  await page.locator('canvas[data-print-area][aria-busy="false"]').waitFor();
  expect(await canvas.getAttribute('aria-label')).toContain('Your text here');
  // The shell asked for the worker's script and the default font's files by itself.
  const files = () => [...new Set(held.map((route) => new URL(route.request().url()).pathname.replace(/-[\w-]{8}\.(js|woff)$/, '.$1')))].sort();
  await expect.poll(files).toEqual(['/assets/dancing-script-latin-700-normal.woff', '/assets/render-worker.js']);

  await page.getByRole('radio', { name: 'Teal' }).click();
  const blank = await tealPixels(page);
  await page.getByLabel('3. Your text').fill('Villa Love');
  // Drawn now, with the font still held back: ink of the chosen colour where the decal goes.
  await expect.poll(() => tealPixels(page)).toBeGreaterThan(blank + 50);
  expect(await canvas.getAttribute('aria-label')).toContain('Villa Love');
  expect(await canvas.getAttribute('aria-busy')).toBe('true');
  expect(await page.getByText(/Loading the .* font/).count()).toBe(0);
  expect(await page.locator('.design-canvas [role="status"]').count()).toBe(0);

  for (const route of held.splice(0)) await route.continue();
  await page.unroute(WORKER_AND_FONT);
  await page.locator('canvas[data-print-area][aria-busy="false"]').waitFor();
  expect(await tealPixels(page)).toBeGreaterThan(blank + 50);
  expect(await canvas.getAttribute('aria-label')).toContain('Villa Love');

  // A letter only the latin-ext file holds: that file is fetched now, and the letter is drawn from it.
  const latinExt: string[] = [];
  page.on('request', (request) => {
    if (/dancing-script-latin-ext-700-normal/.test(request.url())) latinExt.push(request.url());
  });
  expect(latinExt).toEqual([]);
  await page.getByLabel('3. Your text').fill('ŁŁŁ');
  await page.locator('canvas[aria-busy="false"][aria-label*="“ŁŁŁ”"]').waitFor();
  expect(latinExt.length).toBeGreaterThan(0);
  expect(await tealPixels(page)).toBeGreaterThan(blank + 50);
  await context.close();
});

/** The headings' face (Shrikhand) is among the page's fonts and loaded. */
const displayFaceLoaded = () => [...document.fonts].some((face) => face.family.replace(/["']/g, '') === 'Shrikhand' && face.status === 'loaded');

it("fetches the headings' face only once the renderer has its font, then shows the headings in it", async () => {
  const context = await e2e.browser.newContext(PHONE);
  const page = await context.newPage();
  const held: Route[] = [];
  const displayFace: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/shrikhand-/.test(request.url())) displayFace.push(request.url());
  });
  await page.route(WORKER_AND_FONT, (route) => void held.push(route));
  await page.goto(`${e2e.server.url}/`);
  await page.locator('canvas[data-print-area][aria-busy="false"]').waitFor();
  // The shell's preloads, and the worker's own requests once it runs, are all held.
  await expect.poll(() => new Set(held.map((route) => route.request().url())).size).toBe(2);
  // The page has loaded and drawn its placeholder; the worker's script and font are still on their way.
  await page.waitForFunction(() => document.readyState === 'complete');
  expect(displayFace).toEqual([]);
  expect(await page.evaluate(displayFaceLoaded)).toBe(false);

  for (const route of held.splice(0)) await route.continue();
  await page.unroute(WORKER_AND_FONT);
  await page.waitForFunction(displayFaceLoaded);
  expect(displayFace.length).toBe(1);
  expect(await page.locator('main h1').evaluate((heading) => getComputedStyle(heading).fontFamily)).toContain('Shrikhand');
  await context.close();
});

it('types 20 characters into the designer with the page free to answer (long tasks reported)', async () => {
  const context = await e2e.browser.newContext(PHONE);
  const page = await context.newPage();
  await page.addInitScript(() => {
    const tasks: number[] = [];
    (window as unknown as { longTasks: number[] }).longTasks = tasks;
    new PerformanceObserver((list) => list.getEntries().forEach((entry) => tasks.push(Math.round(entry.duration)))).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(`${e2e.server.url}/`);
  await page.locator('canvas[data-print-area][aria-busy="false"]').waitFor();
  // The worker has parsed the font once the shopper's first letter is drawn from it.
  const input = page.getByLabel('3. Your text');
  await input.pressSequentially('V');
  await page.locator('canvas[aria-busy="false"][aria-label*="“V”"]').waitFor();
  await input.press('Backspace');
  const before = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks.length);

  const typed = 'Villa love forever!!';
  await input.pressSequentially(typed, { delay: 50 });
  await page.locator(`canvas[aria-busy="false"][aria-label*="“${typed}”"]`).waitFor();
  const during = await page.evaluate((from) => (window as unknown as { longTasks: number[] }).longTasks.slice(from), before);
  // A figure for the report, not a verdict: the machine is shared.
  console.log(`long tasks while typing ${typed.length} characters: ${during.length ? during.join(', ') + ' ms' : 'none'}`);
  expect(await input.inputValue()).toBe(typed);
  await context.close();
});

it('sends a shell that asks for the render worker, the default font and the catalogue in its first round trip', async () => {
  const html = await (await fetch(`${e2e.server.url}/`)).text();
  const preloads = [...html.matchAll(/<link rel="preload"[^>]*href="([^"]+)"/g)].map((match) => match[1]!);
  expect(preloads).toContain('/api/health');
  expect(preloads).toContain('/api/products/catalog');
  expect(preloads.some((href) => /^\/assets\/render-worker-[\w-]+\.js$/.test(href))).toBe(true);
  // The latin file only: the latin-ext one is fetched for a text that needs it.
  expect(preloads.filter((href) => /\.woff$/.test(href)).map((href) => href.replace(/-[\w-]{8}\.woff$/, '.woff'))).toEqual(['/assets/dancing-script-latin-700-normal.woff']);
  expect(html).not.toContain('splash__tagline');
});
