/**
 * The letter sizes a shopper may choose, per font, and how a decal's size is said. A design's
 * `fontSize` is in customizer pixels; two of them make one millimetre of em (letter) height, so the
 * control moves in whole millimetres. The smallest size of each font is the smallest at which its
 * strokes and counters hold MIN_FEATURE_MM: shoppers' phrases cut clean and at most a few lone
 * characters keep a marginal tip or notch, which the designer and the cut job then flag
 * (docs/decisions.md; shared/render/letter-sizes.test.ts measures it).
 */
import { DEFAULT_FONT_SIZE, fontOrDefault, MAX_FONT_SIZE, type FontName } from './catalog';

/** Customizer pixels to printed mm: the default 24 px prints at a 12 mm em. */
export const MM_PER_DESIGN_PX = 0.5;

/** The smallest offered font size (customizer px) of each font. */
export const SMALLEST_CLEAN_FONT_SIZE: Record<FontName, number> = {
  Pecita: 48,
  Inter: 12,
  Poppins: 10,
};

export interface FontSizeRange {
  min: number;
  max: number;
  /** What the designer starts at: the spec's 24, or the font's smallest clean size when 24 is under it. */
  initial: number;
}

export function fontSizeRange(font: string): FontSizeRange {
  const min = SMALLEST_CLEAN_FONT_SIZE[fontOrDefault(font)];
  return { min, max: MAX_FONT_SIZE, initial: Math.max(DEFAULT_FONT_SIZE, min) };
}

/** `fontSize` moved into the font's range, on a whole millimetre. */
export function clampFontSize(font: string, fontSize: number): number {
  const { min, max } = fontSizeRange(font);
  const even = Math.round(fontSize / 2) * 2;
  return Math.min(max, Math.max(min, even));
}

/** The em (letter) height, mm, a font size prints at. */
export function letterMm(fontSize: number): number {
  return Math.round(fontSize * MM_PER_DESIGN_PX * 10) / 10;
}

/** "Pecita, 12 mm letters". */
export function letterSizeLabel(design: { font: string; fontSize: number }): string {
  return `${design.font}, ${letterMm(design.fontSize)} mm letters`;
}

/** "54 × 12 mm": a measured decal as it is read (along the text × across it); no-break spaces keep it on one line. */
export function measuredSize(size: { widthMm: number; heightMm: number }): string {
  const mm = (value: number) => String(Math.round(value));
  return `${mm(size.widthMm)}\u00a0×\u00a0${mm(size.heightMm)}\u00a0mm`;
}
