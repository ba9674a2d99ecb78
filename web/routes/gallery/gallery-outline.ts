import type { DesignLayout } from '../../render/browser-renderer';

/** What the mockup's text step needs of a layout. */
export type GalleryOutline = Pick<DesignLayout, 'productType' | 'device' | 'area' | 'text' | 'font' | 'fill' | 'pathData'>;
