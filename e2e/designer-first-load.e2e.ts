/**
 * The designer on a first visit (issue 31): its first preview needs neither fontkit nor the font
 * files, which the shell does not fetch before the app's own code; the app fetches them as soon as it
 * runs, and the shopper's own text is drawn once they are in. Held requests stand in for a slow
 * network, so nothing here depends on timing.
 */
import { expect, it } from 'vitest';
import type { Route } from 'playwright-core';
import { useServerAndBrowser } from './support/harness';

const e2e = useServerAndBrowser();
const RENDERER_AND_FONT = /\/assets\/(browser-module-[^/]*\.js|dancing-script-latin[^/]*\.woff)$/;

it('shows the product with its placeholder before fontkit and the font arrive, then draws the typed text', async () => {
  const context = await e2e.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  const held: Route[] = [];
  await page.route(RENDERER_AND_FONT, (route) => void held.push(route));
  await page.goto(`${e2e.server.url}/`);

  const canvas = page.locator('canvas');
  await page.locator('canvas[data-print-area][aria-busy="false"]').waitFor();
  expect(await canvas.getAttribute('aria-label')).toContain('Your text here');
  expect(await page.getByText(/Loading the .* font/).count()).toBe(0);
  // The app asked for fontkit and the font files by itself, before the shopper typed anything.
  // (The font picker's sample asks for the latin file too, through CSS: the files are counted once.)
  const files = () => [...new Set(held.map((route) => new URL(route.request().url()).pathname.replace(/-[\w-]{8}\.(js|woff)$/, '.$1')))].sort();
  await expect.poll(files).toEqual(['/assets/browser-module.js', '/assets/dancing-script-latin-700-normal.woff', '/assets/dancing-script-latin-ext-700-normal.woff']);

  await page.getByLabel('3. Your text').fill('Villa Love');
  await page.getByText('Loading the Pecita font…').waitFor();
  expect(await canvas.getAttribute('aria-busy')).toBe('true');

  for (const route of held.splice(0)) await route.continue();
  await page.locator('canvas[data-print-area][aria-busy="false"]').waitFor();
  expect(await page.getByText(/Loading the .* font/).count()).toBe(0);
  expect(await canvas.getAttribute('aria-label')).toContain('Villa Love');
  await context.close();
});

it('sends a shell that fetches the app before the renderer, naming the renderer chunks for later', async () => {
  const html = await (await fetch(`${e2e.server.url}/`)).text();
  const preloads = [...html.matchAll(/<link rel="(?:module)?preload"[^>]*href="([^"]+)"/g)].map((match) => match[1]!);
  expect(preloads.filter((href) => /browser-module|browser-renderer|\.woff/.test(href))).toEqual([]);
  expect(preloads).toContain('/api/health');
  const named = html.match(/<meta name="renderer-chunks" content="([^"]*)"/)?.[1]?.split(' ') ?? [];
  expect(named.some((href) => /\/assets\/browser-module-.*\.js$/.test(href))).toBe(true);
  expect(named.some((href) => /\/assets\/browser-renderer-.*\.js$/.test(href))).toBe(true);
});
