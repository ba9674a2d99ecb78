/**
 * The rule every order path checks a line's letter size by: within its font's offered range
 * (shared/decal-size.ts). Apart from the sizes themselves, which the designer's first load needs,
 * so the shop's entry carries none of the checkout's words.
 */
import { fontSizeRange, letterMm } from './decal-size';

/** The code of a 422 for a letter size the line's font is not offered in (beside DECAL_DOES_NOT_FIT). */
export const LETTER_SIZE_NOT_OFFERED = 'LETTER_SIZE_NOT_OFFERED';

/** What a line's letter size is allowed to be, in design px and in mm, as a 422 names it. */
export interface LetterSizeLimit {
  font: string;
  fontSize: number;
  minFontSize: number;
  maxFontSize: number;
  minLetterMm: number;
  maxLetterMm: number;
}

export function letterSizeLimit(font: string, fontSize: number): LetterSizeLimit {
  const { min, max } = fontSizeRange(font);
  return { font, fontSize, minFontSize: min, maxFontSize: max, minLetterMm: letterMm(min), maxLetterMm: letterMm(max) };
}

/**
 * What the designer, the cart and the server say of a letter size outside its font's offered
 * range; null when it is offered. Under the smallest size the font's strokes tear when weeded.
 */
export function letterSizeProblem(design: { font: string; fontSize: number }): string | null {
  const limit = letterSizeLimit(design.font, design.fontSize);
  if (design.fontSize >= limit.minFontSize && design.fontSize <= limit.maxFontSize) return null;
  const which = design.fontSize < limit.minFontSize ? 'Letters too small' : 'Letters too large';
  return `${which} for ${design.font}: ${letterMm(design.fontSize)} mm, where ${design.font} is cut from ${limit.minLetterMm} to ${limit.maxLetterMm} mm. Pick a size in that range.`;
}
