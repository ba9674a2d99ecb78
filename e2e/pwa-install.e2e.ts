/**
 * Installability: the web manifest is served with its MIME type and carries what an
 * install needs, every icon loads at its declared size, the page links the manifest and the Apple
 * touch icon, Chromium reports no installability error, and Lighthouse 12's installability audit
 * (tools/pwa/lighthouse-installability.ts) passes.
 */
import http from 'node:http';
import { useServerAndBrowser } from './support/harness';
import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { runInstallabilityAudit } from '../tools/pwa/lighthouse-installability';

const e2e = useServerAndBrowser();

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

it('serves a valid manifest whose icons load at their declared sizes', async () => {
  const response = await fetch(`${e2e.server.url}/manifest.webmanifest`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('application/manifest+json');
  const manifest = (await response.json()) as Record<string, unknown> & { icons: ManifestIcon[] };
  expect(manifest).toMatchObject({
    name: expect.stringContaining('Villa Prints'),
    short_name: 'Villa Prints',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#FF1493',
    background_color: expect.stringMatching(/^#[0-9A-F]{6}$/i),
  });
  const purposes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`);
  expect(purposes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));

  const icons = [...manifest.icons, { src: '/icons/apple-touch-icon-180.png', sizes: '180x180', type: 'image/png' }];
  for (const icon of icons) {
    const image = await fetch(new URL(icon.src, e2e.server.url));
    expect(image.status, icon.src).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    const [width, height] = icon.sizes.split('x').map(Number);
    expect(pngSize(Buffer.from(await image.arrayBuffer()))).toEqual({ width, height });
  }
});

it('links the manifest and the Apple touch icon, and Chromium finds the app installable', async () => {
  const page = await e2e.browser.newPage();
  await page.goto(`${e2e.server.url}/`);
  expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
  expect(await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')).toBe('/icons/apple-touch-icon-180.png');
  expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#FF1493');
  const cdp = await page.context().newCDPSession(page);
  const manifest = await cdp.send('Page.getAppManifest');
  expect(manifest.errors.filter((e) => e.critical)).toEqual([]);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  // Playwright's contexts are incognito profiles, where nothing installs; Lighthouse (below) runs
  // a normal profile and must report no error at all.
  expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
  await page.close();
});

it("passes Lighthouse 12's installability audit, which fails a page without a manifest", async () => {
  const shop = await runInstallabilityAudit(`${e2e.server.url}/`);
  expect(shop.lighthouseVersion).toMatch(/^12\./);
  expect(shop.failures).toEqual([]);
  expect(shop.score).toBe(1);

  // The same audit on a plain page without a manifest fails: the check can tell the difference.
  const plain = http.createServer((_req, res) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end('<!doctype html><html lang="en"><head><title>Plain</title><meta name="viewport" content="width=device-width"></head><body><h1>Plain page</h1></body></html>');
  });
  await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = plain.address() as AddressInfo;
    const notAnApp = await runInstallabilityAudit(`http://127.0.0.1:${port}/`);
    expect(notAnApp.score).toBe(0);
    expect(notAnApp.failures.join(' ')).toMatch(/manifest/);
  } finally {
    plain.close();
  }
}, 120_000);
