import type { z } from 'zod';
import { issuesToFieldErrors, namedRefusal } from '../../shared/schemas/fields';
import { GENERIC_MESSAGES, HttpError } from '../errors/http-error';

/**
 * Parses input with a shared schema. A failure is a 422 whose message is the first spec message,
 * unless `status`/`code` say otherwise (login's 400 'Please fill in all fields', say); a rule that
 * names its own code (a letter size the font is not offered in) answers with that code and its limits.
 */
export function validate<S extends z.ZodType>(
  schema: S,
  input: unknown,
  options: { status?: number; code?: string } = {},
): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors = issuesToFieldErrors(result.error);
  const named = options.code ? null : namedRefusal(result.error);
  throw new HttpError(
    options.status ?? 422,
    options.code ?? named?.code ?? 'VALIDATION_ERROR',
    errors[0]?.message ?? GENERIC_MESSAGES[422],
    errors,
    // A named refusal is the shopper's to act on: its words as `details`, which the checkout shows as they are.
    named ? { details: errors[0]?.message, limits: named.limits } : undefined,
  );
}
