/**
 * The wire half of the API contract (design.md §3): each route's method, path and answer type.
 * No zod here, so the service worker and the first page load carry the table without the
 * schemas; routes.ts adds each route's request schema and is what code should import.
 */
import type { Analytics, AuthResponse, PaymentsConfig } from './types';
import type * as Answers from './answers';
import type * as StaffAnswers from './staff-answers';
import type { SyncPullResponse, SyncPushResponse } from '../sync';
import type { LiveCatalog } from '../catalog';
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
  // The design picture a mail links to, by a signed link (server/orders/design-picture-link.ts); `:file` is `<signature>.png`.
  designPicture: endpoint({ method: 'GET', path: '/api/design-pictures/:orderId/:line/:file', response: fileAnswer() }),
  cutJobFile: endpoint({ method: 'GET', path: '/api/fulfillment/cut-jobs/:color', response: fileAnswer() }),

  syncPull: endpoint({ method: 'GET', path: '/api/sync/orders', response: answer<SyncPullResponse>() }),
  syncPush: endpoint({ method: 'POST', path: '/api/sync/push', response: answer<SyncPushResponse>() }),
  // Server-Sent Events (`event: order`, data OrderChangeEvent): a stream, read by web/sync/live-updates.ts.
  syncEvents: endpoint({ method: 'GET', path: '/api/sync/events', response: fileAnswer() }),

  analyticsEvents: endpoint({ method: 'POST', path: '/api/analytics/events', response: answer<Answers.AcceptedAnswer>() }),
  errorReports: endpoint({ method: 'POST', path: '/api/errors', response: answer<Answers.ErrorReportAnswer>() }),

  mailOutbox: endpoint({ method: 'GET', path: '/api/mail/outbox', response: answer<Answers.MailOutboxAnswer>() }),
  mailRetry: endpoint({ method: 'POST', path: '/api/mail/outbox/:orderId/:mailKey/retry', response: answer<Answers.MailRetryAnswer>() }),

  // The live catalogue (design.md §9): the shop's copy, and the super_admin's Catalogue screen.
  catalog: endpoint({ method: 'GET', path: '/api/products/catalog', response: answer<LiveCatalog>() }),
  adminCatalog: endpoint({ method: 'GET', path: '/api/admin/catalog', response: answer<Answers.AdminCatalogAnswer>() }),
  createVariant: endpoint({ method: 'POST', path: '/api/admin/catalog/variants', response: answer<Answers.VariantAnswer>() }),
  changeVariant: endpoint({ method: 'PATCH', path: '/api/admin/catalog/variants/:id', response: answer<Answers.VariantAnswer>() }),
  changeProductType: endpoint({ method: 'PATCH', path: '/api/admin/catalog/product-types/:id', response: answer<Answers.AdminCatalogAnswer>() }),
  createColor: endpoint({ method: 'POST', path: '/api/admin/catalog/colors', response: answer<Answers.AdminCatalogAnswer>() }),
  changeColor: endpoint({ method: 'PATCH', path: '/api/admin/catalog/colors/:name', response: answer<Answers.AdminCatalogAnswer>() }),
  changeFont: endpoint({ method: 'PATCH', path: '/api/admin/catalog/fonts/:name', response: answer<Answers.AdminCatalogAnswer>() }),
  discountCodes: endpoint({ method: 'GET', path: '/api/admin/discount-codes', response: answer<Answers.DiscountCodesAnswer>() }),
  createDiscountCode: endpoint({ method: 'POST', path: '/api/admin/discount-codes', response: answer<Answers.DiscountCodeAnswer>() }),
  updateDiscountCode: endpoint({ method: 'PATCH', path: '/api/admin/discount-codes/:code', response: answer<Answers.DiscountCodeAnswer>() }),
  checkDiscountCode: endpoint({ method: 'POST', path: '/api/discount-codes/check', response: answer<Answers.DiscountCheckAnswer>() }),
  passwordResetRequest: endpoint({ method: 'POST', path: '/api/auth/password-reset', response: answer<StaffAnswers.PasswordResetRequestedAnswer>() }),
  passwordResetConfirm: endpoint({ method: 'POST', path: '/api/auth/password-reset/confirm', response: answer<AuthResponse>() }),
  inviteLookup: endpoint({ method: 'POST', path: '/api/auth/invite', response: answer<StaffAnswers.InviteLookupAnswer>() }),
  inviteAccept: endpoint({ method: 'POST', path: '/api/auth/invite/accept', response: answer<AuthResponse>() }),
  staffList: endpoint({ method: 'GET', path: '/api/admin/staff', response: answer<StaffAnswers.StaffListAnswer>() }),
  staffInvite: endpoint({ method: 'POST', path: '/api/admin/staff/invites', response: answer<StaffAnswers.StaffInviteAnswer>() }),
  staffInviteWithdraw: endpoint({ method: 'POST', path: '/api/admin/staff/invites/withdraw', response: answer<StaffAnswers.InviteWithdrawnAnswer>() }),
  staffChange: endpoint({ method: 'PATCH', path: '/api/admin/staff/:id', response: answer<StaffAnswers.StaffMemberAnswer>() }),
  // Orders that can be fixed, notes and customers.
  editOrderLine: endpoint({ method: 'PATCH', path: '/api/orders/:id/items/:line', response: answer<Answers.LineEditAnswer>() }),
  customerLineEdit: endpoint({ method: 'POST', path: '/api/orders/lookup/items/:line', response: answer<Answers.TrackedOrderAnswer>() }),
  cancelOrder: endpoint({ method: 'POST', path: '/api/orders/:id/cancel', response: answer<Answers.CancelOrderAnswer>() }),
  orderNotes: endpoint({ method: 'GET', path: '/api/orders/:id/notes', response: answer<Answers.OrderNotesAnswer>() }),
  addOrderNote: endpoint({ method: 'POST', path: '/api/orders/:id/notes', response: answer<Answers.OrderNoteAnswer>() }),
  customers: endpoint({ method: 'GET', path: '/api/admin/customers', response: answer<Answers.CustomersAnswer>() }),
  backupHealth: endpoint({ method: 'GET', path: '/api/admin/backups', response: answer<Answers.BackupHealthAnswer>() }),
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
