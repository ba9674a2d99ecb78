export interface AnalyticsEventTable {
  id: string;
  type: 'visit' | 'purchase';
  visitor_id: string;
  /** UTC day 'YYYY-MM-DD'; one visit counts per visitor per day. */
  day: string;
  order_number: string | null;
  value_cents: number | null;
  created_at: number;
}

export interface ErrorReportTable {
  id: string;
  message: string;
  stack: string | null;
  component_stack: string | null;
  event_id: string | null;
  reported_at: string | null;
  user_agent: string | null;
  url: string | null;
  created_at: number;
}

/**
 * Per UTC day and status: orders, sales and net revenue (cents), kept exact by
 * analytics.rollup.ts from the orders' change sequence (docs/decisions.md).
 */
export interface AnalyticsDayStatusTable {
  day: number;
  status: string;
  orders: number;
  counted_orders: number;
  revenue_cents: number;
}

/** Per UTC day and device: units sold and item revenue (cents) of the orders that count as sales. */
export interface AnalyticsDayDeviceTable {
  day: number;
  device: string;
  product_type: string | null;
  quantity: number;
  revenue_cents: number;
}

/**
 * Per UTC day of placement: how many of that day's orders have been shipped (a change to shipped
 * in the status history) and the sum of their placed-to-first-shipped times in ms.
 */
export interface AnalyticsDayProcessingTable {
  day: number;
  shipped_orders: number;
  processing_ms: number;
}

/** Up to which order change sequence the day tables are exact (one row, name 'orders'). */
export interface AnalyticsRollupStateTable {
  name: string;
  change_seq: number;
}

/** Each visitor's latest visit day ('YYYY-MM-DD'): distinct visitors since D = visitors last seen on or after D. */
export interface AnalyticsVisitorTable {
  visitor_id: string;
  last_day: string;
}

/** How many visitors were last seen on each day; summed over a range's days it counts distinct visitors. */
export interface AnalyticsDayVisitorsTable {
  day: string;
  visitors: number;
}

declare module '../db/schema' {
  interface Database {
    analytics_events: AnalyticsEventTable;
    error_reports: ErrorReportTable;
  }
}
