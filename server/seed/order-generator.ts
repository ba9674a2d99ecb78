import { COLORS, DEFAULT_CASE_TYPE, DEFAULT_FONT_SIZE, FONTS, UNIT_PRICE_CENTS, productTypeOfVariant } from '../../shared/catalog';
import type { OrderStatus } from '../../shared/order-status';
import { generateTrackingNumber } from '../../shared/order-status';
import { computeTotals, type Discount } from '../../shared/pricing';
import type { NewOrder, NewOrderItem } from '../orders/order.repository';
import { AREA_CODES, CATCHPHRASES, CITIES, DEVICE_WEIGHTS, FIRST_NAMES, LAST_NAMES, SPECIAL_INSTRUCTIONS, STREET_NAMES } from './seed-data';

/** The spec's codes as the discount-codes migration seeds them (spec.md §5). */
const SEEDED_CODES: readonly Discount[] = [
  { code: 'SAVE10', type: 'percentage', value: 10 },
  { code: 'WELCOME5', type: 'fixed', value: 500 },
  { code: 'FREESHIP', type: 'shipping', value: 0 },
];

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** What a seeded order has done since it was placed, consistent with its status. */
export interface Fulfillment {
  trackingNumber: string | null;
  printedAt: number | null;
  shippedAt: number | null;
  deliveredAt: number | null;
}

/** A NewOrder plus the fulfillment an old order has been through (shipped orders have tracking). */
export interface SeedOrder extends NewOrder {
  fulfillment?: Fulfillment;
}

export interface GenerateOrdersOptions {
  /** Orders are placed within the `days` days before `now`. */
  now?: number;
  days?: number;
  /** Same seed, same orders (order numbers and ids are drawn when inserting). */
  seed?: number;
}

/** A small, fast, seedable PRNG (mulberry32): [0, 1). */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `count` realistic paid orders placed over the last `days` days (a year by default), oldest
 * first: US customers and addresses, catchphrases as custom text, catalogue devices and colours,
 * 1 to 3 lines, totals from shared/pricing.ts, and a status that fits the order's age.
 */
export function generateOrders(count: number, options: GenerateOrdersOptions = {}): SeedOrder[] {
  const { now = Date.now(), days = 365, seed = 20261121 } = options;
  const random = createRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const pickDevice = weightedPicker(DEVICE_WEIGHTS, random);

  // Business grew over the year: the sqrt skews order times towards the recent end.
  const ages = Array.from({ length: count }, () => (1 - Math.sqrt(random())) * days * DAY_MS);
  ages.sort((a, b) => b - a);

  return ages.map((ageMs, index) => {
    const createdAt = Math.floor(now - ageMs);
    const firstName = pick(FIRST_NAMES);
    const lastName = pick(LAST_NAMES);
    const [city, state, zipCode] = pick(CITIES);
    const items = generateItems(random, pick, pickDevice);
    const discountRoll = random();
    const discount = discountRoll < 0.06 ? SEEDED_CODES[0] : discountRoll < 0.09 ? SEEDED_CODES[1] : discountRoll < 0.1 ? SEEDED_CODES[2] : null;
    const { status, fulfillment } = statusForAge(ageMs, createdAt, now, random);
    const street = `${100 + Math.floor(random() * 9800)} ${pick(STREET_NAMES)}`;
    return {
      userId: null,
      customer: {
        email: `${firstName}.${lastName}${index % 1000}@example.com`.toLowerCase(),
        firstName,
        lastName,
        phone: `(${pick(AREA_CODES)}) 555-${String(1000 + Math.floor(random() * 9000))}`,
      },
      shippingAddress: { address: street, city, state, zipCode, country: 'United States' },
      billingAddress: null,
      items,
      totals: computeTotals(items, { discount }),
      status,
      specialInstructions: random() < 0.05 ? pick(SPECIAL_INSTRUCTIONS) : null,
      marketing: random() < 0.4,
      paymentIntentId: null,
      paymentMethod: 'card',
      paymentStatus: 'succeeded',
      source: 'system',
      createdAt,
      fulfillment,
    } satisfies SeedOrder;
  });
}

function generateItems(random: () => number, pick: <T>(list: readonly T[]) => T, pickDevice: () => string): NewOrderItem[] {
  const lineRoll = random();
  const lines = lineRoll < 0.7 ? 1 : lineRoll < 0.92 ? 2 : 3;
  return Array.from({ length: lines }, () => {
    const device = pickDevice();
    return {
      device,
      productType: productTypeOfVariant(device)?.id ?? null,
      caseType: DEFAULT_CASE_TYPE,
      text: pick(CATCHPHRASES),
      color: pick(COLORS).name,
      font: random() < 0.6 ? FONTS[0] : pick(FONTS),
      fontSize: random() < 0.8 ? DEFAULT_FONT_SIZE : pick([20, 28, 32]),
      logo: random() < 0.15,
      unitPriceCents: UNIT_PRICE_CENTS,
      quantity: random() < 0.88 ? 1 : random() < 0.8 ? 2 : 3,
    };
  });
}

/**
 * Status by age: today's orders are in production, a few days old are printed or shipped, older
 * ones delivered; about 3 % are cancelled (never in the first hours). Fulfillment times fall between
 * placing and now, in order.
 */
function statusForAge(ageMs: number, createdAt: number, now: number, random: () => number): { status: OrderStatus; fulfillment: Fulfillment } {
  const days = ageMs / DAY_MS;
  let status: OrderStatus;
  if (ageMs > 6 * HOUR_MS && random() < 0.03) status = 'cancelled';
  else if (days < 2) status = 'processing';
  else if (days < 4) status = random() < 0.4 ? 'processing' : 'printed';
  else if (days < 7) status = random() < 0.3 ? 'printed' : 'shipped';
  else if (days < 14) status = random() < 0.5 ? 'shipped' : 'delivered';
  else status = 'delivered';

  const step = (fraction: number, capDays: number) => Math.min(now, createdAt + Math.min(ageMs * fraction, capDays * DAY_MS * (0.8 + random() * 0.4)));
  const reached = (s: OrderStatus) => ['printed', 'shipped', 'delivered'].indexOf(status) >= ['printed', 'shipped', 'delivered'].indexOf(s);
  const printedAt = status !== 'cancelled' && reached('printed') ? step(0.3, 1.5) : null;
  const shippedAt = status !== 'cancelled' && reached('shipped') ? Math.max(printedAt!, step(0.6, 3)) : null;
  const deliveredAt = status === 'delivered' ? Math.max(shippedAt!, step(0.9, 7)) : null;
  return {
    status,
    fulfillment: {
      trackingNumber: shippedAt ? generateTrackingNumber(random) : null,
      printedAt: printedAt && Math.floor(printedAt),
      shippedAt: shippedAt && Math.floor(shippedAt),
      deliveredAt: deliveredAt && Math.floor(deliveredAt),
    },
  };
}

function weightedPicker(weights: readonly (readonly [string, number])[], random: () => number): () => string {
  const total = weights.reduce((sum, [, weight]) => sum + weight, 0);
  return () => {
    let roll = random() * total;
    for (const [value, weight] of weights) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return weights[weights.length - 1]![0];
  };
}
