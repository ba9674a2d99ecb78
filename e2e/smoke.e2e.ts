import { expect, it } from 'vitest';
import { useServerAndBrowser } from './support/harness';

const e2e = useServerAndBrowser();

it('serves the built app on any client route, and JSON 404 under /api', async () => {
  const page = await e2e.browser.newPage();
  const response = await page.goto(`${e2e.server.url}/some/client/route`);
  expect(response?.status()).toBe(200);
  await expect(page.locator('#root').count()).resolves.toBe(1);
  const api = await page.goto(`${e2e.server.url}/api/nope`);
  expect(api?.status()).toBe(404);
  expect(await api?.json()).toMatchObject({ code: 'NOT_FOUND' });
  await page.close();
});
