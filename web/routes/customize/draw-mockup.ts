/**
 * The product mockup of the preview and the gallery thumbnails: a studio backdrop, the product
 * drawn like a photo (mockup-phone.ts, mockup-drinkware.ts), the design's text, then the product's
 * gloss over it. The static layers are drawn once per product and variant; a keystroke only blits
 * them around the text step, which the shared design renderer draws (draw-design.ts).
 */
import type { ProductTypeId } from '../../../shared/catalog';
import { bottleShape, CANVAS_SIZE, FLUTE, phoneBox, type Box } from './mockup-geometry';
import type { Ctx } from './mockup-paint';
import { drawPhoneCase, drawPhoneGloss } from './mockup-phone';
import { UNZOOMED, type PreviewView } from './preview-zoom';

export { CANVAS_SIZE };

type Drinkware = typeof import('./mockup-drinkware');
let drinkware: Drinkware | null = null;
let drinkwareLoad: Promise<void> | null = null;

/** Whether the product's drawing code is here: the bottle and the flute come in a chunk of their own. */
export function productArtLoaded(productType: ProductTypeId): boolean {
  return productType === 'phone-case' || drinkware !== null;
}

/**
 * Loads the bottle and flute drawings. The designer opens on a phone, so they stay out of the
 * first-load script (its 110 kB budget); the product picker asks for them before they are needed.
 */
export function loadProductArt(): Promise<void> {
  drinkwareLoad ??= import('./mockup-drinkware').then(
    (module) => void (drinkware = module),
    (error: unknown) => {
      drinkwareLoad = null;
      throw error;
    },
  );
  return drinkwareLoad;
}

interface Layers {
  base: HTMLCanvasElement;
  gloss: HTMLCanvasElement;
  /** Where the gloss has pixels: only that part is composited per keystroke. */
  glossBox: Box;
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

/** A layer canvas of `size` px, drawn through `view`: zoomed layers come from the vector shapes, so the product stays sharp. */
function layer(view: PreviewView, size: number, draw: (ctx: Ctx) => void): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const ctx = canvas.getContext('2d');
  if (ctx) {
    ctx.setTransform(view.zoom, 0, 0, view.zoom, view.tx, view.ty);
    draw(ctx);
  }
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

/** How far past its edge a leaf of palm shade fades out, in px. */
const SHADE_SOFTNESS = 12;

const cache = new Map<string, Layers>();
/** Zoomed layers of the last few zoom steps (a pinch passes through several). */
const zoomedCache = new Map<string, Layers>();
const ZOOMED_CACHE_SIZE = 4;
/** The backdrop is the same behind every product: drawn once per view, then blitted into each base. */
const backdrops = new Map<string, HTMLCanvasElement>();

/**
 * The static parts of a mockup, drawn once per product, variant and view: a keystroke only blits
 * them, and the gallery draws each product once for all its cards. A view that shrinks (the
 * gallery's half-size thumbnails) gets layers of its own size.
 */
export function mockupLayers(productType: ProductTypeId, variant: string, view: PreviewView = UNZOOMED): Layers {
  const zoomed = view.zoom > 1;
  const size = Math.ceil(CANVAS_SIZE * Math.min(1, view.zoom));
  const viewKey = `${view.zoom}|${view.tx}|${view.ty}`;
  const key = `${productType}|${variant}|${viewKey}`;
  const store = zoomed ? zoomedCache : cache;
  let layers = store.get(key);
  if (!layers) {
    let backdrop = backdrops.get(viewKey);
    if (!backdrop) {
      backdrop = layer(view, size, drawBackdrop);
      if (!zoomed) backdrops.set(viewKey, backdrop);
    }
    const base = layer(UNZOOMED, size, (ctx) => ctx.drawImage(backdrop, 0, 0));
    const ctx = base.getContext('2d');
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
    layers = { base, gloss, glossBox };
    // Only the backdrop until the product's drawing has loaded (useProductArt repaints then).
    if (!productArtLoaded(productType)) return layers;
    if (zoomed && store.size >= ZOOMED_CACHE_SIZE) store.delete(store.keys().next().value!);
    store.set(key, layers);
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

/**
 * Draws the whole preview: mockup, the text step (`drawText`, from the shared renderer), then the
 * product's gloss over the print; all through `view` (the zoom), the text as sharp outlines.
 */
export function drawDesign(ctx: Ctx, design: DesignToDraw, drawText: (ctx: Ctx) => void, view: PreviewView = UNZOOMED): void {
  const { base, gloss, glossBox: g } = mockupLayers(design.productType, design.variant, view);
  // The base is opaque and covers the canvas: no clearRect needed.
  ctx.drawImage(base, 0, 0);
  ctx.save();
  ctx.transform(view.zoom, 0, 0, view.zoom, view.tx, view.ty);
  drawText(ctx);
  ctx.restore();
  ctx.drawImage(gloss, g.x, g.y, g.w, g.h, g.x, g.y, g.w, g.h);
}
