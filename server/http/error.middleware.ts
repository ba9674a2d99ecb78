import type { Context, Next } from 'koa';
import { ZodError } from 'zod';
import { issuesToFieldErrors } from '../../shared/schemas/fields';
import { GENERIC_MESSAGES, HttpError } from '../errors/http-error';
import { databaseInputErrorOf } from '../errors/database-input-error';
import { STORAGE_FAULT_CODES, storageErrorOf, StorageUnavailableError } from '../errors/storage-errors';
import type { Logger } from './logger';

interface StatusError {
  status?: number;
  statusCode?: number;
  expose?: boolean;
  message?: string;
  code?: string;
}

/** The one place where failures become `{error, code, errors?}` bodies (design.md §3). */
export function errorMiddleware(logger: Logger, storage: { onFault(): void; onWritten(): void } = { onFault() {}, onWritten() {} }) {
  return async function handleErrors(ctx: Context, next: Next) {
    try {
      await next();
      if (ctx.method !== 'GET' && ctx.method !== 'HEAD' && ctx.status < 400) storage.onWritten();
    } catch (thrown) {
      // A locked, full or read-only database is a 503 the client may retry, never a 500.
      const caught = storageErrorOf(thrown) ?? databaseInputErrorOf(thrown) ?? thrown;
      if (caught instanceof HttpError) {
        if (caught.status === 503 && STORAGE_FAULT_CODES.has(caught.code)) {
          // The cause, not what hid it: a rollback after SQLite ended the transaction itself once
          // hid every full disk behind "cannot rollback - no transaction is active".
          logger.error('storage unavailable', { path: ctx.path, method: ctx.method, code: caught.code, cause: describe(caught.cause) });
          if (caught.code === 'STORAGE_UNAVAILABLE') storage.onFault();
        }
        if (caught.code === 'REQUEST_ABORTED') logger.info('client aborted the request', { path: ctx.path, method: ctx.method });
        if (caught instanceof StorageUnavailableError) ctx.set('Retry-After', String(caught.retryAfterSeconds));
        ctx.status = caught.status;
        ctx.body = {
          error: caught.message,
          code: caught.code,
          ...(caught.errors ? { errors: caught.errors } : {}),
          ...caught.extra,
        };
        return;
      }
      if (caught instanceof ZodError) {
        const errors = issuesToFieldErrors(caught);
        ctx.status = 422;
        ctx.body = { error: errors[0]?.message ?? GENERIC_MESSAGES[422], code: 'VALIDATION_ERROR', errors };
        return;
      }
      const statusError = caught as StatusError;
      const status = statusError.status ?? statusError.statusCode;
      if (status && status >= 400 && status < 500) {
        ctx.status = status;
        ctx.body = {
          error: statusError.expose && statusError.message ? statusError.message : genericMessage(status),
          code: statusError.code && /^[A-Z_]+$/.test(statusError.code) ? statusError.code : `HTTP_${status}`,
        };
        return;
      }
      logger.error('unhandled error', { path: ctx.path, method: ctx.method, err: describe(caught) });
      ctx.status = 500;
      ctx.body = { error: GENERIC_MESSAGES[500], code: 'INTERNAL_ERROR' };
    }
  };
}

function genericMessage(status: number): string {
  return (GENERIC_MESSAGES as Record<number, string>)[status] ?? 'An unexpected error occurred.';
}

function describe(error: unknown): Record<string, unknown> {
  if (error instanceof Error) return { name: error.name, message: error.message, code: (error as StatusError).code, stack: error.stack };
  return { value: String(error) };
}
