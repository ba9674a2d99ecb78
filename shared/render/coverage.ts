/**
 * Which characters a design can hold. Answered from a table generated from the font files
 * (coverage.generated.ts), so the cart's validation in the browser and the server's answer it
 * synchronously without parsing a font; coverage.test.ts keeps the table true to the files.
 */
import { fontOrDefault } from '../catalog';
import { FONT_COVERAGE } from './coverage.generated';

/**
 * Characters no design may hold, whatever the font: control characters (ESC, NUL, line breaks),
 * invisible format characters (the bidi overrides U+202A–U+202E and isolates U+2066–U+2069, zero-width
 * joiners, soft hyphens), line and paragraph separators, lone surrogates, private-use and unassigned
 * code points. They print as nothing or reorder what is printed, so the print room could not tell
 * what the shopper meant.
 */
const FORBIDDEN = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}]/u;

/** The text as it is laid out and checked: NFC, so "e" + U+0301 is the one character "é". */
export function normalizeDesignText(text: string): string {
  return text.normalize('NFC');
}

function distinct(chars: Iterable<string>): string[] {
  return [...new Set(chars)];
}

/** The forbidden characters of a text, each once, in order of appearance. */
export function forbiddenCharacters(text: string): string[] {
  return distinct([...text].filter((char) => FORBIDDEN.test(char)));
}

function covers(ranges: readonly (readonly [number, number])[], codePoint: number): boolean {
  let low = 0;
  let high = ranges.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const [first, last] = ranges[middle]!;
    if (codePoint < first) high = middle - 1;
    else if (codePoint > last) low = middle + 1;
    else return true;
  }
  return false;
}

/** Whether the font's files have a glyph for the code point (unknown font names check the default). */
export function fontCovers(font: string, codePoint: number): boolean {
  const ranges = FONT_COVERAGE[fontOrDefault(font)];
  return covers(ranges, codePoint);
}

/**
 * The characters of `text` the font cannot draw (emoji, scripts outside latin and latin-ext), each
 * once, in order of appearance, after NFC normalisation. Forbidden characters are reported by
 * forbiddenCharacters, not here.
 */
export function unsupportedCharacters(text: string, font: string): string[] {
  return distinct(
    [...normalizeDesignText(text)].filter((char) => !FORBIDDEN.test(char) && !fontCovers(font, char.codePointAt(0)!)),
  );
}

/** Sorted, merged inclusive ranges of a set of code points. */
export function codePointRanges(codePoints: Iterable<number>): [number, number][] {
  const sorted = [...new Set(codePoints)].sort((a, b) => a - b);
  const ranges: [number, number][] = [];
  for (const point of sorted) {
    const last = ranges[ranges.length - 1];
    if (last && point === last[1] + 1) last[1] = point;
    else ranges.push([point, point]);
  }
  return ranges;
}
