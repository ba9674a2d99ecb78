/**
 * The display face (Shrikhand: the brand and the headings, app.css `--font-display`). Nothing a
 * shopper needs first is set in it, so on a first visit it is added only once the page has loaded
 * and what it waits for has settled (on the designer: the renderer with its font): its bytes then
 * never share a slow network with the app, the render worker and the design font. Until then the
 * headings show in the fallback (Georgia). Where the service worker already serves the shop, the
 * file is on the device and the face is added at once.
 */
import shrikhandLatin from '@fontsource/shrikhand/files/shrikhand-latin-400-normal.woff2?url';

function addDisplayFace(): void {
  const face = new FontFace('Shrikhand', `url(${shrikhandLatin}) format('woff2')`, { display: 'swap' });
  document.fonts.add(face);
  void face.load().catch(() => undefined);
}

export function loadDisplayFont(after: Promise<unknown> | null): void {
  if (typeof FontFace === 'undefined' || !document.fonts) return;
  if (navigator.serviceWorker?.controller) return addDisplayFace();
  const loaded = document.readyState === 'complete' ? null : new Promise((resolve) => window.addEventListener('load', resolve, { once: true }));
  void Promise.all([after, loaded]).then(addDisplayFace);
}
