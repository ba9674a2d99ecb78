/** Response and request shapes of the API contract (design.md §3). Money is dollars here. */
import type { AnalyticsRange, OrderStatus } from '../order-status';
import type { ProductTypeId } from '../catalog';

export interface ApiErrorBody {
  error: string;
  code: string;
  errors?: { path: string; message: string }[];
}

export type Role = 'customer' | 'admin' | 'super_admin';
export type StaffRole = Exclude<Role, 'customer'>;

export interface User {
  id: number;
  role: Role;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
}

export interface AuthResponse {
  token: string;
  user: User;
}

export interface OrderItemView {
  device: string;
  productType: ProductTypeId | null;
  caseType: string;
  text: string;
  color: string;
  font: string;
  fontSize: number;
  logo: boolean;
  price: number;
  quantity: number;
  /** The catalogue facts the line was placed with (design.md §9); absent on lines placed before them. */
  printArea?: { width: number; length: number };
  colorHex?: string;
  placementGuide?: string;
}

/** spec.md §3 "Order (read)"; device, customText and friends describe the first item. */
export interface OrderView {
  id: string;
  orderNumber: string;
  customerName: string;
  customerEmail: string;
  device: string;
  customText: string;
  status: OrderStatus;
  total: number;
  createdAt: string;
  updatedAt: string;
  trackingNumber: string | null;
  items: OrderItemView[];
  version: number;
}

export interface AdminOrderView extends OrderView {
  customerPhone: string;
  shippingAddress: { street: string; city: string; state: string; postcode: string; country: string };
  billingAddress: { street: string; city: string; state: string; postcode: string; country: string } | null;
  caseType: string;
  textColor: string;
  font: string;
  fontSize: number;
  hasLogo: boolean;
  quantity: number;
  price: number;
  notes: string | null;
  marketing: boolean;
  subtotal: number;
  discount: number;
  discountCode: string | null;
  shipping: number;
  tax: number;
  refundedAmount: number;
  /** When a refund of the order last failed or was cancelled at the provider; null once refunded again. */
  refundFailedAt: string | null;
  paymentIntentId: string | null;
  /** How it was paid: card, apple_pay, google_pay, link (or none, for an order placed without a charge). */
  paymentMethod: string;
  paymentStatus: string | null;
  fulfillmentData: { printFile: string | null; printedAt: string | null; shippedAt: string | null };
}

export interface OrderHistoryEntry {
  version: number;
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus;
  trackingNumber: string | null;
  changedBy: { id: number; name: string } | null;
  source: 'api' | 'sync' | 'system' | 'checkout' | 'customer';
  at: string;
  /** 'line_edit': a line's text, colour or font changed; absent on status changes. */
  kind?: 'line_edit' | 'refund';
  lineEdit?: { line: number; from: LineDesign; to: LineDesign };
  amount?: number;
}

/** The parts of a line an edit may change. */
export interface LineDesign {
  text: string;
  color: string;
  font: string;
}

export interface Analytics {
  range: AnalyticsRange;
  generatedAt: string;
  totalRevenue: number;
  totalOrders: number;
  averageOrderValue: number;
  conversionRate: number;
  statusCounts: Record<OrderStatus, number>;
  chartData: { date: string; revenue: number; orders: number }[];
  recentActivity: { orderId: string; orderNumber: string; customerName: string; status: OrderStatus; total: number; at: string }[];
  topProducts: { device: string; productType: ProductTypeId | null; quantity: number; revenue: number }[];
  realtime: {
    today: { orders: number; revenue: number };
    last7Days: { orders: number; revenue: number };
    month: { orders: number; revenue: number };
  };
  /** UTC days the range covers, inclusive ('YYYY-MM-DD'). Optional for older answers. */
  period?: { from: string; to: string };
  /**
   * Per KPI, the change against the period of the same length just before (per cent, one decimal:
   * 12.5 means +12.5 %); null when that period has no data to compare with (docs/decisions.md).
   */
  trends?: AnalyticsTrends;
  /** The figures of that previous period; null when the shop's history does not reach back that far. */
  previousPeriod?: (AnalyticsFigures & { from: string; to: string }) | null;
  /** Placed-to-shipped time from the status history of orders shipped in the range. */
  processingTime?: { averageDays: number | null; shippedOrders: number; minimumOrders: number };
}

export interface AnalyticsFigures {
  totalRevenue: number;
  totalOrders: number;
  averageOrderValue: number;
  conversionRate: number;
}

export type AnalyticsTrends = Record<keyof AnalyticsFigures, number | null>;

export interface PaymentsConfig {
  provider: 'stripe' | 'test';
  publishableKey?: string;
  currency: 'usd';
  /** Dollars from which shipping is free (FREE_SHIPPING_THRESHOLD; docs/decisions.md). */
  freeShippingThreshold: number;
  /** IANA zone whose calendar days the admin's date filters mean (SHOP_TIME_ZONE; docs/decisions.md). */
  shopTimeZone: string;
  /** Thinnest stroke or counter the cutter weeds cleanly, mm (MIN_FEATURE_MM); the designer warns below it. */
  minFeatureMm: number;
}

export interface CheckoutSuccess {
  success: true;
  order: { orderNumber: string; total: number; customerEmail: string };
}

/** POST /api/orders/lookup: what a guest may see of an order, given its number and e-mail address. */
export interface TrackedOrder extends OrderView {
  subtotal: number;
  discount: number;
  shipping: number;
  tax: number;
  shippedAt: string | null;
  deliveredAt: string | null;
}

/** One mail of the outbox as the admin sees it (GET /api/mail/outbox). */
export interface MailView {
  orderId: string;
  orderNumber: string | null;
  mailKey: string;
  kind: 'order_confirmation' | 'shipping_notice' | 'order_cancelled' | 'refund' | 'refund_failed' | 'text_fixed';
  recipient: string | null;
  /** Fixed at the first attempt; null while none was made. */
  messageId: string | null;
  state: 'queued' | 'sent' | 'failed';
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string | null;
  createdAt: string;
  sentAt: string | null;
}
