import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { OrderStatus } from '../../shared/order-status';

/** Times are epoch milliseconds; money is integer cents; booleans are 0/1 (SQLite and PostgreSQL alike). */
export interface OrderTable {
  id: string;
  order_number: string;
  user_id: number | null;
  customer_email: string;
  customer_first_name: string;
  customer_last_name: string;
  customer_phone: string;
  ship_address: string;
  ship_city: string;
  ship_state: string;
  ship_zip: string;
  ship_country: string;
  billing_address: string | null;
  billing_city: string | null;
  billing_state: string | null;
  billing_zip: string | null;
  billing_country: string | null;
  subtotal_cents: number;
  discount_cents: number;
  discount_code: string | null;
  shipping_cents: number;
  tax_cents: number;
  total_cents: number;
  refunded_cents: Generated<number>;
  status: OrderStatus;
  tracking_number: string | null;
  special_instructions: string | null;
  marketing: number;
  payment_intent_id: string | null;
  payment_method: string;
  payment_status: string;
  /** When a refund of the order last failed or was cancelled at Stripe; null once a later refund is made. */
  refund_failed_at?: number | null;
  print_file: string | null;
  printed_at: number | null;
  shipped_at: number | null;
  delivered_at: number | null;
  /** Lower-cased order number, names, email and item texts: one column for the admin search. */
  search_text: string;
  version: number;
  change_seq: number;
  created_at: number;
  updated_at: number;
}

export interface OrderItemTable {
  order_id: string;
  line_no: number;
  product_type: string | null;
  device: string;
  case_type: string;
  text: string;
  color: string;
  font: string;
  font_size: number;
  logo: number;
  unit_price_cents: number;
  quantity: number;
  /** The catalogue facts the line was printed with (migration 2026-11-28T1000_catalog); null on older lines. */
  print_width_mm?: number | null;
  print_length_mm?: number | null;
  color_hex?: string | null;
  placement_guide?: string | null;
}

export interface OrderHistoryTable {
  order_id: string;
  version: number;
  from_status: OrderStatus | null;
  to_status: OrderStatus;
  tracking_number: string | null;
  changed_by_user_id: number | null;
  changed_by_name: string | null;
  source: 'api' | 'sync' | 'system' | 'checkout' | 'customer';
  mutation_id: string | null;
  changed_at: number;
  /** Set on the entry a refund adds (the status is unchanged): which refund and how much. */
  refund_id?: string | null;
  refund_cents?: number | null;
  /** Set on the entry a line edit adds (the status is unchanged): the line and its design before and after (JSON). */
  line_no?: number | null;
  line_from?: string | null;
  line_to?: string | null;
}

/** A staff-only note on an order (never shown to the customer). */
export interface OrderNoteTable {
  id: Generated<number>;
  order_id: string;
  body: string;
  author_user_id: number | null;
  author_name: string;
  created_at: number;
}

export type OrderRow = Selectable<OrderTable>;
export type NewOrderRow = Insertable<OrderTable>;
export type OrderUpdate = Updateable<OrderTable>;
export type OrderItemRow = Selectable<OrderItemTable>;
export type OrderHistoryRow = Selectable<OrderHistoryTable>;
export type OrderNoteRow = Selectable<OrderNoteTable>;

declare module '../db/schema' {
  interface Database {
    orders: OrderTable;
    order_items: OrderItemTable;
    order_history: OrderHistoryTable;
    order_notes: OrderNoteTable;
  }
}
