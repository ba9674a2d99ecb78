import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catalogColorName, COLORS, FONTS, MAX_TEXT_LENGTH } from '../catalog';
import { forbiddenCharacters, unsupportedCharacters } from '../render/coverage';
import { CART_MESSAGES, cartItemSchema, unprintableTextMessage, validateCart } from './cart';

const line = { device: 'iPhone 14 Pro', color: 'Hot Pink', font: 'Pecita', price: 5.95, quantity: 1 };

/** The text rules of spec.md §5, from the full character checks, in the schema's order. */
function expectedTextMessages(text: string, font: string): string[] {
  if (text.trim().length === 0) return [CART_MESSAGES.textRequired];
  if ([...text].length > MAX_TEXT_LENGTH) return [CART_MESSAGES.textTooLong];
  const messages = forbiddenCharacters(text).length ? [CART_MESSAGES.textForbidden] : [];
  const unprintable = unsupportedCharacters(text, font);
  return unprintable.length ? [...messages, unprintableTextMessage(unprintable)] : messages;
}

/** Texts around the fast path's edges: printable ASCII, its neighbours, accents, emoji, controls, lone surrogates, long ones. */
const text = fc.oneof(
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((point) => String.fromCharCode(point)), maxLength: 24 }),
  fc.string({ unit: fc.constantFrom('a', ' ', '~', '\x7f', '\x1f', '\u00e9', 'e\u0301', '\u202e', '\u200d', '\ud83d', '😀', 'Ж', '\u00a0', '\t'), maxLength: 24 }),
  fc.string({ unit: 'grapheme', maxLength: 22 }),
  fc.string({ unit: 'binary', maxLength: 22 }),
);

describe('the cart line text and catalogue checks', () => {
  it('give the full checks’ messages for any text in any font', () => {
    fc.assert(
      fc.property(text, fc.constantFrom(...FONTS), (candidate, font) => {
        const messages = validateCart([{ ...line, text: candidate, font }]).map((message) => message.replace(/^Item 1: /, ''));
        expect(messages).toEqual(expectedTextMessages(candidate, font));
      }),
      { numRuns: 3000 },
    );
  });

  it('find a colour, font or case type in any case and spacing, stored in the catalogue’s spelling', () => {
    const spelled = (names: readonly string[]) =>
      fc.tuple(fc.constantFrom(...names, 'Mauve', ''), fc.constantFrom('', ' ', '\t'), fc.boolean(), fc.boolean()).map(
        ([name, pad, upper, lower]) => pad + (upper ? name.toUpperCase() : lower ? name.toLowerCase() : name) + pad,
      );
    fc.assert(
      fc.property(spelled(COLORS.map((color) => color.name)), spelled(FONTS), (color, font) => {
        const result = cartItemSchema.safeParse({ ...line, text: 'Hi', color, font });
        const expectedColor = catalogColorName(color);
        const expectedFont = FONTS.find((name) => name.toLowerCase() === font.trim().toLowerCase());
        expect(result.success).toBe(expectedColor !== undefined && expectedFont !== undefined);
        if (result.success) expect([result.data.color, result.data.font]).toEqual([expectedColor, expectedFont]);
      }),
    );
  });
});
