/**
 * The gallery samples' outlines, laid out ahead of time by the shared renderer
 * (tools/gallery/outlines.ts), so the gallery draws its cards without fontkit and the font files.
 * A card whose design differs from its sample's (a newer data file) is laid out live instead.
 */
import { DEFAULT_FONT_SIZE } from '../../../shared/catalog';
import { GALLERY_OUTLINES } from './gallery-outlines.generated';
import type { GalleryOutline } from './gallery-outline';

export type { GalleryOutline };

/** The sample's outline when it is the design asked for, else null. */
export function galleryOutline(design: { id?: string; device: string; text: string; font: string; fontSize?: number }): GalleryOutline | null {
  const outline = design.id ? GALLERY_OUTLINES[design.id] : undefined;
  if (!outline || (design.fontSize ?? DEFAULT_FONT_SIZE) !== DEFAULT_FONT_SIZE) return null;
  return outline.device === design.device && outline.text === design.text.normalize('NFC') && outline.font === design.font ? outline : null;
}
