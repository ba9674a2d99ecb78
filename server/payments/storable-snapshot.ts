import { withoutUnstorableCharacters } from '../../shared/schemas/storable-text';
import type { AppContext } from '../app-context';
import { insertErrorReport } from '../analytics/analytics.repository';
import type { DbOrTrx } from '../db/transaction';
import type { IntentSnapshot } from './payment.snapshot';
import type { PaymentIntentRow } from './payment.table';

/**
 * A paid intent's order must always be written. A snapshot stored before the shared
 * rule of shared/schemas/storable-text.ts existed may hold a NUL, which PostgreSQL refuses, or
 * other characters the rule now refuses: rather than failing at every start-up forever, the
 * order is written with those characters removed, and the admin is told which fields lost some.
 */
export function cleanedSnapshot(snapshot: IntentSnapshot): { snapshot: IntentSnapshot; cleanedFields: string[] } {
  const cleanedFields: string[] = [];
  const clean = <T extends object>(record: T, prefix: string, multiLineKeys: string[] = []): T => {
    const copy: Record<string, unknown> = { ...(record as Record<string, unknown>) };
    for (const [key, value] of Object.entries(record as Record<string, unknown>)) {
      if (typeof value !== 'string') continue;
      const cleaned = withoutUnstorableCharacters(value, { multiLine: multiLineKeys.includes(key) });
      if (cleaned !== value) {
        copy[key] = cleaned;
        cleanedFields.push(`${prefix}${key}`);
      }
    }
    return copy as T;
  };
  // Items' texts were checked against the font when the intent was made: only the customer's fields.
  const result: IntentSnapshot = {
    ...clean(snapshot, '', ['specialInstructions']),
    customer: clean(snapshot.customer, 'customer.'),
    shippingAddress: clean(snapshot.shippingAddress, 'shippingAddress.'),
    billingAddress: snapshot.billingAddress ? clean(snapshot.billingAddress, 'billingAddress.') : null,
  };
  return { snapshot: result, cleanedFields };
}

/** The intent's stored snapshot, cleaned for storage; a cleaning goes to the error log and the admin's error reports. */
export async function storableSnapshotOf(app: AppContext, intent: PaymentIntentRow, db: DbOrTrx = app.db): Promise<IntentSnapshot> {
  const { snapshot, cleanedFields } = cleanedSnapshot(JSON.parse(intent.snapshot) as IntentSnapshot);
  if (cleanedFields.length === 0) return snapshot;
  const message = `Payment ${intent.id}: characters that cannot be stored were removed from ${cleanedFields.join(', ')} before its order was written; check the order's customer details.`;
  app.logger.error('paid order written with characters removed', { intentId: intent.id, fields: cleanedFields });
  await insertErrorReport(
    db,
    { message, stack: null, componentStack: null, eventId: `storable-snapshot:${intent.id}`, timestamp: null, userAgent: 'server', url: null },
    app.now(),
  );
  return snapshot;
}
