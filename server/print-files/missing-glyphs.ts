import { fontOrDefault } from '../../shared/catalog';
import { forbiddenCharacters, unsupportedCharacters, type PrintOrder } from '../../shared/render';
import { HttpError } from '../errors/http-error';

const shown = (chars: string[]) => chars.map((char) => `“${char}” (U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')})`).join(', ');

type Entry = { orderNumber: string; line: number; item: PrintOrder['items'][number] };
export type MissingGlyphs = { path: string; message: string };

/** Each line whose text holds characters its font cannot draw, named with those characters. */
export function findMissingGlyphs(entries: Iterable<Entry>): MissingGlyphs[] {
  const problems: MissingGlyphs[] = [];
  for (const { orderNumber, line, item } of entries) {
    const missing = [...unsupportedCharacters(item.text, item.font), ...forbiddenCharacters(item.text)];
    if (missing.length === 0) continue;
    problems.push({ path: `${orderNumber}/line/${line}`, message: `${orderNumber} line ${line}: ${fontOrDefault(item.font)} has no ${shown(missing)}` });
  }
  return problems;
}

/**
 * Refuses (422 MISSING_GLYPHS) to make a print or cut file of lines whose text holds characters
 * their font cannot draw: the renderer would leave them out, and a decal missing a letter is a
 * wasted piece and an unhappy customer. The message names each line and each character.
 */
export function refuseMissingGlyphs(entries: Iterable<Entry>): void {
  refuseFound(findMissingGlyphs(entries));
}

/** The refusal for problems found (a streamed queue gathers them batch by batch). */
export function refuseFound(problems: readonly MissingGlyphs[]): void {
  if (problems.length === 0) return;
  throw new HttpError(
    422,
    'MISSING_GLYPHS',
    `Cannot print without every character: ${problems.map((p) => p.message).join('; ')}. Correct the text (or the font) first.`,
    [...problems],
  );
}

/** The check for one order's selected lines. */
export function refuseOrderMissingGlyphs(order: PrintOrder, lines: readonly number[]): void {
  refuseMissingGlyphs(lines.map((line) => ({ orderNumber: order.orderNumber, line, item: order.items[line - 1]! })));
}
