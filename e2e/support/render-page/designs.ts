import type { RenderableDesign } from '../../../shared/render';

/** Designs drawn by the browser and by the server in the renderer parity test: every product and font. */
export const PARITY_DESIGNS: RenderableDesign[] = [
  { device: 'iPhone 14 Pro', text: 'Bombshell', color: 'Hot Pink', font: 'Pecita', fontSize: 24 },
  { device: 'Large Bottle', text: `Zoë & <Ægir> "it's"`, color: 'Teal', font: 'Inter', fontSize: 24 },
  { device: 'Standard Glass', text: 'Cheers Łódź', color: 'Purple', font: 'Poppins', fontSize: 40 },
  { device: 'Standard Bottle', text: 'Twenty characters!!!', color: 'Blue', font: 'Pecita', fontSize: 96 },
];

/** Pixels per mm both sides rasterise at (10 px/mm = 254 dpi). */
export const PARITY_PX_PER_MM = 10;

/** What the page gives back per design: its path data and the canvas's alpha channel (base64). */
export interface ParityResult {
  pathData: string;
  width: number;
  height: number;
  alpha: string;
}
