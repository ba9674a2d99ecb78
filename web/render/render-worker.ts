/// <reference lib="webworker" />
/**
 * The design renderer off the page's thread: parsing the fonts, laying out glyphs and building the
 * outlines, and measuring thin strokes on an OffscreenCanvas, so typing and scrolling never wait
 * for them. The font files' bytes come from the page, which fetched them early (font-files-early.ts).
 */
import { DEFAULT_FONT, FONTS, type FontName } from '../../shared/catalog';
import { DesignFonts, layoutDesign, type DesignLayout, type FontSource, type RenderableDesign } from '../../shared/render';
import { findThinFeatures, maskResolutionFor } from '../../shared/render/thin-features';
import { inkMask } from './ink-mask-on-page';
import { cachedFontLoader } from './font-cache';
import type { FontFileReply, FontFileRequest, RenderReply, RenderRequest } from './render-protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;

const waitingFiles = new Map<string, { resolve(bytes: ArrayBuffer): void; reject(error: Error): void }>();

const fontSource: FontSource = (file) =>
  new Promise<ArrayBuffer>((resolve, reject) => {
    waitingFiles.set(file.url, { resolve, reject });
    scope.postMessage({ kind: 'font-file', url: file.url } satisfies FontFileRequest);
  });
const loadFont = cachedFontLoader(fontSource);

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

scope.onmessage = (event: MessageEvent<RenderRequest | FontFileReply>) => {
  const message = event.data;
  if (message.kind === 'font-file') {
    const waiting = waitingFiles.get(message.url);
    waitingFiles.delete(message.url);
    if ('bytes' in message) waiting?.resolve(message.bytes);
    else waiting?.reject(new Error(message.error));
    return;
  }
  answer(message).then(
    (reply) => scope.postMessage(reply),
    (error: unknown) => scope.postMessage({ id: message.id, kind: 'error', message: error instanceof Error ? error.message : String(error) } satisfies RenderReply),
  );
};
