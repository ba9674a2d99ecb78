/**
 * The designer's first preview without the renderer: the placeholder text ahead of time, laid out
 * by the shared renderer (tools/designer/placeholder-outline.ts), so a first visit shows the
 * product and the faint "Your text here" before fontkit and the font files have arrived. Any other
 * text, font, size or print area waits for the renderer.
 */
import type { DesignLayout } from '../../render/browser-renderer';
import { printAreaFor } from '../../../shared/decal';
import type { ProductTypeId } from '../../../shared/catalog';
import { PLACEHOLDER_OUTLINE } from './placeholder-outline.generated';

let pathData: string | null = null;

/**
 * The renderer's path data from the table's encoding (tools/designer/placeholder-outline.ts): each
 * coordinate is the change in hundredths of a mm from the previous x or y; written back as the
 * renderer writes numbers (two decimals at most, no trailing zeros).
 */
function decodePathData(encoded: string): string {
  const last = [0, 0];
  let axis = 0;
  let out = '';
  for (const token of encoded.match(/[A-Za-z]|-?\d+/g) ?? []) {
    if (/[A-Za-z]/.test(token)) {
      out += token;
      axis = 0;
      continue;
    }
    last[axis]! += Number(token);
    out += (/[0-9]$/.test(out) ? ' ' : '') + String(last[axis]! / 100);
    axis = 1 - axis;
  }
  return out;
}

/** The placeholder's outline on this product, when it was laid out ahead for its print area, font and size; else null. */
export function placeholderOutline(design: { productType: ProductTypeId; variant: string; font: string; fontSize: number }): Pick<DesignLayout, 'productType' | 'device' | 'area' | 'pathData'> | null {
  const outline = PLACEHOLDER_OUTLINE;
  const area = printAreaFor(design.productType, design.variant);
  if (design.productType !== outline.productType || design.font !== outline.font || design.fontSize !== outline.fontSize) return null;
  if (area.width !== outline.area.width || area.length !== outline.area.length) return null;
  pathData ??= decodePathData(outline.encodedPathData);
  return { productType: design.productType, device: design.variant, area, pathData };
}
