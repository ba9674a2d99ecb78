/**
 * The design's text on the customizer canvas, from the shared renderer: the same glyph outlines
 * (Path2D of the layout's path data) that the print file holds, scaled from the print area's
 * millimetres onto the mockup at the product's own scale, where the decal goes (mockup-geometry.ts). No fillText, no CSS font: what the
 * shopper sees here is what is printed.
 */
import type { DesignFonts, DesignLayout } from '../../render/browser-renderer';
import type { DesignToDraw } from './draw-mockup';
import { printAreaPlacement, type AreaPlacement } from './mockup-geometry';
import { placeholderOutline } from './placeholder-outline';

export type { AreaPlacement };

/** Shown (faint) while the text field is empty. */
export const PLACEHOLDER_TEXT = 'Your text here';
export const PLACEHOLDER_COLOR = '#9A8A94';

// Parsing path data into a Path2D is most of a repaint's cost: keep the last few (typing back and forth).
const paths = new Map<string, Path2D>();
const PATH_CACHE_SIZE = 32;

function pathOf(pathData: string): Path2D {
  let path = paths.get(pathData);
  if (!path) {
    path = new Path2D(pathData);
    if (paths.size >= PATH_CACHE_SIZE) paths.delete(paths.keys().next().value!);
    paths.set(pathData, path);
  }
  return path;
}

/** Fills the layout's outlines where the decal goes on the product; returns where the print area went (for tests and the zoom). */
export function drawDesignText(ctx: CanvasRenderingContext2D, layout: Pick<DesignLayout, 'productType' | 'device' | 'area' | 'pathData'>, style: { fill: string; faint: boolean }): AreaPlacement {
  const placement = printAreaPlacement(layout.productType, layout.device, layout.area);
  if (!layout.pathData) return placement;
  ctx.save();
  ctx.translate(placement.x, placement.y);
  ctx.scale(placement.pxPerMm, placement.pxPerMm);
  ctx.globalAlpha = style.faint ? 0.35 : 1;
  ctx.fillStyle = style.fill;
  ctx.fill(pathOf(layout.pathData));
  ctx.restore();
  return placement;
}

type Renderer = typeof import('../../render/browser-renderer');

/**
 * The text step of a mockup (drawDesign's `drawText`) for a design, drawn by the shared renderer
 * once its font has loaded (nothing before: never a stand-in font). An empty text shows the faint
 * placeholder, laid out ahead of time where it can be (placeholder-outline.ts), so the first
 * preview needs no renderer. Returns the layout's print area on the canvas, or null while the font loads.
 */
export function rendererTextStep(
  design: DesignToDraw,
  loaded: { renderer: Renderer | null; fonts: DesignFonts | null },
  onPlaced?: (at: AreaPlacement, layout: Pick<DesignLayout, 'productType' | 'device' | 'area' | 'pathData'>) => void,
) {
  return (ctx: CanvasRenderingContext2D) => {
    const { renderer, fonts } = loaded;
    const empty = !design.text.trim();
    const ready = empty ? placeholderOutline(design) : null;
    if (!ready && (!renderer || !fonts)) return;
    const layout =
      ready ??
      renderer!.cachedLayout(
        { productType: design.productType, device: design.variant, text: empty ? PLACEHOLDER_TEXT : design.text, color: '', font: design.font, fontSize: design.fontSize },
        fonts!,
      );
    const at = drawDesignText(ctx, layout, { fill: design.colorHex ?? PLACEHOLDER_COLOR, faint: empty });
    onPlaced?.(at, layout);
  };
}

/** Whether the preview can be drawn now: the renderer has loaded, or the text is a placeholder laid out ahead. */
export function drawsWithoutRenderer(design: DesignToDraw): boolean {
  return !design.text.trim() && !!placeholderOutline(design);
}
