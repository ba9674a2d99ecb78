/**
 * The phone shopper sees the real thing: at 390x844 the product is named as a vinyl
 * decal with its size on the designer, in the cart and at checkout; the mockup draws the decal at
 * the product's own scale; the Zoom button (or a pinch) makes a 10-character text readable; the
 * font picker shows the shopper's text in each font; the print file says where the decal goes.
 * Sizes are measured from the canvas's pixels and the page's geometry, never from timing.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { decalPlacementOf, phoneBack, printAreaOf } from '../shared/decal';
import { createTestOrder } from '../server/orders/order.test-support';
import { ADMIN_ENV, adminToken } from './checkout-helpers';
import { useServerAndBrowser } from './support/harness';

const e2e = useServerAndBrowser(ADMIN_ENV);
const TEN_CHARACTERS = 'Villa Love';
/** Blue (#1E6BFF) stands out from every product surface and the backdrop: a pixel is ink when it is this blue. */
const INK_TEST = (r: number, g: number, b: number) => b - r > 90 && b - g > 40;

async function phonePage(): Promise<Page> {
  const context = await e2e.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  await page.goto(`${e2e.server.url}/`);
  await page.getByRole('heading', { name: 'Put your catchphrase on it' }).waitFor();
  return page;
}

async function choose(page: Page, productName: string, device: string): Promise<void> {
  const type = page.getByRole('radio', { name: productName, exact: true });
  if (!(await type.isChecked())) {
    await type.focus();
    await page.keyboard.press('Space');
    await page.waitForFunction((d) => {
      const select = document.querySelector<HTMLSelectElement>('#variant');
      return !!select && !select.disabled && [...select.options].some((o) => o.value === d);
    }, device);
  }
  await page.locator('#variant').selectOption(device);
}

async function design(page: Page, productName: string, device: string): Promise<void> {
  await choose(page, productName, device);
  await page.getByLabel('3. Your text').fill(TEN_CHARACTERS);
  await page.getByRole('radio', { name: 'Blue', exact: true }).check();
  await page.locator('canvas[aria-busy="false"][data-print-area]').waitFor();
  // Leave the text field so the preview is shown at its resting size, not shrunk for the keyboard.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

/** The canvas's drawn geometry: print area (canvas px), the product's px per mm, zoom, and the CSS px per canvas px. */
async function canvasGeometry(page: Page) {
  return page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('canvas[data-print-area]')!;
    const [x, y, width, length] = canvas.dataset.printArea!.split(' ').map(Number) as [number, number, number, number];
    return { x, y, width, length, productPxPerMm: Number(canvas.dataset.productPxPerMm), zoom: Number(canvas.dataset.zoom), cssPerCanvasPx: canvas.getBoundingClientRect().width / canvas.width };
  });
}

/** The ink's extent across the line (letters' height: the text runs down, letter tops to the right), in canvas px. */
async function inkLetterHeight(page: Page): Promise<number> {
  return page.evaluate((test) => {
    const inkTest = new Function('r', 'g', 'b', `return (${test})(r, g, b)`) as (r: number, g: number, b: number) => boolean;
    const canvas = document.querySelector<HTMLCanvasElement>('canvas[data-print-area]')!;
    const { data, width, height } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    let left = width;
    let right = -1;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 4;
        if (inkTest(data[i]!, data[i + 1]!, data[i + 2]!)) {
          left = Math.min(left, x);
          right = Math.max(right, x);
        }
      }
    }
    return right - left + 1;
  }, INK_TEST.toString());
}

/** The case's width in canvas px on a row through the decal: the neutral white case against the pink backdrop. */
async function caseWidthAt(page: Page, row: number): Promise<number> {
  return page.evaluate((y) => {
    const canvas = document.querySelector<HTMLCanvasElement>('canvas[data-print-area]')!;
    const { data } = canvas.getContext('2d')!.getImageData(0, Math.round(y), canvas.width, 1);
    const neutral: number[] = [];
    for (let x = 0; x < canvas.width; x++) {
      const [r, g, b] = [data[x * 4]!, data[x * 4 + 1]!, data[x * 4 + 2]!];
      if (g > 190 && r - g < 12 && Math.abs(g - b) < 14) neutral.push(x);
    }
    return neutral.length ? neutral.at(-1)! - neutral[0]! + 1 : 0;
  }, row);
}

describe('the decal on a phone, 390x844', () => {
  it('names the product as a vinyl decal with its size on the designer, in the cart and at checkout', async () => {
    const page = await phonePage();
    await design(page, 'Phone Case', 'iPhone 14 Pro Max');
    expect(await page.getByTestId('decal-title').textContent()).toContain("Vinyl decal for iPhone 14 Pro Max: fits the iPhone 14 Pro Max's back, up to 108.7\u00a0×\u00a069.6\u00a0mm");
    await choose(page, 'Water Bottle', 'Large Bottle');
    expect(await page.getByTestId('decal-title').textContent()).toContain("Vinyl decal for Large Water Bottle: fits the Large Water Bottle's wrap band, up to 220\u00a0×\u00a080\u00a0mm");
    await choose(page, 'Phone Case', 'iPhone 14 Pro Max');
    await page.getByRole('button', { name: 'ADD TO CART - $5.95' }).click();
    await page.getByText('Added to cart!').waitFor();
    // In the cart and at checkout the line is the decal as it ships: the font's smallest clean letters.
    const title = 'Vinyl decal · iPhone 14 Pro Max · Pecita, 24 mm letters';
    await page.getByRole('button', { name: /^Cart/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Your Cart' });
    await drawer.getByText(title).waitFor();
    await drawer.getByRole('button', { name: 'Proceed to Checkout' }).click();
    // On a phone the order summary folds away behind its toggle.
    await page.getByRole('button', { name: 'Show order summary' }).click();
    await page.getByRole('complementary').getByText(title).waitFor();
    await page.context().close();
  });

  it('draws the decal at the product’s own scale, on the back below the camera', async () => {
    const page = await phonePage();
    for (const device of ['iPhone 14 Pro Max', 'iPhone 13', 'Samsung Galaxy S22']) {
      await design(page, 'Phone Case', device);
      const at = await canvasGeometry(page);
      const area = printAreaOf({ device });
      const decalPxPerMm = at.width / area.width;
      // The case measured from the pixels of a row through the decal's middle.
      const casePxPerMm = (await caseWidthAt(page, at.y + at.length / 2)) / phoneBack(device).widthMm;
      console.log(`${device}: decal ${decalPxPerMm.toFixed(3)} px/mm, case (measured) ${casePxPerMm.toFixed(3)} px/mm, ratio ${(decalPxPerMm / casePxPerMm).toFixed(3)}`);
      expect(decalPxPerMm / casePxPerMm, device).toBeGreaterThan(0.97);
      expect(decalPxPerMm / casePxPerMm, device).toBeLessThan(1.03);
      expect(decalPxPerMm / at.productPxPerMm, device).toBeCloseTo(1, 3);
      expect(at.length / area.length, device).toBeCloseTo(decalPxPerMm, 3);
    }
    for (const [productName, device] of [['Water Bottle', 'Standard Bottle'], ['Water Bottle', 'Large Bottle'], ['Champagne Flute', 'Standard Glass']] as const) {
      await design(page, productName, device);
      const at = await canvasGeometry(page);
      expect(at.width / printAreaOf({ device }).width / at.productPxPerMm, device).toBeCloseTo(1, 3);
      expect(decalPlacementOf({ device }).guide).toMatch(/^Centre \d+ mm (above the base|below the rim)/);
    }
    await page.context().close();
  });

  it('zooms into the decal by button, keyboard and pinch until a 10-character text stands at least 24 px tall', async () => {
    const page = await phonePage();
    for (const [productName, device] of [['Water Bottle', 'Large Bottle'], ['Phone Case', 'iPhone 14 Pro Max'], ['Champagne Flute', 'Standard Glass']] as const) {
      await design(page, productName, device);
      const before = await canvasGeometry(page);
      const restingHeight = (await inkLetterHeight(page)) * before.cssPerCanvasPx;
      const zoom = page.getByRole('button', { name: 'Zoom into the decal' });
      expect(await zoom.getAttribute('aria-pressed')).toBe('false');
      await zoom.click();
      await page.locator('canvas[data-zoom]:not([data-zoom="1"])').waitFor();
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.waitForFunction(() => document.querySelector('canvas[data-zoom]')!.getBoundingClientRect().width > 0);
      const zoomed = await canvasGeometry(page);
      const zoomedHeight = (await inkLetterHeight(page)) * zoomed.cssPerCanvasPx;
      console.log(`${device}: letter height ${restingHeight.toFixed(1)} CSS px, zoomed ${zoomedHeight.toFixed(1)} CSS px (zoom ${zoomed.zoom})`);
      expect(zoomedHeight, `${device}: ${restingHeight.toFixed(1)} px before, ${zoomedHeight.toFixed(1)} px zoomed`).toBeGreaterThanOrEqual(24);
      expect(zoomedHeight).toBeGreaterThan(restingHeight * 1.4);
      expect(await zoom.getAttribute('aria-pressed')).toBe('true');
      // Keyboard: the same button toggles back.
      await zoom.focus();
      await page.keyboard.press('Enter');
      await page.locator('canvas[data-zoom="1"]').waitFor();
      expect(await zoom.getAttribute('aria-pressed')).toBe('false');
    }
    // A pinch spreading two fingers to twice their distance doubles the zoom.
    await page.evaluate(() => {
      const canvas = document.querySelector<HTMLCanvasElement>('canvas[data-zoom]')!;
      const box = canvas.getBoundingClientRect();
      const at = (id: number, x: number, type: string) =>
        canvas.dispatchEvent(new PointerEvent(type, { pointerId: id, pointerType: 'touch', isPrimary: id === 1, clientX: box.left + x, clientY: box.top + box.height / 2, bubbles: true }));
      at(1, box.width / 2 - 40, 'pointerdown');
      at(2, box.width / 2 + 40, 'pointerdown');
      at(2, box.width / 2 + 120, 'pointermove');
      at(1, box.width / 2 - 40, 'pointerup');
      at(2, box.width / 2 + 120, 'pointerup');
    });
    await page.locator('canvas[data-zoom="2"]').waitFor();
    expect(await page.getByRole('button', { name: 'Zoom into the decal' }).getAttribute('aria-pressed')).toBe('true');
    await page.context().close();
  });

  it('shows each font as a radio with the shopper’s own text set in it', async () => {
    const page = await phonePage();
    await design(page, 'Phone Case', 'iPhone 13');
    const group = page.getByRole('group', { name: '5. Font' });
    expect(await group.getByRole('radio').count()).toBe(3);
    const samples = await group.getByTestId('font-sample').evaluateAll((nodes) =>
      nodes.map((node) => ({ text: node.textContent, family: getComputedStyle(node).fontFamily.split(',')[0]!.replace(/"/g, '') })),
    );
    expect(samples.map((s) => s.text)).toEqual([TEN_CHARACTERS, TEN_CHARACTERS, TEN_CHARACTERS]);
    expect(samples.map((s) => s.family)).toEqual(['Dancing Script', 'Inter', 'Poppins']);
    await page.waitForFunction(() => document.fonts.check('700 16px "Dancing Script"') && document.fonts.check('700 16px Inter') && document.fonts.check('600 16px Poppins'));
    // Set in three different faces, the same text takes three different widths.
    const widths = await group.getByTestId('font-sample').evaluateAll((nodes) =>
      nodes.map((node) => {
        const range = document.createRange();
        range.selectNodeContents(node);
        return Math.round(range.getBoundingClientRect().width);
      }),
    );
    expect(new Set(widths).size).toBe(3);
    await group.getByRole('radio', { name: 'Poppins' }).check();
    await page.locator('canvas[aria-busy="false"][data-print-area]').waitFor();
    expect(await group.getByRole('radio', { name: 'Poppins' }).isChecked()).toBe(true);
    await page.context().close();
  });

  it('puts the placement guide in the print file, outside the design', async () => {
    const order = await createTestOrder(e2e.server.app.context.db, {
      items: [
        { productType: 'phone-case', device: 'iPhone 14 Pro Max', text: TEN_CHARACTERS, color: 'Blue', font: 'Pecita' },
        { productType: 'champagne-glass', device: 'Standard Glass', text: 'Cheers', color: 'Blue', font: 'Inter' },
      ],
    });
    const token = await adminToken(e2e.server.url);
    const response = await fetch(`${e2e.server.url}/api/orders/${order.id}/print-file?format=svg`, { headers: { Authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    const svg = await response.text();
    const layer = /<g id="line-1-placement"[^>]*>(.*?)<\/g><g id="line-1-design"/s.exec(svg)?.[1] ?? '';
    expect(layer).toContain(`data-guide="${decalPlacementOf({ device: 'iPhone 14 Pro Max' }).guide.replace("'", '&#39;')}"`);
    expect(svg).toContain('data-guide="Centre 75 mm below the rim, text running down the bowl"');
    expect(svg).not.toMatch(/<text[\s>]/);
  });
});
