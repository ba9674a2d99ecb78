import { HttpError } from './http-error';

/** 503 with a Retry-After the error middleware sends: the database cannot take the write now. */
export class StorageUnavailableError extends HttpError {
  constructor(
    code: string,
    message: string,
    readonly retryAfterSeconds: number,
    /** The database's own error, for the log (the client is told only to retry). */
    cause?: unknown,
  ) {
    super(503, code, message);
    if (cause !== undefined) this.cause = cause;
  }
}

/** Codes of a storage that cannot take writes at all (not merely busy): logged with their cause. */
export const STORAGE_FAULT_CODES = new Set(['STORAGE_UNAVAILABLE', 'DB_UNREACHABLE']);

const BUSY_MESSAGE = 'The shop is busy saving other changes. Please try again in a moment.';
const UNAVAILABLE_MESSAGE = 'Service temporarily unavailable. Please try again in a few moments.';

/** SQLite's and PostgreSQL's codes for a lock not had in time. */
const BUSY_CODES = new Set(['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_BUSY_RECOVERY', 'SQLITE_LOCKED', '55P03', '57014']);
/** …for storage that cannot be written: disk full, read-only, I/O failure. */
const UNWRITABLE_CODES = new Set(['SQLITE_FULL', 'SQLITE_READONLY', 'SQLITE_CANTOPEN', 'SQLITE_PERM', '53100', '53200', '25006']);

/**
 * …for a database that cannot be reached now: PostgreSQL ending or refusing the connection
 * (shutdown, crash, still starting, too many connections, connection exceptions of class 08),
 * the connection refused or reset on the way to it.
 */
const UNREACHABLE_CODES = new Set(['57P01', '57P02', '57P03', '53300', 'ECONNREFUSED', 'ECONNRESET']);
/** node-postgres says these without a code: a connection lost mid-transaction, or none had in time. */
const UNREACHABLE_MESSAGES = ['Connection terminated', 'is not queryable', 'timeout exceeded when trying to connect'];

export function isBusyError(error: unknown): boolean {
  return BUSY_CODES.has(codeOf(error));
}

/**
 * The 503 for an error that says the database cannot take a write now (locked past the bound, disk
 * full, read-only), or undefined for any other error. Never a 500: the client may retry later.
 */
export function storageErrorOf(error: unknown): StorageUnavailableError | undefined {
  if (error instanceof StorageUnavailableError) return error;
  const code = codeOf(error);
  if (BUSY_CODES.has(code)) return new StorageUnavailableError('DB_BUSY', BUSY_MESSAGE, 1, error);
  if (UNWRITABLE_CODES.has(code) || code.startsWith('SQLITE_IOERR') || code.startsWith('SQLITE_READONLY')) {
    return new StorageUnavailableError('STORAGE_UNAVAILABLE', UNAVAILABLE_MESSAGE, 30, error);
  }
  // A restart or failover takes seconds: nothing was written, so the client may retry soon.
  if (UNREACHABLE_CODES.has(code) || code.startsWith('08') || isLostConnectionMessage(error)) {
    return new StorageUnavailableError('DB_UNREACHABLE', UNAVAILABLE_MESSAGE, 5, error);
  }
  return undefined;
}

function isLostConnectionMessage(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return UNREACHABLE_MESSAGES.some((text) => message.includes(text));
}

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}
