/**
 * The bodies of successful answers that are not an order or analytics view (those are in
 * types.ts), as the server sends them today (design.md §3). Money is dollars here.
 */
import type { CatalogVariant, ColorSwatch, FontName, LiveCatalog, ProductType } from '../catalog';
import type { AdminOrderView, CheckoutSuccess, MailView, OrderHistoryEntry, OrderView, TrackedOrder, User } from './types';

export interface HealthAnswer {
  status: 'ok';
  db: 'ok';
  time: string;
  /** The backups' state; never a reason for a 503 (the shop runs on without them). */
  backup: { status: BackupStatus; lastGoodAt: string | null };
}

/**
 * `ok`; `stale`: the last good backup is older than two intervals; `failed`: the last attempt
 * failed; `none`: none taken yet; `off`: BACKUP_DIR is not set; `unknown`: could not be read.
 */
export type BackupStatus = 'ok' | 'stale' | 'failed' | 'none' | 'off' | 'unknown';

/** What the admin's Overview shows of the backups (GET /api/admin/backups). */
export interface BackupHealth {
  status: BackupStatus;
  lastGoodAt: string | null;
  lastAttemptAt: string | null;
  /** Why the last attempt failed, when it did. */
  lastError: string | null;
  intervalMinutes: number;
  checkedAt: string;
}

export interface BackupHealthAnswer {
  backup: BackupHealth;
}

export interface VersionAnswer {
  version: string;
}

export interface DevicesAnswer {
  productTypes: readonly ProductType[];
}

export interface ColorsAnswer {
  colors: readonly ColorSwatch[];
}

export interface FontsAnswer {
  fonts: readonly FontName[];
}

export interface TextCheckAnswer {
  valid: boolean;
  message: string;
}

export interface AuthStatusAnswer {
  setupRequired: boolean;
}

export interface VerifyAnswer {
  valid: true;
  user: User;
}

export interface SuccessAnswer {
  success: true;
}

export interface PaymentMethodsAnswer {
  methods: 'card'[];
}

/** POST /api/payments/create-intent; `amount` is in cents, as Stripe counts it. */
export interface CreateIntentAnswer {
  id: string;
  clientSecret: string | null;
  amount: number;
  currency: string;
  status: string;
}

/** 202: the bank has not settled yet; the webhook writes the order when it does. */
export interface PaymentPending {
  pending: true;
  status: 'processing';
  code: 'PAYMENT_PROCESSING';
  error: string;
}

export type ConfirmPaymentAnswer = { id: string; status: string } | ({ id: string } & PaymentPending);

export interface RefundAnswer {
  refund: { id: string; amount: number; status: string };
}

export interface WebhookAnswer {
  received: true;
  result: string;
}

/** POST /api/checkout, 202: paid but still processing (no order yet). */
export interface CheckoutPending extends PaymentPending {
  success: false;
  paymentIntentId: string;
}

export type CheckoutAnswer = CheckoutSuccess | CheckoutPending;

export interface OrderAnswer {
  order: OrderView;
}

export interface OrderListAnswer {
  orders: AdminOrderView[];
  total: number;
  page: number;
  limit: number;
}

/** A shipping address the customer used before, offered to pre-fill the next checkout. */
export interface SavedShippingAddress {
  firstName: string;
  lastName: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
}

export interface CustomerOrdersAnswer {
  orders: OrderView[];
  /** The distinct shipping addresses of their orders, newest first (no address book of its own). */
  savedAddresses?: SavedShippingAddress[];
}

export interface TrackedOrderAnswer {
  order: TrackedOrder;
}

/** The admin's detail view adds the status history. */
export type AdminOrderDetail = AdminOrderView & { history: OrderHistoryEntry[] };

/** GET /api/orders/:id: the admin view with history for an admin, the customer view otherwise. */
export interface OrderDetailAnswer {
  order: AdminOrderDetail | OrderView;
}

/** PATCH /api/orders/:id/status; a 409 VERSION_CONFLICT carries the same `order` next to `{error, code}`. */
export interface StatusChangeAnswer {
  order: AdminOrderView;
}

export interface AcceptedAnswer {
  accepted: true;
}

export interface ErrorReportAnswer {
  id: string;
}

export interface MailOutboxAnswer {
  mails: MailView[];
}

export interface MailRetryAnswer {
  mail: MailView;
}

/** One vinyl colour's cut job (design.md §10): its lines, the roll it takes and how much of it the decals use. */
export interface CutJobView {
  color: string;
  hex: string;
  /** `thinFeatures`: parts of the line's decal under MIN_FEATURE_MM that risk tearing when weeded (null: none). */
  lines: { orderNumber: string; line: number; quantity: number; thinFeatures: { thinnestStrokeMm: number | null; narrowestGapMm: number | null } | null }[];
  /** Roll used by every sheet, mm. */
  lengthMm: number;
  rollWidthMm: number;
  /** Roll utilisation: the decals' cut-outline boxes ÷ (roll width × lengthMm), 0…1. */
  utilization: number;
  /** The longest a sheet may be (ROLL_LENGTH_MM). */
  sheetLengthMm: number;
  /** The job's sheets in cutting order: `?sheet=N` downloads one. */
  sheets: { lengthMm: number; decals: number }[];
}

/** GET /api/fulfillment/cut-jobs: one job per vinyl colour of the production queue, catalogue order. */
export interface CutJobsAnswer {
  jobs: CutJobView[];
}

/** GET /api/admin/catalog (design.md §9): every product type, variant, colour and font, retired ones too. */
export type AdminCatalogAnswer = LiveCatalog;

/** POST /api/admin/catalog/variants (201), PATCH /api/admin/catalog/variants/:id. */
export interface VariantAnswer {
  variant: CatalogVariant & { productType: string };
}

/** A discount code as the admin sees it (design.md §9); `value` in dollars for a fixed code, percent for a percentage. */
export interface DiscountCodeView {
  code: string;
  type: 'percentage' | 'fixed' | 'shipping';
  value: number;
  active: boolean;
  startsAt: string | null;
  endsAt: string | null;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  /** Orders placed with the code. */
  uses: number;
  createdAt: string;
}

/** GET /api/admin/discount-codes */
export interface DiscountCodesAnswer {
  codes: DiscountCodeView[];
}

/** POST /api/admin/discount-codes (201), PATCH /api/admin/discount-codes/:code */
export interface DiscountCodeAnswer {
  code: DiscountCodeView;
}

/** POST /api/discount-codes/check: the code applies; `value` as computeTotals takes it (cents for fixed). */
export interface DiscountCheckAnswer {
  discount: { code: string; type: 'percentage' | 'fixed' | 'shipping'; value: number };
}

/** PATCH /api/orders/:id/items/:line: the order as it is after the edit. */
export interface LineEditAnswer {
  order: AdminOrderView;
}

/** POST /api/orders/:id/cancel: the cancelled order and the refund made with it (null: none). */
export interface CancelOrderAnswer {
  order: AdminOrderView;
  refund: { id: string; amount: number; status: string } | null;
}

/** A staff-only note on an order. */
export interface OrderNote {
  id: number;
  body: string;
  author: string;
  at: string;
}

export interface OrderNotesAnswer {
  notes: OrderNote[];
}

export interface OrderNoteAnswer {
  note: OrderNote;
}

/** One customer of the shop, by the e-mail address they ordered with (GET /api/admin/customers). */
export interface CustomerSummary {
  email: string;
  name: string;
  orderCount: number;
  /** Dollars paid, less refunds, over orders not cancelled. */
  totalSpent: number;
  lastOrderAt: string;
}

export interface CustomersAnswer {
  customers: CustomerSummary[];
  total: number;
  page: number;
  limit: number;
}
