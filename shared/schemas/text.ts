import { z } from 'zod';
import { DEFAULT_FONT, MAX_TEXT_LENGTH, TEXT_MESSAGES } from '../catalog';
import { forbiddenCharacters, unsupportedCharacters } from '../render/coverage';
import { characterCount } from '../text-length';
import { CART_MESSAGES, unprintableTextMessage } from './cart';

export { TEXT_MESSAGES };

/** `font` is optional (spec.md §7 sends only the text); the characters are then checked against Pecita. */
export const validateTextRequestSchema = z.strictObject({
  text: z.string({ error: TEXT_MESSAGES.required }),
  font: z.string().max(40).optional(),
});

/**
 * The answer of POST /api/products/validate-text, and the client's offline fallback (spec.md §5),
 * which also refuses characters the cart would refuse (control, bidi, or not in the font).
 */
export function checkCustomText(text: string, font: string = DEFAULT_FONT): { valid: boolean; message: string } {
  const trimmed = text.trim();
  if (trimmed.length === 0) return { valid: false, message: TEXT_MESSAGES.required };
  if (characterCount(text) > MAX_TEXT_LENGTH) return { valid: false, message: TEXT_MESSAGES.tooLong };
  if (forbiddenCharacters(text).length) return { valid: false, message: CART_MESSAGES.textForbidden };
  const unprintable = unsupportedCharacters(text, font);
  if (unprintable.length) return { valid: false, message: unprintableTextMessage(unprintable) };
  return { valid: true, message: TEXT_MESSAGES.valid };
}
