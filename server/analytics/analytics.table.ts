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
