import type { OrderItemView } from '../../shared/api/types';

/** What a thumbnail needs of a design: a cart line, an order line or a gallery design. */
export type ThumbnailDesign = Pick<OrderItemView, 'device' | 'text' | 'color' | 'font'> & Partial<Pick<OrderItemView, 'productType' | 'fontSize'>>;

/** "Design: 'Casa Amor' in Hot Pink, Pecita, on iPhone 14 Pro": the thumbnail's text alternative. */
export function designDescription(design: ThumbnailDesign): string {
  return `Design: '${design.text}' in ${design.color}, ${design.font}, on ${design.device}`;
}

interface Props {
  design: ThumbnailDesign;
  /** Rendered height in CSS px; the width follows the product's print area. */
  size?: number;
  className?: string;
}

/** A design as printed, drawn from the shared renderer's outlines. */
export function DesignThumbnail({ design, size = 64, className = '' }: Props) {
  return (
    <span className={`design-thumb ${className}`} role="img" aria-label={designDescription(design)} style={{ height: size, width: size / 2 }} />
  );
}
