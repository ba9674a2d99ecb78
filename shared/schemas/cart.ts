import { z } from 'zod';
import {
  CASE_TYPES,
  DEFAULT_CASE_TYPE,
  DEFAULT_FONT,
  FONTS,
  isOrderableVariant,
  MAX_FONT_SIZE,
  MAX_QUANTITY_PER_LINE,
  MAX_TEXT_LENGTH,
  MIN_FONT_SIZE,
  offeredColors,
  offeredFonts,
  productTypeOfVariant,
} from '../catalog';
import { fontSizeRange } from '../decal-size';
import { LETTER_SIZE_NOT_OFFERED, letterSizeLimit, letterSizeProblem } from '../letter-size-rule';
import { isWholeCents } from '../money';
import { fontCovers, forbiddenCharacters, unsupportedCharacters } from '../render/coverage';
import { characterCount, normalizeText } from '../text-length';
import { itemMessage } from './fields';

export { MAX_QUANTITY_PER_LINE };

/**
 * Messages of spec.md §5 "Cart validation", without their "Item N: " prefix. The spec's words where
 * it has them (an unknown colour is no colour selection); the same pattern for the fields it leaves out.
 */
export const CART_MESSAGES = {
  empty: 'Cart is empty',
  textRequired: 'Custom text is required',
  textTooLong: `Text exceeds ${MAX_TEXT_LENGTH} character limit`,
  textForbidden: 'Text contains characters that are not allowed',
  deviceRequired: 'Device selection is required',
  productTypeMismatch: 'Product type does not match the device',
  colorRequired: 'Color selection is required',
  fontRequired: 'Font selection is required',
  caseTypeRequired: 'Case type selection is required',
  invalidFontSize: 'Invalid font size',
  invalidPrice: 'Invalid price',
  invalidQuantity: 'Invalid quantity',
} as const;

/** "Text contains characters that cannot be printed: 😀 ✨" (emoji and scripts the font has no glyph for). */
export function unprintableTextMessage(characters: readonly string[]): string {
  return `Text contains characters that cannot be printed: ${characters.join(' ')}`;
}

/** The value of `values` equal to `value` (trimmed) in any case; the first such value, as `find` would give. */
function oneOf(values: readonly string[]): (value: string) => string | undefined {
  const byLowerCase = new Map<string, string>();
  for (const value of values) if (!byLowerCase.has(value.toLowerCase())) byLowerCase.set(value.toLowerCase(), value);
  return (value) => byLowerCase.get(value.trim().toLowerCase());
}

/** oneOf over a list the live catalogue may replace: rebuilt only when the list itself changes. */
function oneOfLive(list: () => readonly string[]): (value: string) => string | undefined {
  let seen: readonly string[] | null = null;
  let lookup: (value: string) => string | undefined = () => undefined;
  return (value) => {
    const values = list();
    if (values !== seen) [seen, lookup] = [values, oneOf(values)];
    return lookup(value);
  };
}
const offeredColorNames = (() => {
  let colors: readonly { name: string }[] | null = null;
  let names: readonly string[] = [];
  return () => {
    const now = offeredColors();
    if (now !== colors) [colors, names] = [now, now.map((color) => color.name)];
    return names;
  };
})();

/**
 * The text checks' fast path (the cart is validated on every checkout, on the server's main thread):
 * printable ASCII has one code point per code unit, holds no forbidden character, and needs no
 * coverage lookup in a font that draws all of it. Anything else takes the full checks.
 */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const FONTS_DRAWING_ASCII: ReadonlySet<string> = new Set(
  FONTS.filter((font) => Array.from({ length: 0x7f - 0x20 }, (_, offset) => 0x20 + offset).every((point) => fontCovers(font, point))),
);
const withinTextLimit = (text: string) => text.length <= MAX_TEXT_LENGTH || characterCount(text) <= MAX_TEXT_LENGTH;
const hasNoForbiddenCharacter = (text: string) => PRINTABLE_ASCII.test(text) || forbiddenCharacters(text).length === 0;
function charactersFontCannotDraw(text: string, font: string): string[] {
  return FONTS_DRAWING_ASCII.has(font) && typeof text === 'string' && PRINTABLE_ASCII.test(text) ? [] : unsupportedCharacters(text, font);
}

/** A select-type field: a catalogue value, matched in any case and stored in the catalogue's spelling. */
function catalogueChoice(canonical: (value: string) => string | undefined, message: string) {
  return z
    .string({ error: message })
    .max(100, message)
    .transform((value, ctx) => {
      const found = canonical(value);
      if (found === undefined) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return found;
    });
}

/**
 * A line's letter size; one sent without it starts where the designer starts (the spec's 24, or the
 * font's smallest offered size where 24 is under it), so the default font and size stay orderable.
 */
const fontSizeOf = (item: { font: string; fontSize?: number | undefined }) => item.fontSize ?? fontSizeRange(item.font).initial;

/**
 * One cart line as the cart and the order payload carry it (spec.md §3 "Cart item"), checked against
 * the live catalogue: the device is an orderable (not retired) variant and decides the product type (a productType or
 * variant sent along must agree with it), colour, font and case type are catalogue values, and the
 * text holds only characters its font can print.
 */
export const cartItemFields = z.strictObject({
  id: z.string().max(100).optional(),
  device: z
    .string({ error: CART_MESSAGES.deviceRequired })
    .trim()
    .min(1, { error: CART_MESSAGES.deviceRequired, abort: true })
    .refine(isOrderableVariant, CART_MESSAGES.deviceRequired),
  productType: z.string({ error: CART_MESSAGES.productTypeMismatch }).max(40, CART_MESSAGES.productTypeMismatch).optional(),
  variant: z.string({ error: CART_MESSAGES.deviceRequired }).max(60, CART_MESSAGES.deviceRequired).optional(),
  caseType: catalogueChoice(oneOf(CASE_TYPES), CART_MESSAGES.caseTypeRequired).default(DEFAULT_CASE_TYPE),
  // Stored composed (NFC): what the shopper typed, however the keyboard encoded it.
  text: z
    .string({ error: CART_MESSAGES.textRequired })
    .transform(normalizeText)
    .refine((text) => text.trim().length > 0, { error: CART_MESSAGES.textRequired, abort: true })
    .refine(withinTextLimit, { error: CART_MESSAGES.textTooLong, abort: true })
    .refine(hasNoForbiddenCharacter, CART_MESSAGES.textForbidden),
  color: z
    .string({ error: CART_MESSAGES.colorRequired })
    .trim()
    .min(1, { error: CART_MESSAGES.colorRequired, abort: true })
    .pipe(catalogueChoice(oneOfLive(offeredColorNames), CART_MESSAGES.colorRequired)),
  font: catalogueChoice(oneOfLive(offeredFonts), CART_MESSAGES.fontRequired).default(DEFAULT_FONT),
  fontSize: z
    .number({ error: CART_MESSAGES.invalidFontSize })
    .int(CART_MESSAGES.invalidFontSize)
    .min(MIN_FONT_SIZE, CART_MESSAGES.invalidFontSize)
    .max(MAX_FONT_SIZE, CART_MESSAGES.invalidFontSize)
    .optional(),
  logo: z.boolean().default(false),
  price: z
    .number({ error: CART_MESSAGES.invalidPrice })
    .positive(CART_MESSAGES.invalidPrice)
    .finite(CART_MESSAGES.invalidPrice)
    .refine(isWholeCents, CART_MESSAGES.invalidPrice),
  quantity: z
    .number({ error: CART_MESSAGES.invalidQuantity })
    .int(CART_MESSAGES.invalidQuantity)
    .min(1, CART_MESSAGES.invalidQuantity)
    .max(MAX_QUANTITY_PER_LINE, CART_MESSAGES.invalidQuantity)
    .default(1),
  addedAt: z.union([z.string().max(40), z.number()]).optional(),
});

/** The rules across a line's fields: product type, variant, printable text and an offered letter size. */
export function checkCartItemRules(item: z.output<typeof cartItemFields>, ctx: z.RefinementCtx): void {
  const type = productTypeOfVariant(item.device);
  if (type && item.productType !== undefined && item.productType !== type.id) {
    ctx.addIssue({ code: 'custom', path: ['productType'], message: CART_MESSAGES.productTypeMismatch });
  }
  if (item.variant !== undefined && item.variant !== item.device) {
    ctx.addIssue({ code: 'custom', path: ['variant'], message: CART_MESSAGES.deviceRequired });
  }
  const unprintable = charactersFontCannotDraw(item.text, item.font);
  if (unprintable.length) ctx.addIssue({ code: 'custom', path: ['text'], message: unprintableTextMessage(unprintable) });
  const design = { font: item.font, fontSize: fontSizeOf(item) };
  const sizeProblem = letterSizeProblem(design);
  if (sizeProblem) {
    ctx.addIssue({ code: 'custom', path: ['fontSize'], message: sizeProblem, params: { errorCode: LETTER_SIZE_NOT_OFFERED, limit: letterSizeLimit(design.font, design.fontSize) } });
  }
}

export const withLetterSize = <T extends { font: string; fontSize?: number | undefined }>(item: T) => ({ ...item, fontSize: fontSizeOf(item) });

export const cartItemSchema = cartItemFields.superRefine(checkCartItemRules).transform(withLetterSize);
export type CartItemInput = z.input<typeof cartItemSchema>;
export type CartItem = z.output<typeof cartItemSchema>;

/**
 * Cart validation of spec.md §5: 'Cart is empty' or one 'Item N: …' message per failing rule,
 * N counting from 1.
 */
export function validateCart(items: readonly unknown[]): string[] {
  if (items.length === 0) return [CART_MESSAGES.empty];
  const messages: string[] = [];
  items.forEach((item, index) => {
    const result = cartItemSchema.safeParse(item);
    if (result.success) return;
    const seen = new Set<string>();
    for (const issue of result.error.issues) {
      if (seen.has(issue.message)) continue;
      seen.add(issue.message);
      messages.push(itemMessage(['items', index], issue.message));
    }
  });
  return messages;
}
