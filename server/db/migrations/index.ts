import type { Migration } from 'kysely';
import * as core from './2026-11-21T1000_core';
import * as payments from './2026-11-21T1200_payments';
import * as analyticsIndexes from './2026-11-21T1500_analytics_indexes';
import * as ordersListIndexes from './2026-11-21T1600_orders_list_indexes';
import * as analyticsRollup from './2026-11-21T1700_analytics_rollup';
import * as ordersSearchTrigram from './2026-11-21T1800_orders_search_trigram';
import * as ordersSearchAtCommit from './2026-11-22T0100_orders_search_at_commit';
import * as checkoutAnswerOnIntent from './2026-11-22T0200_checkout_answer_on_intent';
import * as partialIndexes from './2026-11-22T0300_partial_indexes';
import * as clusteredChildTables from './2026-11-22T0400_clustered_child_tables';
import * as mailOutbox from './2026-11-24T0200_mail_outbox';
import * as hardening from './2026-11-24T0300_hardening';
import * as analyticsDayProcessing from './2026-11-24T0400_analytics_day_processing';
import * as ordersSearchPgTrgm from './2026-11-24T0500_orders_search_pg_trgm';
import * as ordersSearchTracking from './2026-11-24T0600_orders_search_tracking';
import * as changeSequence from './2026-11-25T0100_change_sequence';
import * as shopAssert from './2026-11-25T0200_shop_assert';
import * as settleRecords from './2026-11-25T0300_settle_records';
import * as testGatewayCharges from './2026-11-28T0100_test_gateway_charges';
import * as catalog from './2026-11-28T1000_catalog';
import * as discountCodes from './2026-11-28T1100_discount_codes';
import * as staff from './2026-11-28T1200_staff';
import * as orderEdits from './2026-11-28T1300_order_edits';
import * as appliedVersion from './2026-12-06T1040_applied_version';
import * as backups from './2026-12-06T1060_backups';
import * as cutDesigns from './2026-12-07T1010_cut_designs';
import * as usableAreas from './2026-12-07T1020_usable_areas';
import * as refundEventTime from './2026-12-07T1030_refund_event_time';
import * as testGatewayLedger from './2026-12-07T1060_test_gateway_ledger';
import * as phoneOrder from './2026-12-08T1000_phone_order';
import * as refundFailed from './2026-12-08T1100_refund_failed';
import * as designPictureKey from './2026-12-09T1000_design_picture_key';

/**
 * Every migration, by timestamped name. Kysely runs them in name order and records what ran.
 * A domain adds its own file here (e.g. payments); names must sort after the ones before.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-21T1000_core': core,
  '2026-11-21T1200_payments': payments,
  '2026-11-21T1500_analytics_indexes': analyticsIndexes,
  '2026-11-21T1600_orders_list_indexes': ordersListIndexes,
  '2026-11-21T1700_analytics_rollup': analyticsRollup,
  '2026-11-21T1800_orders_search_trigram': ordersSearchTrigram,
  '2026-11-22T0100_orders_search_at_commit': ordersSearchAtCommit,
  '2026-11-22T0200_checkout_answer_on_intent': checkoutAnswerOnIntent,
  '2026-11-22T0300_partial_indexes': partialIndexes,
  '2026-11-22T0400_clustered_child_tables': clusteredChildTables,
  '2026-11-24T0200_mail_outbox': mailOutbox,
  '2026-11-24T0300_hardening': hardening,
  '2026-11-24T0400_analytics_day_processing': analyticsDayProcessing,
  '2026-11-24T0500_orders_search_pg_trgm': ordersSearchPgTrgm,
  '2026-11-24T0600_orders_search_tracking': ordersSearchTracking,
  '2026-11-25T0100_change_sequence': changeSequence,
  '2026-11-25T0200_shop_assert': shopAssert,
  '2026-11-25T0300_settle_records': settleRecords,
  '2026-11-28T0100_test_gateway_charges': testGatewayCharges,
  '2026-11-28T1000_catalog': catalog,
  '2026-11-28T1100_discount_codes': discountCodes,
  '2026-11-28T1200_staff': staff,
  '2026-11-28T1300_order_edits': orderEdits,
  '2026-12-06T1040_applied_version': appliedVersion,
  '2026-12-06T1060_backups': backups,
  '2026-12-07T1010_cut_designs': cutDesigns,
  '2026-12-07T1020_usable_areas': usableAreas,
  '2026-12-07T1030_refund_event_time': refundEventTime,
  '2026-12-07T1060_test_gateway_ledger': testGatewayLedger,
  '2026-12-08T1000_phone_order': phoneOrder,
  '2026-12-08T1100_refund_failed': refundFailed,
  '2026-12-09T1000_design_picture_key': designPictureKey,
};
