/**
 * The API contract (design.md §3): the route map shared by the server, which registers these
 * routes and validates with these schemas, and the web client (web/api/client.ts `call`), which
 * reads the request and answer types from the same entries. Each entry of API_ROUTES carries its
 * method, path and answer type (endpoints.ts) and its request schema (below, the schemas of
 * shared/schemas/). docs/decisions.md says how to add a route.
 */
import { API_ENDPOINTS, type ApiRouteName } from './endpoints';
import { withRequests, type InputOfEntry, type ParsedRequestOfEntry, type PathParamNames, type RequestOfEntry, type RequestTable, type ResponseOfEntry } from './contract';
import { analyticsEventSchema, analyticsQuerySchema, errorReportSchema } from '../schemas/analytics';
import { loginSchema, registerSchema, setupSchema } from '../schemas/auth';
import { mailOutboxQuerySchema } from '../schemas/mail';
import { checkoutSchema, createIntentSchema, orderPayloadSchema } from '../schemas/order';
import { orderLookupSchema } from '../schemas/order-lookup';
import { orderFiltersSchema, orderListQuerySchema, statusChangeSchema } from '../schemas/orders-query';
import { confirmPaymentSchema, refundSchema } from '../schemas/payment';
import { printFileQuerySchema, printFilesZipQuerySchema } from '../schemas/print-file';
import { cutJobQuerySchema } from '../schemas/cut-jobs';
import { syncPullQuerySchema, syncPushSchema } from '../schemas/sync';
import { validateTextRequestSchema } from '../schemas/text';
import { colorChangeSchema, fontChangeSchema, newColorSchema, newVariantSchema, productTypeChangeSchema, variantChangeSchema } from '../schemas/catalog';
import { checkDiscountCodeSchema, createDiscountCodeSchema, updateDiscountCodeSchema } from '../schemas/discount-codes';
import { acceptInviteSchema, inviteLookupSchema, inviteWithdrawSchema, passwordResetConfirmSchema, passwordResetRequestSchema, staffChangeSchema, staffInviteSchema } from '../schemas/staff';
import { cancelOrderSchema, customerLineEditSchema, customersQuerySchema, lineEditSchema, orderNoteSchema } from '../schemas/order-edits';

export { API_ENDPOINTS, apiPath, routerPath, type ApiRouteName } from './endpoints';

/** The request schema of each route that takes a body (POST, PATCH) or a query (GET). */
const REQUESTS = {
  validateText: { body: validateTextRequestSchema },
  authSetup: { body: setupSchema },
  register: { body: registerSchema },
  login: { body: loginSchema },
  createIntent: { body: createIntentSchema },
  confirmPayment: { body: confirmPaymentSchema },
  refund: { body: refundSchema },
  // webhook: Stripe's signed raw body, checked by its signature, not a schema of ours.
  checkout: { body: checkoutSchema },
  createOrder: { body: orderPayloadSchema },
  listOrders: { query: orderListQuerySchema },
  exportOrders: { query: orderFiltersSchema },
  orderLookup: { body: orderLookupSchema },
  analytics: { query: analyticsQuerySchema },
  orderStatus: { body: statusChangeSchema },
  printFile: { query: printFileQuerySchema },
  printFilesZip: { query: printFilesZipQuerySchema },
  cutJobFile: { query: cutJobQuerySchema },
  syncPull: { query: syncPullQuerySchema },
  syncPush: { body: syncPushSchema },
  analyticsEvents: { body: analyticsEventSchema },
  errorReports: { body: errorReportSchema },
  mailOutbox: { query: mailOutboxQuerySchema },
  createVariant: { body: newVariantSchema },
  changeVariant: { body: variantChangeSchema },
  changeProductType: { body: productTypeChangeSchema },
  createColor: { body: newColorSchema },
  changeColor: { body: colorChangeSchema },
  changeFont: { body: fontChangeSchema },
  createDiscountCode: { body: createDiscountCodeSchema },
  updateDiscountCode: { body: updateDiscountCodeSchema },
  checkDiscountCode: { body: checkDiscountCodeSchema },
  passwordResetRequest: { body: passwordResetRequestSchema },
  passwordResetConfirm: { body: passwordResetConfirmSchema },
  inviteLookup: { body: inviteLookupSchema },
  inviteAccept: { body: acceptInviteSchema },
  staffInvite: { body: staffInviteSchema },
  staffInviteWithdraw: { body: inviteWithdrawSchema },
  staffChange: { body: staffChangeSchema },
  editOrderLine: { body: lineEditSchema },
  customerLineEdit: { body: customerLineEditSchema },
  cancelOrder: { body: cancelOrderSchema },
  addOrderNote: { body: orderNoteSchema },
  customers: { query: customersQuerySchema },
} as const satisfies RequestTable<typeof API_ENDPOINTS>;

export const API_ROUTES = withRequests(API_ENDPOINTS, REQUESTS);

export type ApiRoutes = typeof API_ROUTES;

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
