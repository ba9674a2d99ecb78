/**
 * The design's text on the customizer canvas, from the shared renderer: the same glyph outlines
 * (Path2D of the layout's path data) that the print file holds, scaled from the print area's
 * millimetres onto the mockup at the product's own scale, where the decal goes (mockup-geometry.ts). No fillText, no CSS font: what the
 * shopper sees here is what is printed.
 */
import type { DesignLayout } from '../../render/browser-renderer';
import type { DesignToDraw } from './draw-mockup';
import { printAreaPlacement, type AreaPlacement } from './mockup-geometry';
import { placeholderOutline } from './placeholder-outline';
import { printAreaOf } from '../../../shared/decal';

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

type Outline = Pick<DesignLayout, 'productType' | 'device' | 'area' | 'pathData'> & Partial<Pick<DesignLayout, 'ink' | 'capHeightMm' | 'fit'>>;

/** The dashed edge of the usable area, drawn over a text that runs past it so the overflow reads at a glance. */
export const USABLE_AREA_EDGE = '#c62828';

function outlineUsableArea(ctx: CanvasRenderingContext2D, at: AreaPlacement, area: DesignLayout['area']): void {
  ctx.save();
  ctx.strokeStyle = USABLE_AREA_EDGE;
  ctx.lineWidth = 2;
  ctx.setLineDash([6, 4]);
  ctx.strokeRect(at.x, at.y, area.width * at.pxPerMm, area.length * at.pxPerMm);
  ctx.restore();
}

/**
 * The shopper's text before its outline has arrived from the render worker (the font is still
 * loading): the browser's own cursive face, faint, set along the decal as the outline will be.
 * It shows what was typed at once; the outline replaces it within moments.
 */
function drawStandInText(ctx: CanvasRenderingContext2D, design: DesignToDraw): AreaPlacement {
  const area = printAreaOf({ productType: design.productType, device: design.variant });
  const placement = printAreaPlacement(design.productType, design.variant, area);
  const text = design.text.trim();
  const s = placement.pxPerMm;
  // Along the decal (its length) the line runs; a script face's letters are about half an em wide.
  const emPx = Math.min(area.width * 0.8 * s, (area.length * 0.9 * s) / Math.max(1, text.length * 0.5), design.fontSize * 0.5 * s);
  ctx.save();
  ctx.translate(placement.x + (area.width * s) / 2, placement.y + (area.length * s) / 2);
  ctx.rotate(Math.PI / 2);
  ctx.globalAlpha = 0.55;
  ctx.fillStyle = design.colorHex ?? PLACEHOLDER_COLOR;
  ctx.font = `700 ${emPx.toFixed(1)}px cursive`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, 0, 0, area.length * 0.9 * s);
  ctx.restore();
  return placement;
}

/**
 * The text step of a mockup (drawDesign's `drawText`): the layout's outlines from the shared
 * renderer. An empty text shows the faint placeholder, laid out ahead of time where it can be
 * (placeholder-outline.ts), so the first preview needs no renderer; a typed text whose outline is
 * still on its way is drawn by the stand-in (`standIn`), never hidden behind a note.
 */
export function layoutTextStep(
  design: DesignToDraw,
  layout: Outline | null,
  onPlaced?: (at: AreaPlacement, placed: Pick<DesignLayout, 'area'> & Partial<Pick<DesignLayout, 'ink' | 'capHeightMm'>>) => void,
  standIn = false,
) {
  return (ctx: CanvasRenderingContext2D) => {
    const empty = !design.text.trim();
    const outline: Outline | null = (empty ? placeholderOutline(design) : null) ?? layout;
    if (outline) {
      const at = drawDesignText(ctx, outline, { fill: design.colorHex ?? PLACEHOLDER_COLOR, faint: empty });
      if (!empty && (outline.fit?.tooLong || outline.fit?.tooTall)) outlineUsableArea(ctx, at, outline.area);
      onPlaced?.(at, outline);
    } else if (standIn && !empty) {
      const at = drawStandInText(ctx, design);
      onPlaced?.(at, { area: printAreaOf({ productType: design.productType, device: design.variant }) });
    }
  };
}

/** Whether the preview can be drawn now: the renderer has loaded, or the text is a placeholder laid out ahead. */
export function drawsWithoutRenderer(design: DesignToDraw): boolean {
  return !design.text.trim() && !!placeholderOutline(design);
}
