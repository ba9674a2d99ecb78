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

/**
 * The machine code a refusal carries when its first issue names one (a custom issue's
 * `params.errorCode`, as the letter-size rule does), with the `limits` its issues of that code give,
 * each naming its line where it is under items[N-1]; null for a plain validation error.
 */
export function namedRefusal(error: z.ZodError): { code: string; limits: Record<string, unknown>[] } | null {
  const codeOf = (issue: z.core.$ZodIssue): unknown => (issue.code === 'custom' ? issue.params?.errorCode : undefined);
  const code = error.issues[0] && codeOf(error.issues[0]);
  if (typeof code !== 'string') return null;
  const limits = error.issues
    .filter((issue) => codeOf(issue) === code && issue.code === 'custom')
    .map((issue) => {
      const line = issue.path[0] === 'items' && typeof issue.path[1] === 'number' ? { line: issue.path[1] + 1 } : {};
      return { ...line, ...((issue as z.core.$ZodIssueCustom).params?.limit ?? {}) };
    });
  return { code, limits };
}
