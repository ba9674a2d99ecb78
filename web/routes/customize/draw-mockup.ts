/**
 * The product mockup of the preview and the gallery thumbnails: a studio backdrop, the product
 * drawn like a photo (mockup-phone.ts, mockup-drinkware.ts), the design's text, then the product's
 * gloss over it. The static layers are drawn once per product and variant; a keystroke only blits
 * them around the text step, which the shared design renderer draws (draw-design.ts).
 */
import { orderableProductTypes, productTypeOfVariant, type ProductTypeId } from '../../../shared/catalog';
import { CANVAS_SIZE } from './mockup-geometry';
import { mockupPainter, type Drinkware, type MockupLayers, type MockupReply, type MockupRequest } from './mockup-layers';
import { UNZOOMED, type PreviewView } from './preview-zoom';

export { CANVAS_SIZE };

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

type Picture = HTMLCanvasElement | ImageBitmap;
type Layers = MockupLayers<Picture>;

const paintOnPage = mockupPainter((size) => {
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  return canvas;
});

const cache = new Map<string, Layers>();
/** Zoomed layers of the last few zoom steps (a pinch passes through several). */
const zoomedCache = new Map<string, Layers>();
const ZOOMED_CACHE_SIZE = 4;

const layersKey = (productType: ProductTypeId, variant: string, view: PreviewView) => `${productType}|${variant}|${view.zoom}|${view.tx}|${view.ty}`;

/**
 * The static parts of a mockup, drawn once per product, variant and view: a keystroke only blits
 * them, and the gallery draws each product once for all its cards. A view that shrinks (the
 * gallery's half-size thumbnails) gets layers of its own size. Drawn here on the page unless the
 * mockup worker has already drawn them (mockupLayersPending).
 */
export function mockupLayers(productType: ProductTypeId, variant: string, view: PreviewView = UNZOOMED): Layers {
  const zoomed = view.zoom > 1;
  const key = layersKey(productType, variant, view);
  const store = zoomed ? zoomedCache : cache;
  let layers = store.get(key);
  if (!layers) {
    layers = paintOnPage(productType, variant, view, drinkware);
    // Only the backdrop until the product's drawing has loaded (useProductArt repaints then).
    if (!productArtLoaded(productType)) return layers;
    if (zoomed && store.size >= ZOOMED_CACHE_SIZE) store.delete(store.keys().next().value!);
    store.set(key, layers);
  }
  return layers;
}

/** The mockup worker, started on first use; null where it cannot run (unit tests, an old browser) or failed to load. */
let worker: Worker | null | undefined;
let nextId = 1;
const replies = new Map<number, { resolve(layers: MockupLayers<ImageBitmap>): void; reject(error: Error): void }>();
const requests = new Map<string, Promise<void>>();

function mockupWorker(): Worker | null {
  if (worker !== undefined) return worker;
  if (typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined') return (worker = null);
  try {
    worker = new Worker(new URL('./mockup-worker.ts', import.meta.url), { type: 'module', name: 'mockup' });
  } catch {
    return (worker = null);
  }
  worker.onmessage = (event: MessageEvent<MockupReply>) => {
    const reply = event.data;
    const waiting = replies.get(reply.id);
    replies.delete(reply.id);
    if ('error' in reply) waiting?.reject(new Error(reply.error));
    else waiting?.resolve(reply.layers);
  };
  // A worker that could not load (offline, its script not cached): the page draws from now on.
  worker.onerror = () => {
    worker?.terminate();
    worker = null;
    for (const waiting of replies.values()) waiting.reject(new Error('The mockup worker stopped.'));
    replies.clear();
  };
  return worker;
}

/**
 * Has the mockup worker draw the unzoomed layers of a product (the designer's first picture, each
 * product switch, the gallery's thumbnails), so the page's thread only copies them. Null when they
 * are here already or are drawn on the page (zoomed views, no worker); otherwise settles once they
 * are, either way: a failed request leaves them to mockupLayers.
 */
export function mockupLayersPending(productType: ProductTypeId, variant: string, view: PreviewView = UNZOOMED): Promise<void> | null {
  const key = layersKey(productType, variant, view);
  if (view.zoom > 1 || cache.has(key)) return null;
  const target = mockupWorker();
  if (!target) return null;
  let request = requests.get(key);
  if (!request) {
    const id = nextId++;
    request = new Promise<MockupLayers<ImageBitmap>>((resolve, reject) => {
      replies.set(id, { resolve, reject });
      target.postMessage({ id, productType, variant, view } satisfies MockupRequest);
    }).then(
      (layers) => void cache.set(key, layers),
      () => undefined,
    );
    requests.set(key, request);
    void request.then(() => requests.delete(key));
  }
  return request;
}

/** Whether the view's layers are still to come from the mockup worker (the preview is then not yet drawn). */
export function mockupLayersWaiting(productType: ProductTypeId, variant: string, view: PreviewView = UNZOOMED): boolean {
  const canUseWorker = worker !== null && typeof Worker !== 'undefined' && typeof OffscreenCanvas !== 'undefined';
  return canUseWorker && view.zoom <= 1 && !cache.has(layersKey(productType, variant, view));
}

/**
 * Has the worker draw the product the designer opens with (a gallery link's model, else the first
 * phone) while the app starts, so the first preview only copies it.
 */
export function prefetchDesignerMockup(search: string): void {
  const device = new URLSearchParams(search).get('device') ?? '';
  const linked = productTypeOfVariant(device);
  const variant = linked ? device : orderableProductTypes().find((type) => type.id === 'phone-case')?.variants[0];
  if (variant !== undefined) void mockupLayersPending(linked?.id ?? 'phone-case', variant);
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
export function drawDesign(ctx: CanvasRenderingContext2D, design: DesignToDraw, drawText: (ctx: CanvasRenderingContext2D) => void, view: PreviewView = UNZOOMED): void {
  const { base, gloss, glossBox: g } = mockupLayers(design.productType, design.variant, view);
  // The base is opaque and covers the canvas: no clearRect needed.
  ctx.drawImage(base, 0, 0);
  ctx.save();
  ctx.transform(view.zoom, 0, 0, view.zoom, view.tx, view.ty);
  drawText(ctx);
  ctx.restore();
  ctx.drawImage(gloss, g.x, g.y, g.w, g.h, g.x, g.y, g.w, g.h);
}
