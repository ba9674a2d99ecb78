/**
 * The shared renderer (shared/render) in the browser: the design fonts fetched from their
 * self-hosted files (precached by the service worker, so this works offline) and parsed once per
 * page, and layouts kept so a thumbnail drawn twice is laid out once. This module and fontkit
 * arrive in lazy chunks: nothing here is part of the first load of `/` (web/render/use-design.ts)
 * or is fetched before the page has drawn (the designer's first preview is laid out ahead).
 */
// fontkit, which shared/render imports on its first font, as a static dependency of this chunk:
// importing this module then fetches fontkit's chunk in parallel with it, not one round trip later.
import 'fontkit';
import { DEFAULT_FONT, FONTS, type FontName } from '../../shared/catalog';
import {
  buildPrintSheet,
  DesignFonts,
  fetchFontSource,
  layoutDesign,
  type DesignLayout,
  type PrintOrder,
  type RenderableDesign,
} from '../../shared/render';
import { cachedFontLoader } from './font-cache';

export { layoutDesign, type DesignFonts, type DesignLayout, type RenderableDesign };
// The designer's thin-stroke check measures laid-out designs only: it ships here, not in the first load.
export { findThinFeatures, maskResolutionFor } from '../../shared/render/thin-features';

const loadFont = cachedFontLoader(fetchFontSource);

export function fontNameOf(font: string): FontName {
  return (FONTS as readonly string[]).includes(font) ? (font as FontName) : DEFAULT_FONT;
}


/** The fonts that lay out designs in `names` (the renderer falls back to the default font for unknown names). */
export async function fontsFor(names: readonly string[]): Promise<DesignFonts> {
  const wanted = [...new Set([DEFAULT_FONT, ...names.map(fontNameOf)])];
  const fonts = await Promise.all(wanted.map((name) => loadFont(name)));
  return new DesignFonts(new Map(fonts.map((font) => [font.name, font])));
}

const LAYOUT_CACHE_SIZE = 500;
const layouts = new Map<string, DesignLayout>();

function layoutKey(design: RenderableDesign): string {
  return [design.productType ?? '', design.device, fontNameOf(design.font), design.fontSize, design.color, design.text, design.atChosenSize ? 'chosen' : ''].join('\u0001');
}

/** layoutDesign, remembered for the last few hundred designs (list views redraw the same lines often). */
export function cachedLayout(design: RenderableDesign, fonts: DesignFonts): DesignLayout {
  const key = layoutKey(design);
  let layout = layouts.get(key);
  if (layout) {
    layouts.delete(key);
  } else {
    layout = layoutDesign(design, fonts);
    if (layouts.size >= LAYOUT_CACHE_SIZE) layouts.delete(layouts.keys().next().value!);
  }
  layouts.set(key, layout);
  return layout;
}

/** An order's print file (SVG) made in the browser, from the same renderer and font files as the server's. */
export async function printSheetOf(order: PrintOrder, lines?: readonly number[]): Promise<string> {
  const fonts = await fontsFor(FONTS);
  return buildPrintSheet(order, fonts, { lines });
}
