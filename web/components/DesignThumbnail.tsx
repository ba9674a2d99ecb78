import type { OrderItemView } from '../../shared/api/types';
import { DEFAULT_FONT_SIZE, productTypeOfVariant } from '../../shared/catalog';
import { backdropFor } from '../catalog/contrast';
import { useDesignLayout } from '../render/use-design';

/** What a thumbnail needs of a design: a cart line, an order line or a gallery design. */
export type ThumbnailDesign = Pick<OrderItemView, 'device' | 'text' | 'color' | 'font'> & { productType?: string | null; fontSize?: number };

/** "Design: 'Casa Amor' in Hot Pink, Pecita, on iPhone 14 Pro": the thumbnail's text alternative. */
export function designDescription(design: ThumbnailDesign): string {
  return `Design: '${design.text}' in ${design.color}, ${design.font}, on ${design.device}`;
}

/** Print areas are 68×140 mm and alike: the box keeps that shape while the layout loads. */
const PLACEHOLDER_ASPECT = 0.5;

interface Props {
  design: ThumbnailDesign;
  /** Height in CSS px; the width follows the product's print area. */
  size?: number;
  className?: string;
}

/**
 * A design as it prints: the product's print area with the text's outlines, laid out by the shared
 * renderer from the same font file as the print file (no CSS font, no estimate). Inline SVG, so it
 * is sharp at any size; the surface is white or plum, whichever the ink reads best on.
 */
export function DesignThumbnail({ design, size = 64, className = '' }: Props) {
  const { layout } = useDesignLayout({ ...design, productType: design.productType ?? productTypeOfVariant(design.device)?.id ?? null, fontSize: design.fontSize ?? DEFAULT_FONT_SIZE });
  const label = designDescription(design);
  if (!layout) {
    return <span className={`design-thumb design-thumb--loading ${className}`} role="img" aria-label={label} style={{ height: size, width: Math.round(size * PLACEHOLDER_ASPECT) }} />;
  }
  const { width, length } = layout.area;
  const radius = layout.productType === 'phone-case' ? 6 : layout.productType === 'water-bottle' ? 10 : 14;
  return (
    <svg
      className={`design-thumb ${className}`}
      role="img"
      aria-label={label}
      viewBox={`-1 -1 ${width + 2} ${length + 2}`}
      height={size}
      width={Math.round((size * (width + 2)) / (length + 2))}
      data-font-size-mm={layout.fontSizeMm}
    >
      <rect x="0" y="0" width={width} height={length} rx={radius} fill={backdropFor(layout.fill)} stroke="#d9c4cf" strokeWidth="0.8" />
      <path d={layout.pathData} fill={layout.fill} />
    </svg>
  );
}
