import type { ApiErrorBody } from '../../shared/api/types';

export const AUTH_TOKEN_KEY = 'auth_token';
export const API_TIMEOUT_MS = 10_000;

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

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly body: Partial<ApiErrorBody> & Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
  get isNetwork(): boolean {
    return this.status === 0;
  }
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler | null = null;

/** Registered by the app shell: a 401 removes the token and sends the admin to /admin/login. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  onUnauthorized = handler;
}

export function getToken(): string | null {
  try {
    return localStorage.getItem(AUTH_TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string | null): void {
  if (token) localStorage.setItem(AUTH_TOKEN_KEY, token);
  else localStorage.removeItem(AUTH_TOKEN_KEY);
}

export interface ApiRequestOptions {
  body?: unknown;
  headers?: Record<string, string>;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Skip the global 401 handler (the login form shows its own message). */
  ignoreUnauthorized?: boolean;
  /** Let the request finish even if the page is reloaded or closed meanwhile (small bodies only). */
  keepalive?: boolean;
}

/**
 * One JSON call to the API: bearer token, 10 s timeout, errors as ApiError with the spec's
 * messages. The server's `{error, code}` body is kept on the error for callers that need more.
 */
export async function apiRequest<T>(method: string, path: string, options: ApiRequestOptions = {}): Promise<T> {
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), options.timeoutMs ?? API_TIMEOUT_MS);
  options.signal?.addEventListener('abort', () => controller.abort(options.signal!.reason), { once: true });
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const token = getToken();
  // A caller may speak for another session (e.g. ending a token it never stored).
  if (token && !headers.Authorization) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: controller.signal,
      keepalive: options.keepalive,
    });
  } catch {
    const timedOut = controller.signal.aborted && (controller.signal.reason as DOMException)?.name === 'TimeoutError';
    throw new ApiError(timedOut ? TIMEOUT_MESSAGE : NETWORK_ERROR_MESSAGE, 0, timedOut ? 'TIMEOUT' : 'NETWORK_ERROR');
  } finally {
    clearTimeout(timeout);
  }

  const text = await response.text();
  let body: unknown = undefined;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
  }
  if (!response.ok) {
    const errorBody = (body && typeof body === 'object' ? body : {}) as Partial<ApiErrorBody> & Record<string, unknown>;
    if (response.status === 401 && !options.ignoreUnauthorized) {
      setToken(null);
      onUnauthorized?.();
    }
    throw new ApiError(messageForStatus(response.status, errorBody.error), response.status, errorBody.code ?? `HTTP_${response.status}`, errorBody);
  }
  return body as T;
}
