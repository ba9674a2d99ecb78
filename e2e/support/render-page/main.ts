/**
 * Test page for e2e/render-parity.e2e.ts: lays the parity designs out in the browser with the shared
 * renderer (fonts fetched as built assets, fontkit loaded lazily) and draws each with Path2D on a
 * canvas, as the customizer and the thumbnails do.
 */
import { fetchFontSource, layoutDesign, loadDesignFonts } from '../../../shared/render';
import { PARITY_DESIGNS, PARITY_PX_PER_MM, type ParityResult } from './designs';

async function run(): Promise<ParityResult[]> {
  const fonts = await loadDesignFonts(fetchFontSource);
  return PARITY_DESIGNS.map((design) => {
    const layout = layoutDesign(design, fonts);
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(layout.area.width * PARITY_PX_PER_MM);
    canvas.height = Math.round(layout.area.length * PARITY_PX_PER_MM);
    const ctx = canvas.getContext('2d')!;
    ctx.scale(PARITY_PX_PER_MM, PARITY_PX_PER_MM);
    ctx.fillStyle = layout.fill;
    ctx.fill(new Path2D(layout.pathData));
    const pixels = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    let alpha = '';
    for (let i = 3; i < pixels.length; i += 4) alpha += String.fromCharCode(pixels[i]!);
    return { pathData: layout.pathData, width: canvas.width, height: canvas.height, alpha: btoa(alpha) };
  });
}

(window as unknown as { parity: Promise<ParityResult[]> }).parity = run();
