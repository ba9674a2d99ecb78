/** The one error every API call throws, with the messages of spec.md §8. */
import type { ApiErrorBody } from '../../shared/api/types';

/** Generic messages of spec.md §8 by HTTP status. */
export function messageForStatus(status: number, serverMessage?: string): string {
  switch (status) {
    case 400: return serverMessage || 'Invalid request. Please check your input.';
    case 401: return 'Authentication required. Please log in.';
    case 403: return 'Access denied. You do not have permission.';
    case 404: return 'Resource not found.';
    case 409: return serverMessage || 'Conflict. Resource already exists.';
    case 422: return serverMessage || 'Validation error.';
    case 429: return 'Too many requests. Please try again later.';
    case 500: return 'Server error. Please try again later.';
    default: return serverMessage || 'An unexpected error occurred.';
  }
}

export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your connection.';
export const TIMEOUT_MESSAGE = 'Request timed out. Please try again.';

/** An error answer's body: `{error, code}` and whatever the route adds (`order`, `declineCode`, …). */
export type ApiErrorDetails = Partial<ApiErrorBody> & Record<string, unknown>;

/**
 * A refused or failed call. status 0 is the network (code NETWORK_ERROR) or the client's timeout
 * (code TIMEOUT); otherwise the server's status, its code (or HTTP_<status>) and its body.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly body: ApiErrorDetails = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
  get isNetwork(): boolean {
    return this.status === 0;
  }
}

export function networkError(timedOut: boolean): ApiError {
  return new ApiError(timedOut ? TIMEOUT_MESSAGE : NETWORK_ERROR_MESSAGE, 0, timedOut ? 'TIMEOUT' : 'NETWORK_ERROR');
}

export function errorOfAnswer(status: number, body: unknown): ApiError {
  const details = (body && typeof body === 'object' ? body : {}) as ApiErrorDetails;
  const serverMessage = typeof details.error === 'string' ? details.error : undefined;
  return new ApiError(messageForStatus(status, serverMessage), status, details.code ?? `HTTP_${status}`, details);
}
