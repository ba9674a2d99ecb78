/**
 * The static layers of a product mockup (studio backdrop with the product, and the product's
 * gloss), painted on any 2D canvas: an OffscreenCanvas in the mockup worker (mockup-worker.ts), or
 * the page's own canvases where no worker can run and for zoomed views (draw-mockup.ts).
 */
import type { ProductTypeId } from '../../../shared/catalog';
import { bottleShape, CANVAS_SIZE, FLUTE, phoneBox, type Box } from './mockup-geometry';
import type { Ctx } from './mockup-paint';
import { drawPhoneCase, drawPhoneGloss } from './mockup-phone';
import type { PreviewView } from './preview-zoom';

/** The bottle and flute drawings (mockup-drinkware.ts); null until loaded, the product is then left out. */
export type Drinkware = typeof import('./mockup-drinkware');

export interface MockupLayers<Picture> {
  base: Picture;
  gloss: Picture;
  /** Where the gloss has pixels: only that part is composited per keystroke. */
  glossBox: Box;
}

type LayerCanvas = HTMLCanvasElement | OffscreenCanvas;

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

/** How far past its edge a leaf of palm shade fades out, in px. */
const SHADE_SOFTNESS = 12;

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
  // Soft-edged leaves: each a radial gradient fading over about 20 px past its edge. A blur filter
  // looks the same at this opacity but costs tens of ms on a phone's first paint.
  for (const [x, y, rx, ry, angle] of [[520, 90, 90, 22, -0.6], [560, 170, 80, 18, -0.2], [470, 30, 70, 16, -1], [540, 250, 60, 14, 0.2]] as const) {
    ctx.save();
    ctx.translate(x, y);
    ctx.rotate(angle);
    ctx.scale(rx + SHADE_SOFTNESS, ry + SHADE_SOFTNESS);
    const leaf = ctx.createRadialGradient(0, 0, 0, 0, 0, 1);
    const solid = Math.max(0, (ry - SHADE_SOFTNESS) / (ry + SHADE_SOFTNESS));
    leaf.addColorStop(0, 'rgba(150, 70, 90, 0.09)');
    leaf.addColorStop(solid, 'rgba(150, 70, 90, 0.09)');
    leaf.addColorStop(1, 'rgba(150, 70, 90, 0)');
    ctx.fillStyle = leaf;
    ctx.beginPath();
    ctx.arc(0, 0, 1, 0, Math.PI * 2);
    ctx.fill();
    ctx.restore();
  }
}

const contextOf = (canvas: LayerCanvas) => canvas.getContext('2d') as Ctx | null;

/**
 * Paints mockup layers on canvases from `newCanvas`. The backdrop is the same behind every
 * product: it is painted once per unzoomed view, then copied into each base.
 */
export function mockupPainter<C extends LayerCanvas>(newCanvas: (size: number) => C) {
  const backdrops = new Map<string, C>();
  /** A layer canvas of `size` px, drawn through `view`: zoomed layers come from the vector shapes, so the product stays sharp. */
  const layer = (view: PreviewView, size: number, draw: (ctx: Ctx) => void): C => {
    const canvas = newCanvas(size);
    const ctx = contextOf(canvas);
    if (ctx) {
      ctx.setTransform(view.zoom, 0, 0, view.zoom, view.tx, view.ty);
      draw(ctx);
    }
    return canvas;
  };
  return (productType: ProductTypeId, variant: string, view: PreviewView, drinkware: Drinkware | null): MockupLayers<C> => {
    const zoomed = view.zoom > 1;
    const size = Math.ceil(CANVAS_SIZE * Math.min(1, view.zoom));
    const viewKey = `${view.zoom}|${view.tx}|${view.ty}`;
    let backdrop = backdrops.get(viewKey);
    if (!backdrop) {
      backdrop = layer(view, size, drawBackdrop);
      if (!zoomed) backdrops.set(viewKey, backdrop);
    }
    const shown = backdrop;
    const base = layer({ zoom: 1, tx: 0, ty: 0 }, size, (ctx) => ctx.drawImage(shown, 0, 0));
    const ctx = contextOf(base);
    if (ctx) {
      ctx.setTransform(view.zoom, 0, 0, view.zoom, view.tx, view.ty);
      if (productType === 'water-bottle') drinkware?.drawWaterBottle(ctx, variant);
      else if (productType === 'champagne-glass') drinkware?.drawChampagneFlute(ctx);
      else drawPhoneCase(ctx, variant);
    }
    const gloss = layer(view, size, (ctx) => {
      if (productType === 'water-bottle') drinkware?.drawBottleGloss(ctx, variant);
      else if (productType === 'champagne-glass') drinkware?.drawFluteGloss(ctx);
      else drawPhoneGloss(ctx, variant);
    });
    const glossBox = view.zoom === 1 && !view.tx && !view.ty ? productBox(productType, variant) : { x: 0, y: 0, w: size, h: size };
    return { base, gloss, glossBox };
  };
}

/** Asks the mockup worker for a view's layers. */
export interface MockupRequest {
  id: number;
  productType: ProductTypeId;
  variant: string;
  view: PreviewView;
}

export type MockupReply = { id: number; layers: MockupLayers<ImageBitmap> } | { id: number; error: string };
