/**
 * What the admin is told when a server-only call (a fix that moves money or changes what is printed,
 * the customer list, notes) got no answer: the tablet never queues these, so nothing was changed.
 */
import { ApiError } from '../../../api/client';

/** Whether the call never got an answer (offline, server gone, timed out). */
export const unanswered = (error: unknown) => error instanceof ApiError && error.status === 0;

const SERVER_NEEDED = 'needs the server, which cannot be reached: nothing was changed. Try again once the tablet is back online.';

/** What to tell the admin when a fix failed. */
export function fixFailure(error: unknown, what: string): string {
  if (unanswered(error)) return `${what} ${SERVER_NEEDED}`;
  return error instanceof Error ? error.message : String(error);
}
