/** A failure with an HTTP status and a machine code; the error middleware turns it into JSON. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors?: { path: string; message: string }[],
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** Generic messages of spec.md §8, used when nothing more specific is known. */
export const GENERIC_MESSAGES = {
  400: 'Invalid request. Please check your input.',
  401: 'Authentication required. Please log in.',
  403: 'Access denied. You do not have permission.',
  404: 'Resource not found.',
  409: 'Conflict. Resource already exists.',
  422: 'Validation error.',
  429: 'Too many requests. Please try again later.',
  500: 'Server error. Please try again later.',
} as const;

export const badRequest = (message: string = GENERIC_MESSAGES[400], code = 'BAD_REQUEST') =>
  new HttpError(400, code, message);
export const unauthorized = (message: string = GENERIC_MESSAGES[401], code = 'UNAUTHORIZED') =>
  new HttpError(401, code, message);
export const forbidden = (message: string = GENERIC_MESSAGES[403], code = 'FORBIDDEN') =>
  new HttpError(403, code, message);
export const notFound = (message: string = GENERIC_MESSAGES[404], code = 'NOT_FOUND') =>
  new HttpError(404, code, message);
export const conflict = (message: string = GENERIC_MESSAGES[409], code = 'CONFLICT') =>
  new HttpError(409, code, message);
export const tooManyRequests = (message: string = GENERIC_MESSAGES[429], code = 'TOO_MANY_REQUESTS') =>
  new HttpError(429, code, message);
