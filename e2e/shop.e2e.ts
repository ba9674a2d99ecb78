import { describe, expect, it } from 'vitest';
import { useServerAndBrowser } from './support/harness';
import type { BrowserContext, Page, Route } from 'playwright-core';

const e2e = useServerAndBrowser();

/** A fresh browser context's page, and the analytics events it sends (the bodies, in order). */
async function pageSendingVisits(): Promise<{ context: BrowserContext; page: Page; sent: unknown[] }> {
  const context = await e2e.browser.newContext();
  const page = await context.newPage();
  const sent: unknown[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/analytics/events')) sent.push(request.postDataJSON());
  });
  return { context, page, sent };
}

/** Runs in the page: whether the shop's IndexedDB holds no visit day (web/analytics/visit.ts). */
function lastVisitDayGone(): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const opening = indexedDB.open('reality-print-shop');
    opening.onerror = () => reject(opening.error);
    opening.onsuccess = () => {
      const reading = opening.result.transaction('meta').objectStore('meta').get('lastVisitDay');
      reading.onsuccess = () => {
        opening.result.close();
        resolve(reading.result === undefined);
      };
      reading.onerror = () => reject(reading.error);
    };
  });
}

async function openShop(path = '/'): Promise<Page> {
  const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(e2e.server.url + path);
  return page;
}

const cartButton = (page: Page) => page.getByRole('button', { name: /^Cart \d+ items?$/ });

describe('shopper flows in Chromium', () => {
  it('designs an item, adds it twice, keeps the cart across a reload and removes it in the drawer', async () => {
    const page = await openShop('/');
    await page.getByRole('heading', { name: 'Put your catchphrase on it' }).waitFor();
    await page.getByLabel('3. Your text').fill('Villa Love');
    await expect(page.getByText('10 characters left').count()).resolves.toBe(1);
    await page.getByRole('radio', { name: 'Hot Pink' }).check();
    const add = page.getByRole('button', { name: 'ADD TO CART - $5.95' });
    await add.click();
    await page.getByRole('button', { name: 'Adding to Cart...' }).waitFor();
    await page.getByText('Added to cart!').waitFor();
    await add.click();
    await page.getByText('Quantity updated in cart!').waitFor();
    await page.getByRole('button', { name: 'Cart 2 items' }).waitFor();

    await page.reload();
    await page.getByRole('button', { name: 'Cart 2 items' }).waitFor();
    await cartButton(page).click();
    const drawer = page.getByRole('dialog', { name: 'Your Cart' });
    await drawer.getByText('“Villa Love”').waitFor();
    expect(await drawer.getByLabel('Quantity 2').count()).toBe(1);
    expect(await drawer.textContent()).toContain('$11.90');
    await drawer.getByRole('button', { name: /^Remove/ }).click();
    await page.getByText('Item removed from cart').waitFor();
    await drawer.getByText('Your cart is empty.').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Cart 0 items' }).waitFor();
    await page.context().close();
  });

  it('keeps the cart live in a second tab', async () => {
    const page = await openShop('/');
    const other = await page.context().newPage();
    await other.goto(e2e.server.url + '/faq');
    await page.getByLabel('3. Your text').fill('Grafted');
    await page.getByRole('radio', { name: 'Teal' }).check();
    await page.getByRole('button', { name: 'ADD TO CART - $5.95' }).click();
    await other.getByRole('button', { name: 'Cart 1 item' }).waitFor();
    await page.context().close();
  });

  it('expands FAQ answers one by one and embeds FAQPage JSON-LD', async () => {
    const page = await openShop('/faq');
    const question = page.getByRole('button', { name: 'How long do the stickers last?' });
    await question.click();
    expect(await question.getAttribute('aria-expanded')).toBe('true');
    await page.getByText(/last 3-5 years of everyday use/).waitFor();
    expect(await page.getByRole('button', { expanded: true }).count()).toBe(1);
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(jsonLd).toMatchObject({ '@type': 'FAQPage' });
    expect(jsonLd.mainEntity).toHaveLength(6);
    await page.context().close();
  });

  it('shows 8 gallery designs and keeps a like across a reload', async () => {
    const page = await openShop('/gallery');
    await page.getByText('Loading community designs...').waitFor();
    await page.getByTestId('design-card').first().waitFor();
    expect(await page.getByTestId('design-card').count()).toBe(8);
    const grafted = page.getByRole('button', { name: /^Like “Grafted”|^Like “Mugged off”/ }).first();
    const label = (await grafted.getAttribute('aria-label'))!;
    const text = label.match(/“(.+)”/)![1];
    const before = Number(label.match(/, (\d+) likes/)![1]);
    await grafted.click();
    const likeOf = (p: Page) => p.getByRole('button', { name: new RegExp(`^Like “${text}”`) });
    await likeOf(page).and(page.getByRole('button', { name: new RegExp(`, ${before + 1} likes`) })).waitFor();
    await page.reload();
    await page.getByTestId('design-card').first().waitFor();
    // 8 of 9 are shown at random; reshuffle until the liked design is on screen.
    for (let i = 0; i < 20 && (await likeOf(page).count()) === 0; i++) await page.getByRole('button', { name: 'More Designs' }).click();
    expect(await likeOf(page).getAttribute('aria-label')).toContain(`${before + 1} likes`);
    await page.context().close();
  });

  it('sends unknown paths to the designer', async () => {
    const page = await openShop('/no/such/page');
    await page.getByRole('heading', { name: 'Put your catchphrase on it' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.context().close();
  });

  it('records one visit event per visitor per day', async () => {
    const { context, page, sent: visits } = await pageSendingVisits();
    await page.goto(e2e.server.url + '/');
    await page.waitForResponse((response) => response.url().endsWith('/api/analytics/events'));
    await page.reload();
    await page.getByRole('heading', { name: 'Put your catchphrase on it' }).waitFor();
    await page.waitForTimeout(500);
    expect(visits).toHaveLength(1);
    expect(visits[0]).toMatchObject({ type: 'visit', visitorId: expect.any(String) });
    await context.close();
  });

  it('counts a visit whose event did not get through on the next load', async () => {
    const { context, page, sent } = await pageSendingVisits();
    const refuse = (route: Route) => route.abort('connectionrefused');
    await page.route('**/api/analytics/events', refuse);
    await page.goto(e2e.server.url + '/');
    await page.waitForEvent('requestfailed', (request) => request.url().endsWith('/api/analytics/events'));
    // The day recorded before sending is taken back once the event fails.
    await page.waitForFunction(lastVisitDayGone);
    await page.unroute('**/api/analytics/events', refuse);
    await page.reload();
    await page.waitForResponse((response) => response.url().endsWith('/api/analytics/events') && response.ok());
    expect(sent).toHaveLength(2);
    await context.close();
  });
});

describe('API health gate', () => {
  it('offers Retry up to 3 times, then Continue in Offline Mode', async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await page.route('**/api/health', (route) => route.abort('connectionrefused'));
    await page.goto(e2e.server.url + '/');
    await page.getByRole('heading', { name: 'Connection Issue' }).waitFor();
    await page.getByText("We're having trouble connecting to our servers. This might be a temporary issue.").waitFor();
    for (let attempt = 0; attempt < 3; attempt++) {
      await page.getByRole('button', { name: `Retry (${attempt}/3)` }).click();
      await page.getByRole('heading', { name: 'Connection Issue' }).waitFor();
    }
    await page.getByRole('button', { name: 'Continue in Offline Mode' }).click();
    await page.getByRole('heading', { name: 'Put your catchphrase on it' }).waitFor();
    await context.close();
  });

  it('lets the shopper in once a Retry finds the API healthy', async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await page.route('**/api/health', (route) => route.fulfill({ status: 503, body: '{"status":"down"}', contentType: 'application/json' }));
    await page.goto(e2e.server.url + '/gallery');
    await page.getByRole('heading', { name: 'Connection Issue' }).waitFor();
    await page.unroute('**/api/health');
    await page.getByRole('button', { name: 'Retry (0/3)' }).click();
    await page.getByRole('heading', { name: 'Community designs' }).waitFor();
    await context.close();
  });
});
