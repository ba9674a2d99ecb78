import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { isStorableText } from '../../shared/schemas/storable-text';
import { startTestApp, type TestApp } from '../test/test-app';
import { checkoutBody, countRows } from './payment.test-support';

/**
 * Any text in any free-text customer field either is refused with 422
 * naming that field before anything is stored, or is stored and answered 201; never a 500, never
 * an intent without its order. Runs on both databases; `npm run test:soak` runs FUZZ_RUNS=2000
 * on PostgreSQL (the normal suite: 40).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const FIELDS = ['customerInfo.firstName', 'customerInfo.lastName', 'shippingAddress.address', 'shippingAddress.city', 'specialInstructions'] as const;
const HOSTILE_CHARACTERS = ['\u0000', '\uD800', '\uDFFF', '\u0007', '\u001B', '\u0085', '\u202E', '\u2066', '\u061C', '\n', '\t', 'é', '💖', 'ß', ' '];

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const text = fc
  .array(fc.oneof(fc.constantFrom(...HOSTILE_CHARACTERS), fc.string({ unit: 'grapheme-ascii', maxLength: 3 })), { minLength: 1, maxLength: 12 })
  .map((parts) => `A${parts.join('')}`);

it(`refuses or stores every text, never 500 and never an intent without an order (${RUNS} checkouts)`, async () => {
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...FIELDS), text, async (field, value) => {
      const body: Record<string, any> = checkoutBody('pm_card_visa');
      const [group, key] = field.includes('.') ? field.split('.') : [null, field];
      if (group) body[group] = { ...body[group], [key!]: value };
      else body[key!] = value;
      const intents = await countRows(t, 'payment_intents');
      const answer = await t.request('POST', '/api/checkout', { body });
      const storable = isStorableText(value.trim(), { multiLine: field === 'specialInstructions' });
      if (storable) {
        expect(answer.status, `${field}=${JSON.stringify(value)}: ${answer.text}`).toBe(201);
      } else {
        expect(answer.status, `${field}=${JSON.stringify(value)}: ${answer.text}`).toBe(422);
        expect(answer.body.errors.map((error: { path: string }) => error.path)).toContain(field);
        expect(await countRows(t, 'payment_intents')).toBe(intents);
      }
    }),
    { numRuns: RUNS },
  );
  const orphans = await t.app.context.db.selectFrom('payment_intents').select('id').where('status', '=', 'succeeded').where('order_id', 'is', null).execute();
  expect(orphans).toEqual([]);
}, 600_000);
