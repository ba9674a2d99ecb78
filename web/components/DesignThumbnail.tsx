import { useDeferredValue } from 'react';
import type { OrderItemView } from '../../shared/api/types';
import { DEFAULT_FONT_SIZE, productTypeOfVariant } from '../../shared/catalog';
import { useDesignLayout } from '../render/use-design';

/** What a thumbnail needs of a design: a cart line, an order line or a gallery design. */
export type ThumbnailDesign = Pick<OrderItemView, 'device' | 'text' | 'color' | 'font'> & { productType?: string | null; fontSize?: number };

/** "Design: 'Casa Amor' in Hot Pink, Pecita, on iPhone 14 Pro": the thumbnail's text alternative. */
export function designDescription(design: ThumbnailDesign): string {
  return `Design: '${design.text}' in ${design.color}, ${design.font}, on ${design.device}`;
}

/** Width of the thumbnail's box per unit of height: print areas are tall (68×140 mm and alike). */
const BOX_ASPECT = 0.5;
const SURFACE = '#ffffff';
const DARK_SURFACE = '#2a0e24';
const EDGE = '#d9c4cf';

/** Light inks (Yellow) would vanish on white: they get the brand's plum surface instead. */
function surfaceFor(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  const luminance = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  return 1.05 / (luminance + 0.05) < 1.6 ? DARK_SURFACE : SURFACE;
}

interface Props {
  design: ThumbnailDesign;
  /** Height of the box in CSS px; it is half as wide. */
  size?: number;
  /**
   * 'area': the whole print area, where the text sits on it (a proof). 'ink': the text itself,
   * cropped to its outlines, so it stays legible in a small list thumbnail.
   */
  fit?: 'area' | 'ink';
  /**
   * Lay out after the urgent render (a React deferred value): long lists (the admin's order list
   * redrawn on every search keystroke) paint their rows first and their pictures a moment later.
   */
  defer?: boolean;
  /** Width of the box in CSS px, when it should not be half the height (a wide 'ink' strip reads better). */
  width?: number;
  className?: string;
}

/**
 * A design as it prints: the text's outlines laid out by the shared renderer from the same font
 * file as the print file (no CSS font, no estimate) on the product's print area. Inline SVG, so
 * it is sharp at any size. While the renderer and its font load, a placeholder of the same size.
 */
export function DesignThumbnail({ design, size = 64, fit = 'area', defer = false, width: boxWidth, className = '' }: Props) {
  const label = designDescription(design);
  const deferredLabel = useDeferredValue(label, '');
  const current = !defer || deferredLabel === label;
  const { layout } = useDesignLayout(
    { ...design, productType: design.productType ?? productTypeOfVariant(design.device)?.id ?? null, fontSize: design.fontSize ?? DEFAULT_FONT_SIZE },
    current,
  );
  const width = boxWidth ?? Math.round(size * BOX_ASPECT);
  if (!layout || !current) {
    // The same elements as the drawing (an svg and its path): the placeholder becomes the design by
    // changing attributes, not by replacing nodes.
    return (
      <svg className={`design-thumb design-thumb--loading ${className}`} role="img" aria-label={label} width={width} height={size}>
        <path d="" />
      </svg>
    );
  }
  const { area, ink } = layout;
  const pad = ink ? Math.max(ink.width, ink.height) * 0.08 + 1 : 0;
  // Text set along a tall print area reads sideways: a wide strip turns it upright (a quarter turn back).
  const turn = fit === 'ink' && !!ink && width > size && ink.height > ink.width;
  const view =
    fit === 'ink' && ink
      ? turn
        ? { x: ink.y - pad, y: -(ink.x + ink.width) - pad, w: ink.height + 2 * pad, h: ink.width + 2 * pad }
        : { x: ink.x - pad, y: ink.y - pad, w: ink.width + 2 * pad, h: ink.height + 2 * pad }
      : { x: -1, y: -1, w: area.width + 2, h: area.length + 2 };
  return (
    <svg
      className={`design-thumb design-thumb--${fit} ${className}`}
      role="img"
      aria-label={label}
      viewBox={`${view.x} ${view.y} ${view.w} ${view.h}`}
      width={width}
      height={size}
      preserveAspectRatio="xMidYMid meet"
      style={{ background: fit === 'ink' ? surfaceFor(layout.fill) : undefined }}
    >
      {fit === 'area' && <rect x="0" y="0" width={area.width} height={area.length} rx="4" fill={surfaceFor(layout.fill)} stroke={EDGE} strokeWidth="0.6" />}
      <path d={layout.pathData} fill={layout.fill} transform={turn ? 'rotate(-90)' : undefined} />
    </svg>
  );
}
