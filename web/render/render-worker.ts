/// <reference lib="webworker" />
/**
 * The design renderer off the page's thread: parsing the fonts, laying out glyphs and building the
 * outlines, and measuring thin strokes on an OffscreenCanvas, so typing and scrolling never wait
 * for them. The worker fetches the font files itself: the default font's first file is already on
 * its way, asked for by index.html's preload in the page's first round trip, and the worker's fetch
 * is answered from that download rather than waiting for the page's thread to hand the bytes over.
 */
import { DEFAULT_FONT, FONTS, type FontName } from '../../shared/catalog';
import { DesignFonts, fetchFontSource, layoutDesign, type DesignLayout, type RenderableDesign } from '../../shared/render';
import { findThinFeatures, maskResolutionFor } from '../../shared/render/thin-features';
import { inkMask } from './ink-mask-on-page';
import { cachedFontLoader } from './font-cache';
import type { RenderReply, RenderRequest } from './render-protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;

const loadFont = cachedFontLoader(fetchFontSource);

const fontNameOf = (font: string): FontName => ((FONTS as readonly string[]).includes(font) ? (font as FontName) : DEFAULT_FONT);


/** The fonts for laying out `text` (the default font's too); only the files the text needs (font-cache.ts). */
async function fontsFor(names: readonly string[], text: string): Promise<DesignFonts> {
  const wanted = [...new Set([DEFAULT_FONT, ...names.map(fontNameOf)])];
  const fonts = await Promise.all(wanted.map((name) => loadFont(name, text)));
  return new DesignFonts(new Map(fonts.map((font) => [font.name, font])));
}

async function layoutOf(design: RenderableDesign): Promise<DesignLayout> {
  return layoutDesign(design, await fontsFor([design.font], design.text));
}

/** The layout's ink as a 0/1 mask, drawn on an OffscreenCanvas. */
function inkMaskOffscreen(layout: DesignLayout, pxPerMm: number, marginMm: number) {
  if (typeof OffscreenCanvas === 'undefined') return null;
  return inkMask(layout, pxPerMm, marginMm, (width, height) => new OffscreenCanvas(width, height).getContext('2d', { willReadFrequently: true }));
}

async function answer(request: RenderRequest): Promise<RenderReply> {
  switch (request.kind) {
    case 'warm':
      await fontsFor(request.fonts, '');
      return { id: request.id, kind: 'warm' };
    case 'layout':
      return { id: request.id, kind: 'layout', layout: await layoutOf(request.design) };
    case 'thin': {
      const mask = inkMaskOffscreen(await layoutOf(request.design), maskResolutionFor(request.minMm), Math.max(1, request.minMm * 2));
      return { id: request.id, kind: 'thin', found: mask ? findThinFeatures(mask, request.minMm) : null };
    }
  }
}

scope.onmessage = (event: MessageEvent<RenderRequest>) => {
  const message = event.data;
  answer(message).then(
    (reply) => scope.postMessage(reply),
    (error: unknown) => scope.postMessage({ id: message.id, kind: 'error', message: error instanceof Error ? error.message : String(error) } satisfies RenderReply),
  );
};
