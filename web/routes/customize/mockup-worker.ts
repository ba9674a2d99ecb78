/// <reference lib="webworker" />
/**
 * Paints the product mockup's static layers off the page's thread (the gradients, soft shadows and
 * gloss take a slow phone tens of milliseconds per product), and hands them back as bitmaps the
 * page only copies (draw-mockup.ts).
 */
import * as drinkware from './mockup-drinkware';
import { mockupPainter, type MockupReply, type MockupRequest } from './mockup-layers';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const paint = mockupPainter((size) => new OffscreenCanvas(size, size));

scope.onmessage = (event: MessageEvent<MockupRequest>) => {
  const { id, productType, variant, view } = event.data;
  try {
    const layers = paint(productType, variant, view, drinkware);
    const base = layers.base.transferToImageBitmap();
    const gloss = layers.gloss.transferToImageBitmap();
    scope.postMessage({ id, layers: { base, gloss, glossBox: layers.glossBox } } satisfies MockupReply, [base, gloss]);
  } catch (error) {
    scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies MockupReply);
  }
};
