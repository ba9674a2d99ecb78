import { ApiError } from '../../../api/client';

/** The server's own sentence when it gave one (spec-worded), else the client's message for the status. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return typeof error.body.error === 'string' && error.body.error && !error.isNetwork ? error.body.error : error.message;
  return error instanceof Error ? error.message : String(error);
}
