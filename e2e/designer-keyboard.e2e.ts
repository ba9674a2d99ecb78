/**
 * A legible preview with the keyboard up: on a 390x844 phone whose keyboard leaves a 508 px
 * visual viewport, a 10-character text is shown with capitals at least 16 px tall, the text field
 * above the keyboard, and the Zoom button clear of the text.
 */
import { expect, it } from 'vitest';
import { useServerAndBrowser } from './support/harness';

const e2e = useServerAndBrowser();
const VISUAL_VIEWPORT_WITH_KEYBOARD = 508;

it('shows a 10-character text at 16 px or more while the shopper types', async () => {
  const context = await e2e.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  await page.goto(`${e2e.server.url}/`);
  const input = page.getByLabel('3. Your text');
  await input.focus();
  await input.pressSequentially('Villa Love');
  const canvas = page.locator('canvas[aria-busy="false"][aria-label*="“Villa Love”"]');
  await canvas.waitFor();
  // The close-up follows the text's outline; polled as the preview settles its width (a 200 ms transition).
  const measure = () =>
    canvas.evaluate((element: HTMLCanvasElement) => {
      const scale = element.getBoundingClientRect().width / element.width;
      const box = element.getBoundingClientRect();
      const [x, y, w, h] = (element.dataset.inkBox ?? '').split(' ').map(Number) as [number, number, number, number];
      const ink = { left: box.left + x * scale, top: box.top + y * scale, right: box.left + (x + w) * scale, bottom: box.top + (y + h) * scale };
      const zoom = document.querySelector('.design-canvas__zoom')!.getBoundingClientRect();
      const overlaps = zoom.left < ink.right && zoom.right > ink.left && zoom.top < ink.bottom && zoom.bottom > ink.top;
      return { capPx: Math.round(Number(element.dataset.capHeight) * scale * 10) / 10, overlaps };
    });
  await expect.poll(async () => (await measure()).capPx).toBeGreaterThanOrEqual(16);
  console.log(`capital height with the keyboard up: ${(await measure()).capPx} px`);
  expect((await measure()).overlaps).toBe(false);
  // The browser scrolls the focused field up under the sticky preview: both fit above the keyboard.
  const preview = await page.locator('.designer__preview').boundingBox();
  const field = await input.boundingBox();
  expect(preview!.height + field!.height).toBeLessThanOrEqual(VISUAL_VIEWPORT_WITH_KEYBOARD);
  await context.close();
});
