import { useEffect, useState } from 'react';
import { formatUsd, toCents } from '../../shared/money';
import { UNIT_PRICE_CENTS } from '../../shared/catalog';
import { DEFAULT_FREE_SHIPPING_THRESHOLD_CENTS } from '../../shared/pricing';
import { shopConfig } from '../api/shop-config';

/**
 * The free-shipping threshold the server prices with (FREE_SHIPPING_THRESHOLD, served as
 * `freeShippingThreshold` by GET /api/payments/config): $2 by default (spec.md §9 reading A), or
 * e.g. $25 (reading B). Offline or on failure, the default reading.
 */
export function fetchFreeShippingThreshold(): Promise<number> {
  return shopConfig().then(
    (config) => toCents(config.freeShippingThreshold),
    () => DEFAULT_FREE_SHIPPING_THRESHOLD_CENTS,
  );
}

export function useFreeShippingThreshold(): number {
  const [threshold, setThreshold] = useState(DEFAULT_FREE_SHIPPING_THRESHOLD_CENTS);
  useEffect(() => {
    let alive = true;
    void fetchFreeShippingThreshold().then((cents) => alive && setThreshold(cents));
    return () => {
      alive = false;
    };
  }, []);
  return threshold;
}

/** True when even a single item ships free, so the copy can say "every order". */
export function shipsEveryOrderFree(thresholdCents: number): boolean {
  return thresholdCents <= UNIT_PRICE_CENTS;
}

/** The shipping promise in the shop's words, following the configured reading. */
export function freeShippingCopy(thresholdCents: number): string {
  return shipsEveryOrderFree(thresholdCents) ? 'Free shipping on every order' : `Free shipping on orders over ${wholeDollars(thresholdCents)}`;
}

/** The short badge next to the price. */
export function freeShippingBadge(thresholdCents: number): string {
  return shipsEveryOrderFree(thresholdCents) ? 'FREE Shipping' : `FREE Shipping over ${wholeDollars(thresholdCents)}`;
}

/** "$25" rather than "$25.00" in copy; cents stay when there are any. */
function wholeDollars(cents: number): string {
  return formatUsd(cents).replace(/\.00$/, '');
}
