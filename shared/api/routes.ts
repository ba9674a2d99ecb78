/**
 * The API contract (design.md §3) as one map shared by the server, which registers these routes
 * and validates with these schemas, and the web client (web/api/client.ts `call`), which reads
 * the request and response types from the same entries. docs/decisions/api-contract.md says how
 * to add a route. Paths are relative to the origin; `:id` is filled by `apiPath`.
 */
import type { Analytics, AuthResponse, PaymentsConfig } from './types';
import type * as Answers from './answers';
import {
  answer,
  fileAnswer,
  route,
  type InputOfEntry,
  type ParsedRequestOfEntry,
  type PathParamNames,
  type RequestOfEntry,
  type ResponseOfEntry,
} from './contract';
import { analyticsEventSchema, analyticsQuerySchema, errorReportSchema } from '../schemas/analytics';
import { loginSchema, registerSchema, setupSchema } from '../schemas/auth';
import { mailOutboxQuerySchema } from '../schemas/mail';
import { checkoutSchema, createIntentSchema, orderPayloadSchema } from '../schemas/order';
import { orderLookupSchema } from '../schemas/order-lookup';
import { orderFiltersSchema, orderListQuerySchema, statusChangeSchema } from '../schemas/orders-query';
import { confirmPaymentSchema, refundSchema } from '../schemas/payment';
import { printFileQuerySchema, printFilesZipQuerySchema } from '../schemas/print-file';
import { syncPullQuerySchema, syncPushSchema } from '../schemas/sync';
import type { SyncPullResponse, SyncPushResponse } from '../sync';
import { validateTextRequestSchema } from '../schemas/text';

export const API_ROUTES = {
  health: route({ method: 'GET', path: '/api/health', response: answer<Answers.HealthAnswer>() }),
  version: route({ method: 'GET', path: '/api/version', response: answer<Answers.VersionAnswer>() }),

  devices: route({ method: 'GET', path: '/api/products/devices', response: answer<Answers.DevicesAnswer>() }),
  colors: route({ method: 'GET', path: '/api/products/colors', response: answer<Answers.ColorsAnswer>() }),
  fonts: route({ method: 'GET', path: '/api/products/fonts', response: answer<Answers.FontsAnswer>() }),
  validateText: route({ method: 'POST', path: '/api/products/validate-text', body: validateTextRequestSchema, response: answer<Answers.TextCheckAnswer>() }),

  authStatus: route({ method: 'GET', path: '/api/auth/status', response: answer<Answers.AuthStatusAnswer>() }),
  authSetup: route({ method: 'POST', path: '/api/auth/setup', body: setupSchema, response: answer<AuthResponse>() }),
  register: route({ method: 'POST', path: '/api/auth/register', body: registerSchema, response: answer<AuthResponse>() }),
  login: route({ method: 'POST', path: '/api/auth/login', body: loginSchema, response: answer<AuthResponse>() }),
  verify: route({ method: 'GET', path: '/api/auth/verify', response: answer<Answers.VerifyAnswer>() }),
  logout: route({ method: 'POST', path: '/api/auth/logout', response: answer<Answers.SuccessAnswer>() }),

  paymentsConfig: route({ method: 'GET', path: '/api/payments/config', response: answer<PaymentsConfig>() }),
  paymentMethods: route({ method: 'GET', path: '/api/payments/methods', response: answer<Answers.PaymentMethodsAnswer>() }),
  createIntent: route({ method: 'POST', path: '/api/payments/create-intent', body: createIntentSchema, response: answer<Answers.CreateIntentAnswer>() }),
  confirmPayment: route({ method: 'POST', path: '/api/payments/confirm', body: confirmPaymentSchema, response: answer<Answers.ConfirmPaymentAnswer>() }),
  refund: route({ method: 'POST', path: '/api/payments/refund', body: refundSchema, response: answer<Answers.RefundAnswer>() }),
  /** Stripe's signed raw body; no JSON schema of ours. */
  webhook: route({ method: 'POST', path: '/api/payments/webhook', response: answer<Answers.WebhookAnswer>() }),
  checkout: route({ method: 'POST', path: '/api/checkout', body: checkoutSchema, response: answer<Answers.CheckoutAnswer>() }),

  createOrder: route({ method: 'POST', path: '/api/orders', body: orderPayloadSchema, response: answer<Answers.OrderAnswer>() }),
  listOrders: route({ method: 'GET', path: '/api/orders', query: orderListQuerySchema, response: answer<Answers.OrderListAnswer>() }),
  exportOrders: route({ method: 'GET', path: '/api/orders/export.csv', query: orderFiltersSchema, response: fileAnswer() }),
  customerOrders: route({ method: 'GET', path: '/api/orders/customer', response: answer<Answers.CustomerOrdersAnswer>() }),
  orderLookup: route({ method: 'POST', path: '/api/orders/lookup', body: orderLookupSchema, response: answer<Answers.TrackedOrderAnswer>() }),
  analytics: route({ method: 'GET', path: '/api/orders/analytics', query: analyticsQuerySchema, response: answer<Analytics>() }),
  order: route({ method: 'GET', path: '/api/orders/:id', response: answer<Answers.OrderDetailAnswer>() }),
  orderStatus: route({ method: 'PATCH', path: '/api/orders/:id/status', body: statusChangeSchema, response: answer<Answers.StatusChangeAnswer>() }),
  printFile: route({ method: 'GET', path: '/api/orders/:id/print-file', query: printFileQuerySchema, response: fileAnswer() }),
  printFilesZip: route({ method: 'GET', path: '/api/fulfillment/print-files.zip', query: printFilesZipQuerySchema, response: fileAnswer() }),

  syncPull: route({ method: 'GET', path: '/api/sync/orders', query: syncPullQuerySchema, response: answer<SyncPullResponse>() }),
  syncPush: route({ method: 'POST', path: '/api/sync/push', body: syncPushSchema, response: answer<SyncPushResponse>() }),

  analyticsEvents: route({ method: 'POST', path: '/api/analytics/events', body: analyticsEventSchema, response: answer<Answers.AcceptedAnswer>() }),
  errorReports: route({ method: 'POST', path: '/api/errors', body: errorReportSchema, response: answer<Answers.ErrorReportAnswer>() }),

  mailOutbox: route({ method: 'GET', path: '/api/mail/outbox', query: mailOutboxQuerySchema, response: answer<Answers.MailOutboxAnswer>() }),
  mailRetry: route({ method: 'POST', path: '/api/mail/outbox/:orderId/:mailKey/retry', response: answer<Answers.MailRetryAnswer>() }),
} as const;

export type ApiRoutes = typeof API_ROUTES;
export type ApiRouteName = keyof ApiRoutes;

/** Routes answering JSON (the others are downloads). */
export type JsonRouteName = { [Name in ApiRouteName]: ApiRoutes[Name]['response'] extends { kind: 'json' } ? Name : never }[ApiRouteName];

/** What a client sends: the JSON body of a POST/PATCH, the query of a GET (undefined when neither). */
export type RequestOf<Name extends ApiRouteName> = RequestOfEntry<ApiRoutes[Name]>;
/** What the server's handler gets once the entry's schema has parsed the request. */
export type ParsedRequestOf<Name extends ApiRouteName> = ParsedRequestOfEntry<ApiRoutes[Name]>;
/** The body of a successful answer (a DownloadedFile for downloads). */
export type ResponseOf<Name extends ApiRouteName> = ResponseOfEntry<ApiRoutes[Name]>;
/** The `:name` segments of the route's path. */
export type PathParamsOf<Name extends ApiRouteName> = Record<PathParamNames<ApiRoutes[Name]['path']>, string>;
/** The second argument of `call`: `params`, `body` and `query` as the entry has them. */
export type CallInput<Name extends ApiRouteName> = InputOfEntry<ApiRoutes[Name]>;

/** The server-side path of a route without the `/api` prefix, for routers mounted at /api. */
export function routerPath(name: ApiRouteName): string {
  return API_ROUTES[name].path.slice('/api'.length);
}

/** A concrete path with `:param` segments filled and a query string of the non-empty values. */
export function apiPath(
  name: ApiRouteName,
  params: Record<string, string> = {},
  query: Record<string, string | number | undefined | null> = {},
): string {
  const path = API_ROUTES[name].path.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(params[key] ?? ''));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}
