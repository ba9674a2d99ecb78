import type { AnalyticsEventTable, ErrorReportTable } from '../analytics/analytics.table';
import type { SessionTable, TrustedLoginTable, UserTable } from '../auth/user.table';
import type { IdempotencyKeyTable } from '../idempotency/idempotency.table';
import type { OrderHistoryTable, OrderItemTable, OrderNoteTable, OrderTable } from '../orders/order.table';
import type { AppliedMutationTable, ChangeCounterTable } from '../sync/sync.table';
import type { MailOutboxTable, MailSentTable } from '../mail/mail.table';
import type { PaymentTables } from '../payments/payment.table';
import type { HealthProbeTable } from '../health/health.table';
import type { CatalogTables } from '../catalog/catalog.table';
import type { DiscountTables } from '../discounts/discount.table';
import type { PasswordResetTable, StaffInviteTable } from '../staff/staff.table';
import type { BackupTables } from '../backups/backup.table';
import type { CutDesignTable } from '../print-files/cut-jobs/cut-design.table';

/** Every table of the database, one interface per domain's `*.table.ts`. */
export interface Database extends PaymentTables, CatalogTables, DiscountTables, BackupTables {
  users: UserTable;
  sessions: SessionTable;
  trusted_logins: TrustedLoginTable;
  orders: OrderTable;
  order_items: OrderItemTable;
  order_history: OrderHistoryTable;
  change_counters: ChangeCounterTable;
  applied_mutations: AppliedMutationTable;
  idempotency_keys: IdempotencyKeyTable;
  analytics_events: AnalyticsEventTable;
  error_reports: ErrorReportTable;
  health_probe: HealthProbeTable;
  mail_outbox: MailOutboxTable;
  mail_sent: MailSentTable;
  staff_invites: StaffInviteTable;
  password_resets: PasswordResetTable;
  order_notes: OrderNoteTable;
  cut_designs: CutDesignTable;
}
