/**
 * One rule for how long a design's text is, in the designer, the text check and the cart schema:
 * the text NFC-normalised ("e" + U+0301 is the one character "é", stored composed), counted in
 * user-perceived characters (grapheme clusters, Intl.Segmenter), so what the shopper sees as one
 * letter counts once.
 */
// Made on first need, not at import: building it loads locale data, a pause on a phone's first load.
let graphemes: Intl.Segmenter | null | undefined;
const segmenter = () => (graphemes ??= typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter('en', { granularity: 'grapheme' }) : null);

export function normalizeText(text: string): string {
  return text.normalize('NFC');
}

function charactersOf(text: string): string[] {
  const segments = segmenter();
  return segments ? Array.from(segments.segment(text), (part) => part.segment) : [...text];
}

/** User-perceived characters in the NFC form of `text`. */
export function characterCount(text: string): number {
  const normal = normalizeText(text);
  // Printable ASCII is one character per code unit: no segmenting on the checkout's hot path.
  return /^[\x20-\x7e]*$/.test(normal) ? normal.length : charactersOf(normal).length;
}

/** The NFC form of `text`, cut to its first `limit` user-perceived characters. */
export function firstCharacters(text: string, limit: number): string {
  const normal = normalizeText(text);
  if (normal.length <= limit) return normal;
  return charactersOf(normal).slice(0, limit).join('');
}
