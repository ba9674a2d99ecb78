/**
 * The product mockup of the preview and the gallery thumbnails: a studio backdrop, the product
 * drawn like a photo (mockup-phone.ts, mockup-drinkware.ts), the design's text, then the product's
 * gloss over it. The static layers are drawn once per product and variant; a keystroke only blits
 * them around the text step, which the shared design renderer draws (draw-design.ts).
 */
import type { ProductTypeId } from '../../../shared/catalog';
import { drawBottleGloss, drawChampagneFlute, drawFluteGloss, drawWaterBottle } from './mockup-drinkware';
import { bottleShape, CANVAS_SIZE, FLUTE, phoneBox, textRegion, type Box, type TextRegion } from './mockup-geometry';
import type { Ctx } from './mockup-paint';
import { drawPhoneCase, drawPhoneGloss } from './mockup-phone';

export { CANVAS_SIZE, textRegion, type TextRegion };

interface Layers {
  base: HTMLCanvasElement;
  gloss: HTMLCanvasElement;
  /** Where the gloss has pixels: only that part is composited per keystroke. */
  glossBox: Box;
  region: TextRegion;
}

/** The product's bounds (plus a margin for the rim highlight), clamped to the canvas. */
function productBox(productType: ProductTypeId, variant: string): Box {
  let box: Box;
  if (productType === 'water-bottle') {
    const bottle = bottleShape(variant);
    box = { x: CANVAS_SIZE / 2 - bottle.w / 2, y: bottle.shoulder - 50, w: bottle.w, h: bottle.base - bottle.shoulder + 50 };
  } else if (productType === 'champagne-glass') {
    box = { x: CANVAS_SIZE / 2 - FLUTE.bellyHalf - 10, y: FLUTE.rimY, w: (FLUTE.bellyHalf + 10) * 2, h: FLUTE.bowlBottom - FLUTE.rimY };
  } else box = phoneBox(variant);
  const x = Math.max(0, Math.floor(box.x - 4));
  const y = Math.max(0, Math.floor(box.y - 4));
  return { x, y, w: Math.min(CANVAS_SIZE - x, Math.ceil(box.w + 8)), h: Math.min(CANVAS_SIZE - y, Math.ceil(box.h + 8)) };
}

function layer(draw: (ctx: Ctx) => void): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = CANVAS_SIZE;
  canvas.height = CANVAS_SIZE;
  const ctx = canvas.getContext('2d');
  if (ctx) draw(ctx);
  return canvas;
}

/** A warm seamless studio sweep, window light from the top left and dappled palm shade. */
function drawBackdrop(ctx: Ctx) {
  const wall = ctx.createLinearGradient(0, 0, 0, CANVAS_SIZE);
  wall.addColorStop(0, '#fbe4ec');
  wall.addColorStop(0.72, '#f9e3dc');
  wall.addColorStop(0.74, '#f4d6cc');
  wall.addColorStop(1, '#efcbbd');
  ctx.fillStyle = wall;
  ctx.fillRect(0, 0, CANVAS_SIZE, CANVAS_SIZE);
  const light = ctx.createRadialGradient(110, 70, 10, 110, 70, 420);
  light.addColorStop(0, 'rgba(255, 255, 255, 0.75)');
  light.addColorStop(1, 'rgba(255, 255, 255, 0)');
  ctx.fillStyle = light;
  ctx.fillRect(0, 0, CANVAS_SIZE, CANVAS_SIZE);
  ctx.save();
  ctx.filter = 'blur(10px)';
  ctx.fillStyle = 'rgba(150, 70, 90, 0.09)';
  for (const [x, y, rx, ry, angle] of [[520, 90, 90, 22, -0.6], [560, 170, 80, 18, -0.2], [470, 30, 70, 16, -1], [540, 250, 60, 14, 0.2]] as const) {
    ctx.beginPath();
    ctx.ellipse(x, y, rx, ry, angle, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.restore();
}

const cache = new Map<string, Layers>();

/** The static parts of a mockup are drawn once per product and variant; keystrokes only blit them. */
export function mockupLayers(productType: ProductTypeId, variant: string): Layers {
  const key = `${productType}|${variant}`;
  let layers = cache.get(key);
  if (!layers) {
    const base = layer((ctx) => {
      drawBackdrop(ctx);
      if (productType === 'water-bottle') drawWaterBottle(ctx, variant);
      else if (productType === 'champagne-glass') drawChampagneFlute(ctx);
      else drawPhoneCase(ctx, variant);
    });
    const gloss = layer((ctx) => {
      if (productType === 'water-bottle') drawBottleGloss(ctx, variant);
      else if (productType === 'champagne-glass') drawFluteGloss(ctx);
      else drawPhoneGloss(ctx, variant);
    });
    layers = { base, gloss, glossBox: productBox(productType, variant), region: textRegion(productType, variant) };
    cache.set(key, layers);
  }
  return layers;
}

export interface DesignToDraw {
  productType: ProductTypeId;
  variant: string;
  text: string;
  colorHex: string | null;
  font: string;
  fontSize: number;
}

/** Draws the whole preview: mockup, the text step (`drawText`, from the shared renderer), then the product's gloss over the print. */
export function drawDesign(ctx: Ctx, design: DesignToDraw, drawText: (ctx: Ctx, region: TextRegion) => void): void {
  const { base, gloss, glossBox: g, region } = mockupLayers(design.productType, design.variant);
  // The base is opaque and covers the canvas: no clearRect needed.
  ctx.drawImage(base, 0, 0);
  drawText(ctx, region);
  ctx.drawImage(gloss, g.x, g.y, g.w, g.h, g.x, g.y, g.w, g.h);
}
