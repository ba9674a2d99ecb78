/**
 * What the designer says before Add to Cart about characters that cannot be printed: control,
 * bidi-override and other invisible characters (never allowed), and characters the chosen font has
 * no glyph for (emoji, other scripts). Answered synchronously from the renderer's coverage table,
 * which is generated from the very font files the print file uses; the server refuses the same.
 */
import { FONTS } from '../../../shared/catalog';
import { forbiddenCharacters, unsupportedCharacters } from '../../../shared/render/coverage';

function visible(char: string): string {
  const code = char.codePointAt(0)!;
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  return /[\p{L}\p{N}\p{P}\p{S}]/u.test(char) ? `“${char}”` : hex;
}

function list(chars: readonly string[]): string {
  const shown = chars.slice(0, 5).map(visible);
  return chars.length > 5 ? `${shown.join(' ')} and ${chars.length - 5} more` : shown.join(' ');
}

/** The problem with the text for the font, in words for the shopper; null when it can be printed. */
export function designTextProblem(text: string, font: string): string | null {
  const forbidden = forbiddenCharacters(text);
  if (forbidden.length) {
    return `Your text has invisible or control characters we cannot print (${list(forbidden)}). Please type it again without them.`;
  }
  const unsupported = unsupportedCharacters(text, font);
  if (!unsupported.length) return null;
  const alternatives = FONTS.filter((other) => other !== font && unsupportedCharacters(text, other).length === 0);
  const hint = alternatives.length ? ` or choose ${alternatives.join(' or ')}, which can` : '';
  return `The ${font} font cannot print ${list(unsupported)}. Remove ${unsupported.length === 1 ? 'it' : 'them'}${hint}.`;
}
