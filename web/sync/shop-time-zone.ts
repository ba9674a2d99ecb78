/**
 * The shop's time zone (SHOP_TIME_ZONE on the server), whose days the order filter's dates mean, as
 * the server does (shared/orders/order-filter.ts). Read from GET /api/payments/config when the
 * admin is online and kept in the Dexie meta table, so the filter means the same days offline.
 */
import { DEFAULT_SHOP_TIME_ZONE, isTimeZone } from '../../shared/orders/shop-days';
import { shopConfig } from '../api/shop-config';
import { db } from '../db/db';
import { useShopLiveQuery } from '../db/lazy-db';
import { SHOP_TIME_ZONE_META } from './meta-keys';

/** Asks the server for the shop's time zone and stores it; a zone this browser does not know is ignored. */
export async function refreshShopTimeZone(): Promise<void> {
  const { shopTimeZone } = await shopConfig();
  if (shopTimeZone && isTimeZone(shopTimeZone)) await db.meta.put({ key: SHOP_TIME_ZONE_META, value: shopTimeZone });
}

/** The stored shop time zone, live; the server's default (UTC) until the first answer. */
export function useShopTimeZone(): string {
  const stored = useShopLiveQuery(async (db) => (await db.meta.get(SHOP_TIME_ZONE_META))?.value as string | undefined, []);
  return stored ?? DEFAULT_SHOP_TIME_ZONE;
}
