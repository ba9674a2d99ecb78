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
 * coordinate is the change in tenths of a mm from the previous x or y.
 */
function decodePathData(encoded: string): string {
  // One pass over the characters: this runs before the designer's first paint.
  const last = [0, 0];
  const parts: string[] = [];
  let axis = 0;
  let afterNumber = false;
  for (let i = 0; i < encoded.length; ) {
    const code = encoded.charCodeAt(i);
    if (code === 32) {
      i++;
    } else if (code === 45 || (code >= 48 && code <= 57)) {
      let j = i + 1;
      while (j < encoded.length && encoded.charCodeAt(j) >= 48 && encoded.charCodeAt(j) <= 57) j++;
      last[axis]! += Number(encoded.slice(i, j));
      parts.push((afterNumber ? ' ' : '') + String(last[axis]! / 10));
      axis = 1 - axis;
      afterNumber = true;
      i = j;
    } else {
      parts.push(encoded[i]!);
      axis = 0;
      afterNumber = false;
      i++;
    }
  }
  return parts.join('');
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
