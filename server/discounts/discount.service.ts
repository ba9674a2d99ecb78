import type { DiscountCodeView } from '../../shared/api/answers';
import { toCents, toDollars } from '../../shared/money';
import { INVALID_DISCOUNT_MESSAGE, normaliseDiscountCode, type Discount } from '../../shared/pricing';
import { DISCOUNT_CODE_MESSAGES, type NewDiscountCode } from '../../shared/schemas/discount-codes';
import type { AppContext } from '../app-context';
import type { Db } from '../db/database';
import type { Trx } from '../db/transaction';
import { conflict, HttpError, notFound } from '../errors/http-error';
import {
  countLiveRedemptions,
  countOrdersByDiscountCode,
  deleteRedemption,
  deleteRedemptionOfIntent,
  findDiscountCode,
  findRedemption,
  findDiscountCodeForClaim,
  insertDiscountCode,
  insertRedemption,
  listDiscountCodeRows,
  setDiscountCodeActive,
} from './discount.repository';
import type { DiscountCodeRow } from './discount.table';
import { canonicalEmail } from './canonical-email';

/**
 * Discount codes (design.md §9, docs/decisions.md). A checkout resolves its code
 * from an in-process copy of the code's definition (type, value, dates, limits never change after
 * creation, so every process may keep it). A use is claimed when the money moves: in the transaction
 * just before the charge (the checkout's pending intent, or POST /api/payments/confirm), the code's
 * row is read (active or not now) and, for a limited code, one use held (claimDiscountUse). Opening
 * an intent only checks the code (ensureDiscountUsable), so unpaid intents hold nothing. A charge
 * that fails gives the use back (releaseDiscountUse); a held use whose charge never wrote its order
 * stops counting after HOLD_MS. Per-customer limits count canonical addresses (canonical-email.ts).
 */
export const INVALID_DISCOUNT_CODE = 'INVALID_DISCOUNT_CODE';
export const invalidDiscountCode = () => new HttpError(422, INVALID_DISCOUNT_CODE, INVALID_DISCOUNT_MESSAGE);

/** How long a use held by a checkout without an order counts: longer than any charge takes to answer. */
export const HOLD_MS = 60 * 60 * 1000;

/** A code a checkout may price with, and whether its uses are counted (a limited code). */
export interface ResolvedDiscount {
  discount: Discount;
  limited: boolean;
}

type Definition = Omit<DiscountCodeRow, 'active' | 'updated_at'>;
const definitionsByDb = new WeakMap<Db, Map<string, Definition>>();

async function definitionOf(app: AppContext, code: string): Promise<Definition | undefined> {
  let definitions = definitionsByDb.get(app.db);
  if (!definitions) definitionsByDb.set(app.db, (definitions = new Map()));
  const cached = definitions.get(code);
  if (cached) return cached;
  // An unknown code is looked up each time: another process may create it at any moment.
  const row = await findDiscountCode(app.db, code);
  if (!row) return undefined;
  const { active: _active, updated_at: _updated, ...definition } = row;
  definitions.set(code, definition);
  return definition;
}

const isLimited = (definition: Definition) => definition.max_uses !== null || definition.max_uses_per_customer !== null;
const withinDates = (definition: Definition, now: number) => (definition.starts_at === null || definition.starts_at <= now) && (definition.ends_at === null || now < definition.ends_at);
const discountOf = (definition: Definition): Discount => ({ code: definition.code, type: definition.type, value: definition.value });

/**
 * The code a cart is priced with (null without one); 422 'Invalid discount code' for an unknown
 * code or one outside its dates. `paid`: the cart of an intent already paid (POST /api/orders),
 * priced with its code whatever the code's state now.
 */
export async function resolveDiscount(app: AppContext, code: string | null | undefined, options: { paid?: boolean } = {}): Promise<ResolvedDiscount | null> {
  if (!code?.trim()) return null;
  const definition = await definitionOf(app, normaliseDiscountCode(code));
  if (!definition || (!options.paid && !withinDates(definition, app.now()))) throw invalidDiscountCode();
  return { discount: discountOf(definition), limited: isLimited(definition) };
}

/** Whether one more use fits the code's limits (`email`: the customer's, canonical; null: the total only). */
async function hasUseLeft(db: Db | Trx, row: DiscountCodeRow, email: string | null, now: number): Promise<boolean> {
  const heldSince = now - HOLD_MS;
  if (row.max_uses !== null && (await countLiveRedemptions(db, row.code, heldSince, null)) >= row.max_uses) return false;
  if (email !== null && row.max_uses_per_customer !== null && (await countLiveRedemptions(db, row.code, heldSince, email)) >= row.max_uses_per_customer) return false;
  return true;
}

export interface DiscountClaim {
  /** The checkout's intent key (payment_intents.idempotency_key): a retried checkout finds its intent and claims nothing. */
  intentKey: string;
  email: string;
  now: number;
}

/**
 * In the transaction that stores a new payment intent, before any charge: refuses (throws 422, so
 * the transaction rolls back and nothing is stored) a code that is inactive or out of its dates
 * now, or a limited code whose uses are taken, and holds one use of a limited code. An unlimited
 * code costs one read by key and no write.
 */
export async function claimDiscountUse(trx: Trx, resolved: ResolvedDiscount, claim: DiscountClaim): Promise<void> {
  const row = await findDiscountCodeForClaim(trx, resolved.discount.code, resolved.limited);
  if (!row || !row.active || !withinDates(row, claim.now)) throw invalidDiscountCode();
  if (!resolved.limited) return;
  // A charge tried again (a lost answer, 3-D Secure) already holds its use.
  if (await findRedemption(trx, claim.intentKey)) return;
  const email = canonicalEmail(claim.email);
  if (!(await hasUseLeft(trx, row, email, claim.now))) throw invalidDiscountCode();
  await insertRedemption(trx, { intent_key: claim.intentKey, code: row.code, email, created_at: claim.now });
}

/** Opening an intent: the checks of claimDiscountUse without holding a use (422 when it would be refused now). */
export async function ensureDiscountUsable(db: Db, resolved: ResolvedDiscount, email: string, now: number): Promise<void> {
  const row = await findDiscountCode(db, resolved.discount.code);
  if (!row || !row.active || !withinDates(row, now)) throw invalidDiscountCode();
  if (resolved.limited && !(await hasUseLeft(db, row, canonicalEmail(email), now))) throw invalidDiscountCode();
}

/** A charge that failed gives back the use its checkout held (nothing when it held none). */
export function releaseDiscountUse(trx: Trx, intentId: string): Promise<void> {
  return deleteRedemptionOfIntent(trx, intentId);
}

/** Gives back the use held under an intent key (nothing when none is held). */
export function releaseDiscountClaim(trx: Trx, intentKey: string): Promise<void> {
  return deleteRedemption(trx, intentKey);
}

/** POST /api/discount-codes/check: the shop's question before checkout, answered as the checkout would. */
export async function checkDiscountCode(app: AppContext, input: { code: string; email?: string | undefined }): Promise<{ discount: Discount }> {
  const row = await findDiscountCode(app.db, normaliseDiscountCode(input.code));
  const now = app.now();
  const email = input.email?.trim() ? canonicalEmail(input.email) : null;
  if (!row || !row.active || !withinDates(row, now) || !(await hasUseLeft(app.db, row, email, now))) throw invalidDiscountCode();
  return { discount: discountOf(row) };
}

const isoOrNull = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function toView(row: DiscountCodeRow, uses: number): DiscountCodeView {
  return {
    code: row.code,
    type: row.type,
    value: row.type === 'fixed' ? toDollars(row.value) : row.value,
    active: row.active === 1,
    startsAt: isoOrNull(row.starts_at),
    endsAt: isoOrNull(row.ends_at),
    maxUses: row.max_uses,
    maxUsesPerCustomer: row.max_uses_per_customer,
    uses,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export async function listDiscountCodes(app: AppContext): Promise<{ codes: DiscountCodeView[] }> {
  const rows = await listDiscountCodeRows(app.db);
  const uses = await countOrdersByDiscountCode(app.db);
  return { codes: rows.map((row) => toView(row, uses.get(row.code) ?? 0)) };
}

export async function createDiscountCode(app: AppContext, input: NewDiscountCode): Promise<{ code: DiscountCodeView }> {
  const now = app.now();
  const row: DiscountCodeRow = {
    code: input.code,
    type: input.type,
    value: input.type === 'fixed' ? toCents(input.value) : input.type === 'percentage' ? input.value : 0,
    active: 1,
    starts_at: input.startsAt ? Date.parse(input.startsAt) : null,
    ends_at: input.endsAt ? Date.parse(input.endsAt) : null,
    max_uses: input.maxUses ?? null,
    max_uses_per_customer: input.maxUsesPerCustomer ?? null,
    created_at: now,
    updated_at: now,
  };
  if (!(await insertDiscountCode(app.db, row))) throw conflict(DISCOUNT_CODE_MESSAGES.duplicate, 'DISCOUNT_CODE_EXISTS');
  const uses = await countOrdersByDiscountCode(app.db, [row.code]);
  return { code: toView(row, uses.get(row.code) ?? 0) };
}

export async function updateDiscountCode(app: AppContext, code: string, active: boolean): Promise<{ code: DiscountCodeView }> {
  const row = await setDiscountCodeActive(app.db, normaliseDiscountCode(code), active, app.now());
  if (!row) throw notFound(DISCOUNT_CODE_MESSAGES.notFound, 'DISCOUNT_CODE_NOT_FOUND');
  const uses = await countOrdersByDiscountCode(app.db, [row.code]);
  return { code: toView(row, uses.get(row.code) ?? 0) };
}
