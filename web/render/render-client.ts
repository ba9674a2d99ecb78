/**
 * The page's side of the render worker (render-worker.ts): one worker per page, started as soon as
 * a page will lay out designs, answering layouts and thin-stroke checks by promise. Where no module
 * worker can run (unit tests under jsdom, an old browser) the same renderer runs on the page.
 */
import type { DesignLayout, RenderableDesign } from '../../shared/render';
import type { ThinFeatures } from '../../shared/render/thin-features';
import { fontOrDefault } from '../../shared/catalog';
import type { RenderReply, RenderRequest } from './render-protocol';

type Renderer = typeof import('./browser-renderer');
type Body<R> = R extends RenderRequest ? Omit<R, 'id'> : never;

let worker: Worker | null | undefined;
let nextId = 1;
const pending = new Map<number, { resolve(reply: RenderReply): void; reject(error: Error): void }>();

function failAll(message: string): void {
  for (const waiting of pending.values()) waiting.reject(new Error(message));
  pending.clear();
}

/** The render worker, started on first use; null where workers cannot run. */
function renderWorker(): Worker | null {
  if (worker !== undefined) return worker;
  if (typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined') return (worker = null);
  try {
    worker = new Worker(new URL('./render-worker.ts', import.meta.url), { type: 'module', name: 'render' });
  } catch {
    return (worker = null);
  }
  const started = worker;
  started.onmessage = (event: MessageEvent<RenderReply>) => {
    const message = event.data;
    const waiting = pending.get(message.id);
    pending.delete(message.id);
    if (message.kind === 'error') waiting?.reject(new Error(message.message));
    else waiting?.resolve(message);
  };
  // A worker that failed to load (its script could not be fetched offline): the next request starts a new one.
  started.onerror = () => {
    started.terminate();
    worker = undefined;
    failAll('The design preview could not be prepared. Check your connection.');
  };
  return started;
}

let pageRenderer: Promise<Renderer> | null = null;

/** The renderer on the page itself, where no worker can run. */
function onPage(): Promise<Renderer> {
  pageRenderer ??= import('./browser-renderer').catch((error: unknown) => {
    pageRenderer = null;
    throw error;
  });
  return pageRenderer;
}

function ask<R extends RenderReply['kind']>(request: Body<RenderRequest>, kind: R): Promise<Extract<RenderReply, { kind: R }>> {
  const target = renderWorker()!;
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve: (reply) => (reply.kind === kind ? resolve(reply as Extract<RenderReply, { kind: R }>) : reject(new Error(`Unexpected ${reply.kind} reply`))), reject });
    target.postMessage({ ...request, id } as RenderRequest);
  });
}

/** Starts the worker and has it parse the named fonts (and the default font), fetching their files now. */
export function warmRenderWorker(fontNames: readonly string[]): Promise<void> {
  const fonts = [...new Set(fontNames.map(fontOrDefault))];
  if (!renderWorker()) return onPage().then((renderer) => renderer.fontsFor(fonts).then(() => undefined));
  return ask({ kind: 'warm', fonts }, 'warm').then(() => undefined);
}

const LAYOUT_CACHE_SIZE = 300;
const layouts = new Map<string, Promise<DesignLayout>>();
const settled = new Map<string, DesignLayout>();

export function layoutKey(design: RenderableDesign): string {
  return [design.productType ?? '', design.device, fontOrDefault(design.font), design.fontSize, design.color, design.text, design.atChosenSize ? 'chosen' : ''].join('\u0001');
}

/** A layout already made for this design, synchronously (a repaint need not wait a message round trip). */
export function readyLayout(design: RenderableDesign): DesignLayout | null {
  return settled.get(layoutKey(design)) ?? null;
}

/** The design laid out by the shared renderer, off the page's thread; remembered for the last few hundred designs. */
export function requestLayout(design: RenderableDesign): Promise<DesignLayout> {
  const key = layoutKey(design);
  let layout = layouts.get(key);
  if (layout) return layout;
  layout = renderWorker()
    ? ask({ kind: 'layout', design }, 'layout').then((reply) => reply.layout)
    : onPage().then(async (renderer) => renderer.layoutDesign(design, await renderer.fontsFor([design.font])));
  if (layouts.size >= LAYOUT_CACHE_SIZE) {
    const oldest = layouts.keys().next().value!;
    layouts.delete(oldest);
    settled.delete(oldest);
  }
  layouts.set(key, layout);
  layout.then(
    (done) => settled.set(key, done),
    () => layouts.delete(key),
  );
  return layout;
}

/** Strokes and gaps of the design thinner than `minMm`, measured off the page's thread. */
export async function requestThinFeatures(design: RenderableDesign, minMm: number): Promise<ThinFeatures | null> {
  if (renderWorker()) return (await ask({ kind: 'thin', design, minMm }, 'thin')).found;
  const renderer = await onPage();
  const layout = await requestLayout(design);
  const { inkMaskOnPage } = await import('./ink-mask-on-page');
  const mask = inkMaskOnPage(layout, renderer.maskResolutionFor(minMm), Math.max(1, minMm * 2));
  return mask ? renderer.findThinFeatures(mask, minMm) : null;
}
