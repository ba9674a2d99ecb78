/**
 * The wire half of the API contract (design.md §3): each route's method, path and answer type.
 * No zod here, so the service worker and the first page load carry the table without the
 * schemas; routes.ts adds each route's request schema and is what code should import.
 */
import type { Analytics, AuthResponse, PaymentsConfig } from './types';
import type * as Answers from './answers';
import type { SyncPullResponse, SyncPushResponse } from '../sync';
import { answer, endpoint, fileAnswer } from './contract';

export const API_ENDPOINTS = {
  health: endpoint({ method: 'GET', path: '/api/health', response: answer<Answers.HealthAnswer>() }),
  version: endpoint({ method: 'GET', path: '/api/version', response: answer<Answers.VersionAnswer>() }),

  devices: endpoint({ method: 'GET', path: '/api/products/devices', response: answer<Answers.DevicesAnswer>() }),
  colors: endpoint({ method: 'GET', path: '/api/products/colors', response: answer<Answers.ColorsAnswer>() }),
  fonts: endpoint({ method: 'GET', path: '/api/products/fonts', response: answer<Answers.FontsAnswer>() }),
  validateText: endpoint({ method: 'POST', path: '/api/products/validate-text', response: answer<Answers.TextCheckAnswer>() }),

  authStatus: endpoint({ method: 'GET', path: '/api/auth/status', response: answer<Answers.AuthStatusAnswer>() }),
  authSetup: endpoint({ method: 'POST', path: '/api/auth/setup', response: answer<AuthResponse>() }),
  register: endpoint({ method: 'POST', path: '/api/auth/register', response: answer<AuthResponse>() }),
  login: endpoint({ method: 'POST', path: '/api/auth/login', response: answer<AuthResponse>() }),
  verify: endpoint({ method: 'GET', path: '/api/auth/verify', response: answer<Answers.VerifyAnswer>() }),
  logout: endpoint({ method: 'POST', path: '/api/auth/logout', response: answer<Answers.SuccessAnswer>() }),

  paymentsConfig: endpoint({ method: 'GET', path: '/api/payments/config', response: answer<PaymentsConfig>() }),
  paymentMethods: endpoint({ method: 'GET', path: '/api/payments/methods', response: answer<Answers.PaymentMethodsAnswer>() }),
  createIntent: endpoint({ method: 'POST', path: '/api/payments/create-intent', response: answer<Answers.CreateIntentAnswer>() }),
  confirmPayment: endpoint({ method: 'POST', path: '/api/payments/confirm', response: answer<Answers.ConfirmPaymentAnswer>() }),
  refund: endpoint({ method: 'POST', path: '/api/payments/refund', response: answer<Answers.RefundAnswer>() }),
  webhook: endpoint({ method: 'POST', path: '/api/payments/webhook', response: answer<Answers.WebhookAnswer>() }),
  checkout: endpoint({ method: 'POST', path: '/api/checkout', response: answer<Answers.CheckoutAnswer>() }),

  createOrder: endpoint({ method: 'POST', path: '/api/orders', response: answer<Answers.OrderAnswer>() }),
  listOrders: endpoint({ method: 'GET', path: '/api/orders', response: answer<Answers.OrderListAnswer>() }),
  exportOrders: endpoint({ method: 'GET', path: '/api/orders/export.csv', response: fileAnswer() }),
  customerOrders: endpoint({ method: 'GET', path: '/api/orders/customer', response: answer<Answers.CustomerOrdersAnswer>() }),
  orderLookup: endpoint({ method: 'POST', path: '/api/orders/lookup', response: answer<Answers.TrackedOrderAnswer>() }),
  analytics: endpoint({ method: 'GET', path: '/api/orders/analytics', response: answer<Analytics>() }),
  order: endpoint({ method: 'GET', path: '/api/orders/:id', response: answer<Answers.OrderDetailAnswer>() }),
  orderStatus: endpoint({ method: 'PATCH', path: '/api/orders/:id/status', response: answer<Answers.StatusChangeAnswer>() }),
  printFile: endpoint({ method: 'GET', path: '/api/orders/:id/print-file', response: fileAnswer() }),
  printFilesZip: endpoint({ method: 'GET', path: '/api/fulfillment/print-files.zip', response: fileAnswer() }),
  cutJobs: endpoint({ method: 'GET', path: '/api/fulfillment/cut-jobs', response: answer<Answers.CutJobsAnswer>() }),
  cutJobFile: endpoint({ method: 'GET', path: '/api/fulfillment/cut-jobs/:color', response: fileAnswer() }),

  syncPull: endpoint({ method: 'GET', path: '/api/sync/orders', response: answer<SyncPullResponse>() }),
  syncPush: endpoint({ method: 'POST', path: '/api/sync/push', response: answer<SyncPushResponse>() }),

  analyticsEvents: endpoint({ method: 'POST', path: '/api/analytics/events', response: answer<Answers.AcceptedAnswer>() }),
  errorReports: endpoint({ method: 'POST', path: '/api/errors', response: answer<Answers.ErrorReportAnswer>() }),

  mailOutbox: endpoint({ method: 'GET', path: '/api/mail/outbox', response: answer<Answers.MailOutboxAnswer>() }),
  mailRetry: endpoint({ method: 'POST', path: '/api/mail/outbox/:orderId/:mailKey/retry', response: answer<Answers.MailRetryAnswer>() }),

  // Orders that can be fixed, notes and customers (issue 34).
  editOrderLine: endpoint({ method: 'PATCH', path: '/api/orders/:id/items/:line', response: answer<Answers.LineEditAnswer>() }),
  customerLineEdit: endpoint({ method: 'POST', path: '/api/orders/lookup/items/:line', response: answer<Answers.TrackedOrderAnswer>() }),
  cancelOrder: endpoint({ method: 'POST', path: '/api/orders/:id/cancel', response: answer<Answers.CancelOrderAnswer>() }),
  orderNotes: endpoint({ method: 'GET', path: '/api/orders/:id/notes', response: answer<Answers.OrderNotesAnswer>() }),
  addOrderNote: endpoint({ method: 'POST', path: '/api/orders/:id/notes', response: answer<Answers.OrderNoteAnswer>() }),
  customers: endpoint({ method: 'GET', path: '/api/admin/customers', response: answer<Answers.CustomersAnswer>() }),
} as const;

export type ApiEndpoints = typeof API_ENDPOINTS;
export type ApiRouteName = keyof ApiEndpoints;

/** The server-side path of a route without the `/api` prefix, for routers mounted at /api. */
export function routerPath(name: ApiRouteName): string {
  return API_ENDPOINTS[name].path.slice('/api'.length);
}

/** A concrete path with `:param` segments filled and a query string of the non-empty values. */
export function apiPath(
  name: ApiRouteName,
  params: Record<string, string> = {},
  query: Record<string, string | number | undefined | null> = {},
): string {
  const path = API_ENDPOINTS[name].path.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(params[key] ?? ''));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}
