import { badRequest, type HttpError } from './http-error';

/**
 * PostgreSQL refuses text it cannot store (a NUL: SQLSTATE 22021; a character the encoding cannot
 * carry: 22P05) where SQLite takes it. Such a value can only have come from the request, so it is
 * the client's error, never a 500. The checkout's own error wrapper and the middleware both use
 * this, so neither turns it into a 500 before the other sees it.
 */
const UNSTORABLE_TEXT_CODES = new Set(['22021', '22P05']);

export function databaseInputErrorOf(error: unknown): HttpError | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && UNSTORABLE_TEXT_CODES.has(code) ? badRequest() : undefined;
}
