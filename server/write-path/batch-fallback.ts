import type { Logger } from '../http/logger';

/**
 * Why a PostgreSQL batch statement fails in the normal run of things: a unique key taken (a retried
 * Idempotency-Key that has answered before, an order number drawn twice) or shop_assert's check that
 * the settle found every record (one settled meanwhile by the webhook; migration 2026-11-25T0200).
 */
const EXPECTED_CODES = new Set(['23505', 'P0001']);

/**
 * Logs that a batch could not be written as a whole and is written again in smaller pieces, so that
 * an operator sees a batch path that keeps failing (each fallback costs its checkouts more round
 * trips): at info for the expected causes, at warn for anything else, with the database's code.
 */
export function logBatchFallback(logger: Logger, writer: string, jobs: number, next: string, error: unknown): void {
  const code = (error as { code?: unknown } | null)?.code;
  const fields = { writer, jobs, next, code: typeof code === 'string' ? code : null, error: error instanceof Error ? error.message : String(error) };
  if (typeof code === 'string' && EXPECTED_CODES.has(code)) logger.info('batch written again in smaller pieces', fields);
  else logger.warn('batch statement failed; written again in smaller pieces', fields);
}
