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

/** The placeholder's outline on this product, when it was laid out ahead for its print area, font and size; else null. */
export function placeholderOutline(design: { productType: ProductTypeId; variant: string; font: string; fontSize: number }): Pick<DesignLayout, 'productType' | 'device' | 'area' | 'pathData'> | null {
  const outline = PLACEHOLDER_OUTLINE;
  const area = printAreaFor(design.productType, design.variant);
  if (design.productType !== outline.productType || design.font !== outline.font || design.fontSize !== outline.fontSize) return null;
  if (area.width !== outline.area.width || area.length !== outline.area.length) return null;
  return { productType: design.productType, device: design.variant, area, pathData: outline.pathData };
}
