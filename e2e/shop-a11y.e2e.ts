import fs from 'node:fs';
import path from 'node:path';
import { useServerAndBrowser } from './support/harness';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';

const e2e = useServerAndBrowser();

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol: the shop's CSP (script-src 'self') rightly refuses an inline <script>.
  await page.evaluate(fs.readFileSync(path.resolve('node_modules/axe-core/axe.min.js'), 'utf8'));
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run(ctx: Document): Promise<{ violations: AxeViolation[] }> } }).axe.run(document);
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

const pages: [string, string][] = [
  ['/', 'Put your catchphrase on it'],
  ['/gallery', 'Community designs'],
  ['/faq', 'Frequently asked questions'],
  ['/how-it-works', 'How it works'],
];

for (const [route, heading] of pages) {
  for (const width of [1280, 390]) {
    it(`has no serious or critical axe violations on ${route} at ${width}px`, async () => {
      const page = await e2e.browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(e2e.server.url + route);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      if (route === '/gallery') await page.getByTestId('design-card').first().waitFor();
      if (route === '/faq') await page.getByRole('button', { name: 'How long do the stickers last?' }).click();
      expect(await seriousViolations(page)).toEqual([]);
      await page.close();
    });
  }
}

it('has no serious or critical axe violations in the open cart drawer', async () => {
  const page = await e2e.browser.newPage();
  await page.goto(e2e.server.url + '/');
  await page.getByLabel('3. Your text').fill('Loyal, babe');
  await page.getByRole('radio', { name: 'Yellow' }).check();
  await page.getByRole('button', { name: 'ADD TO CART - $5.95' }).click();
  await page.getByText('Added to cart!').waitFor();
  await page.getByRole('button', { name: /^Cart \d+ items?$/ }).click();
  await page.getByRole('dialog', { name: 'Your Cart' }).getByText('“Loyal, babe”').waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await page.close();
});
