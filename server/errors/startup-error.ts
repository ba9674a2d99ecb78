/** A reason the server cannot start that the operator can fix; printed as one line, without a stack. */
export class StartupError extends Error {
  override name = 'StartupError';
}

const UNWRITABLE = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOTDIR', 'ENOENT', 'EEXIST', 'ENOSPC', 'SQLITE_CANTOPEN', 'SQLITE_READONLY', 'SQLITE_READONLY_DIRECTORY', 'SQLITE_FULL', 'SQLITE_IOERR', 'SQLITE_PERM']);

/** The one-line error for a data folder or database file the server cannot write, or the error itself. */
export function unwritableDataError(file: string, error: unknown): unknown {
  const code = (error as { code?: unknown })?.code;
  if (typeof code !== 'string' || !(UNWRITABLE.has(code) || code.startsWith('SQLITE_IOERR') || code.startsWith('SQLITE_READONLY'))) return error;
  return new StartupError(
    `Cannot write the database at ${file} (${code}). Make the file and its folder writable by this process, free disk space, or set DATABASE_URL to a writable path.`,
  );
}
