/**
 * axe-core on every shop screen at phone (390x844) and desktop (1440x900) sizes: zero violations
 * of any impact, including the open cart drawer, both checkout steps, a card decline,
 * the confirmation and the gallery's model dialog.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useServerAndBrowser } from './support/harness';
import { axeViolations } from './support/axe';
import { enterCard, goToPayment, openCheckout, seedCart } from './checkout-helpers';

const e2e = useServerAndBrowser();

const pages: [string, string][] = [
  ['/', 'Put your catchphrase on it'],
  ['/gallery', 'Community designs'],
  ['/faq', 'Frequently asked questions'],
  ['/how-it-works', 'How it works'],
  ['/account', 'Your Account'],
];

const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
];

for (const size of SIZES) {
  describe(`axe at ${size.name} size`, () => {
    async function newPage(): Promise<Page> {
      const page = await e2e.browser.newPage({ viewport: size.viewport });
      page.setDefaultTimeout(20_000);
      return page;
    }

    for (const [route, heading] of pages) {
      it(`finds nothing on ${route}`, async () => {
        const page = await newPage();
        await page.goto(e2e.server.url + route);
        await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
        if (route === '/gallery') await page.getByTestId('design-card').first().waitFor();
        if (route === '/faq') await page.getByRole('button', { name: 'How long do the stickers last?' }).click();
        if (route === '/') {
          await page.getByLabel('3. Your text').fill('WWWWWWWWWWWWWWWWWWWW');
          await page.getByRole('radio', { name: 'Yellow' }).check();
          await page.getByTestId('contrast-warning').waitFor();
        }
        expect(await axeViolations(page)).toEqual([]);
        await page.close();
      });
    }

    it('finds nothing in the open cart drawer and the gallery model dialog', async () => {
      const page = await newPage();
      await page.goto(e2e.server.url + '/');
      await page.getByLabel('3. Your text').fill('Loyal, babe');
      await page.getByRole('radio', { name: 'Yellow' }).check();
      await page.getByRole('button', { name: 'ADD TO CART - $5.95' }).click();
      await page.getByText('Added to cart!').waitFor();
      await page.getByRole('button', { name: /^Cart \d+ items?$/ }).click();
      await page.getByRole('dialog', { name: 'Your Cart' }).getByText('“Loyal, babe”').waitFor();
      expect(await axeViolations(page)).toEqual([]);

      await page.goto(e2e.server.url + '/gallery');
      const card = page.getByTestId('design-card').filter({ hasText: /iPhone|Samsung/ }).first();
      await card.getByRole('button', { name: /to cart/ }).click();
      await page.getByRole('dialog', { name: 'Which phone is it for?' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.close();
    });

    it('finds nothing on both checkout steps, a decline and the confirmation', async () => {
      const page = await newPage();
      await seedCart(page, e2e.server.url);
      await openCheckout(page, e2e.server.url);
      await page.getByRole('button', { name: 'Continue to Payment' }).click();
      await page.getByText('Email is required').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await goToPayment(page);
      await enterCard(page, '4000 0000 0000 0002');
      await page.getByRole('button', { name: /^Pay \$/ }).click();
      await page.getByText('Your card was declined. Please try a different payment method.').waitFor();
      if (size.name === 'phone') await page.getByRole('button', { name: /Show order summary/ }).click();
      expect(await axeViolations(page)).toEqual([]);
      await enterCard(page, '4242 4242 4242 4242');
      await page.getByRole('button', { name: /^Pay \$/ }).click();
      await page.getByRole('heading', { name: 'Order Complete!' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.close();
    });
  });
}
