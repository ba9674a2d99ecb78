/**
 * The design's text on the customizer canvas, from the shared renderer: the same glyph outlines
 * (Path2D of the layout's path data) that the print file holds, scaled from the print area's
 * millimetres into the product's print region on the mockup. No fillText, no CSS font: what the
 * shopper sees here is what is printed.
 */
import type { DesignFonts, DesignLayout } from '../../render/browser-renderer';
import type { DesignToDraw, TextRegion } from './draw-mockup';

/** Shown (faint) while the text field is empty. */
export const PLACEHOLDER_TEXT = 'Your text here';
export const PLACEHOLDER_COLOR = '#9A8A94';

/** Where the print area lies on the canvas: its top-left corner and the canvas pixels per mm. */
export interface AreaPlacement {
  x: number;
  y: number;
  pxPerMm: number;
}

/** The print area, as large as the mockup's print region allows, centred on it. */
export function placeArea(area: DesignLayout['area'], region: TextRegion): AreaPlacement {
  const pxPerMm = Math.min(region.thickness / area.width, region.length / area.length);
  return { x: region.cx - (area.width * pxPerMm) / 2, y: region.cy - (area.length * pxPerMm) / 2, pxPerMm };
}

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

/** Fills the layout's outlines into the region; returns where the print area went (for tests and the a11y label). */
export function drawDesignText(ctx: CanvasRenderingContext2D, layout: DesignLayout, region: TextRegion, style: { fill: string; faint: boolean }): AreaPlacement {
  const placement = placeArea(layout.area, region);
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
 * placeholder. Returns the layout's print area on the canvas, or null while the font loads.
 */
export function rendererTextStep(
  design: DesignToDraw,
  loaded: { renderer: Renderer | null; fonts: DesignFonts | null },
  onPlaced?: (at: AreaPlacement, layout: DesignLayout) => void,
) {
  return (ctx: CanvasRenderingContext2D, region: TextRegion) => {
    const { renderer, fonts } = loaded;
    if (!renderer || !fonts) return;
    const empty = !design.text.trim();
    const layout = renderer.cachedLayout(
      { productType: design.productType, device: design.variant, text: empty ? PLACEHOLDER_TEXT : design.text, color: '', font: design.font, fontSize: design.fontSize },
      fonts,
    );
    const at = drawDesignText(ctx, layout, region, { fill: design.colorHex ?? PLACEHOLDER_COLOR, faint: empty });
    onPlaced?.(at, layout);
  };
}
