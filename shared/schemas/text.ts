import { z } from 'zod';
import { MAX_TEXT_LENGTH, TEXT_MESSAGES } from '../catalog';

export { TEXT_MESSAGES };

export const validateTextRequestSchema = z.strictObject({
  text: z.string({ error: TEXT_MESSAGES.required }),
});

/** The answer of POST /api/products/validate-text, and the client's offline fallback (spec.md §5). */
export function checkCustomText(text: string): { valid: boolean; message: string } {
  const trimmed = text.trim();
  if (trimmed.length === 0) return { valid: false, message: TEXT_MESSAGES.required };
  if ([...text].length > MAX_TEXT_LENGTH) return { valid: false, message: TEXT_MESSAGES.tooLong };
  return { valid: true, message: TEXT_MESSAGES.valid };
}
