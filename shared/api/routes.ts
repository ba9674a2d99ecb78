/**
 * The API route map shared by the server (which registers these paths) and the web client
 * (which calls them). Paths are relative to the origin; `:id` is filled by `apiPath`.
 */
export const API_ROUTES = {
  health: { method: 'GET', path: '/api/health' },
  version: { method: 'GET', path: '/api/version' },
  devices: { method: 'GET', path: '/api/products/devices' },
  colors: { method: 'GET', path: '/api/products/colors' },
  fonts: { method: 'GET', path: '/api/products/fonts' },
  validateText: { method: 'POST', path: '/api/products/validate-text' },
  authStatus: { method: 'GET', path: '/api/auth/status' },
  authSetup: { method: 'POST', path: '/api/auth/setup' },
  register: { method: 'POST', path: '/api/auth/register' },
  login: { method: 'POST', path: '/api/auth/login' },
  verify: { method: 'GET', path: '/api/auth/verify' },
  logout: { method: 'POST', path: '/api/auth/logout' },
  paymentsConfig: { method: 'GET', path: '/api/payments/config' },
  paymentMethods: { method: 'GET', path: '/api/payments/methods' },
  createIntent: { method: 'POST', path: '/api/payments/create-intent' },
  confirmPayment: { method: 'POST', path: '/api/payments/confirm' },
  refund: { method: 'POST', path: '/api/payments/refund' },
  webhook: { method: 'POST', path: '/api/payments/webhook' },
  checkout: { method: 'POST', path: '/api/checkout' },
  createOrder: { method: 'POST', path: '/api/orders' },
  listOrders: { method: 'GET', path: '/api/orders' },
  exportOrders: { method: 'GET', path: '/api/orders/export.csv' },
  customerOrders: { method: 'GET', path: '/api/orders/customer' },
  orderLookup: { method: 'POST', path: '/api/orders/lookup' },
  analytics: { method: 'GET', path: '/api/orders/analytics' },
  order: { method: 'GET', path: '/api/orders/:id' },
  orderStatus: { method: 'PATCH', path: '/api/orders/:id/status' },
  printFile: { method: 'GET', path: '/api/orders/:id/print-file' },
  printFilesZip: { method: 'GET', path: '/api/fulfillment/print-files.zip' },
  syncPull: { method: 'GET', path: '/api/sync/orders' },
  syncPush: { method: 'POST', path: '/api/sync/push' },
  analyticsEvents: { method: 'POST', path: '/api/analytics/events' },
  errorReports: { method: 'POST', path: '/api/errors' },
  mailOutbox: { method: 'GET', path: '/api/mail/outbox' },
  mailRetry: { method: 'POST', path: '/api/mail/outbox/:orderId/:mailKey/retry' },
} as const;

export type ApiRouteName = keyof typeof API_ROUTES;

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
