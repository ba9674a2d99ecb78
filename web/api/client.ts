/**
 * The one API client: `call(name, input)` reads the method, path, request and answer types from
 * the route map (shared/api/routes.ts). The page uses `call`; the sync transport and the service
 * worker make their own with `createApiClient` (their fetch, token and 401 handling).
 */
import type { DownloadedFile } from '../../shared/api/contract';
import { API_ENDPOINTS, apiPath } from '../../shared/api/endpoints';
import type { ApiRouteName, CallInput, ResponseOf } from '../../shared/api/routes';
import { errorOfAnswer, networkError } from './api-error';

export { ApiError, messageForStatus, NETWORK_ERROR_MESSAGE, TIMEOUT_MESSAGE, type ApiErrorDetails } from './api-error';

export const AUTH_TOKEN_KEY = 'auth_token';
export const API_TIMEOUT_MS = 10_000;

export interface CallOptions {
  headers?: Record<string, string>;
  /** Sent as Idempotency-Key: a retry with the same key is answered, not applied, again. */
  idempotencyKey?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Skip the 401 handler (the login form shows its own message). */
  ignoreUnauthorized?: boolean;
  /** Let the request finish even if the page is reloaded or closed meanwhile (small bodies only). */
  keepalive?: boolean;
  cache?: RequestCache;
}

export interface ApiClientConfig {
  /** Looked up at each call by default, so a test's stub of the global fetch is used. */
  fetch?: typeof fetch;
  getToken: () => string | null;
  /** Origin of the API, '' for same-origin calls from a page. */
  baseUrl?: string;
  timeoutMs?: number;
  onUnauthorized?: () => void;
}

type LooseInput = { params?: Record<string, string>; body?: unknown; query?: Record<string, string | number | null | undefined> };

/** `call('health')` needs no input; `call('orderStatus', { params, body })` does. */
export type CallArgs<Name extends ApiRouteName> = Partial<CallInput<Name>> extends CallInput<Name>
  ? [input?: CallInput<Name>, options?: CallOptions]
  : [input: CallInput<Name>, options?: CallOptions];

export type Call = <Name extends ApiRouteName>(name: Name, ...args: CallArgs<Name>) => Promise<ResponseOf<Name>>;

export function createApiClient(config: ApiClientConfig): { call: Call } {
  const call = async <Name extends ApiRouteName>(name: Name, ...args: CallArgs<Name>): Promise<ResponseOf<Name>> => {
    const entry = API_ENDPOINTS[name];
    const input = (args[0] ?? {}) as LooseInput;
    const options: CallOptions = args[1] ?? {};
    const download = entry.response.kind === 'file';

    const controller = new AbortController();
    const timeout = setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), options.timeoutMs ?? config.timeoutMs ?? API_TIMEOUT_MS);
    const { signal } = options;
    if (signal?.aborted) controller.abort(signal.reason);
    else signal?.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
    const headers: Record<string, string> = download ? { ...options.headers } : { Accept: 'application/json', ...options.headers };
    if (input.body !== undefined) headers['Content-Type'] = 'application/json';
    if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
    const token = config.getToken();
    // A caller may speak for another session (e.g. ending a token it never stored).
    if (token && !headers.Authorization) headers.Authorization = `Bearer ${token}`;

    let response: Response;
    try {
      response = await (config.fetch ?? fetch)((config.baseUrl ?? '') + apiPath(name, input.params, input.query), {
        method: entry.method,
        headers,
        body: input.body === undefined ? undefined : JSON.stringify(input.body),
        signal: controller.signal,
        keepalive: options.keepalive,
        cache: options.cache,
      });
      if (download && response.ok) return { blob: await response.blob(), fileName: fileNameOf(response) } satisfies DownloadedFile as ResponseOf<Name>;
    } catch {
      throw networkError(controller.signal.aborted && (controller.signal.reason as DOMException)?.name === 'TimeoutError');
    } finally {
      clearTimeout(timeout);
    }

    const body = parseJson(await response.text().catch(() => ''));
    if (!response.ok) {
      if (response.status === 401 && !options.ignoreUnauthorized) config.onUnauthorized?.();
      throw errorOfAnswer(response.status, body);
    }
    return body as ResponseOf<Name>;
  };
  return { call };
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The name in Content-Disposition (RFC 6266 `filename*` first), or null. */
function fileNameOf(response: Response): string | null {
  const header = response.headers.get('Content-Disposition') ?? '';
  const encoded = header.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // fall through to the plain name
    }
  }
  return header.match(/filename="([^"]+)"/i)?.[1] ?? null;
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

/** The page's client: the stored token, same origin; a 401 drops the token and calls the shell's handler. */
export const { call } = createApiClient({
  getToken,
  onUnauthorized: () => {
    setToken(null);
    onUnauthorized?.();
  },
});
