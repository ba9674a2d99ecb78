import { z } from 'zod';

/** A trimmed string that must not be empty; stops further checks when it is (one message a field). */
export function requiredString(message: string) {
  return z.string({ error: message }).trim().min(1, { error: message, abort: true });
}

/** "Item N: message" for an issue under items[N-1] (spec.md §5); other messages unchanged. */
export function itemMessage(path: readonly PropertyKey[], message: string): string {
  const index = path[0] === 'items' ? path[1] : undefined;
  return typeof index === 'number' ? `Item ${index + 1}: ${message}` : message;
}

/** Turns zod issues into the `errors` list of the API error body; an item's message names its line ("Item 2: …"). */
export function issuesToFieldErrors(error: z.ZodError): { path: string; message: string }[] {
  return error.issues.map((issue) => ({ path: issue.path.join('.'), message: itemMessage(issue.path, issue.message) }));
}

/** First message per field path, for forms that show one error under each field. */
export function firstErrorByField(error: z.ZodError): Record<string, string> {
  const byField: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.join('.');
    if (!(path in byField)) byField[path] = issue.message;
  }
  return byField;
}
