import { useEffect } from 'react';
import type { SavedShippingAddress } from '../../../shared/api/answers';
import type { User } from '../../../shared/api/types';
import { US_STATES } from '../../../shared/schemas/checkout';
import { CUSTOMER_ORDERS_KEY, refreshCustomerOrders, type StoredCustomerOrders } from '../account/customer-orders';
import { loadShopDb } from '../../db/lazy-db';
import { DEFAULT_COUNTRY, type CheckoutFormValues } from './checkout-form';

/** The form with a saved address in place of the shipping fields (the contact fields are kept). */
export function withSavedAddress(values: CheckoutFormValues, saved: SavedShippingAddress): CheckoutFormValues {
  const knownState = US_STATES.some((state) => state.code === saved.state);
  return {
    ...values,
    firstName: values.firstName || saved.firstName,
    lastName: values.lastName || saved.lastName,
    phone: values.phone || saved.phone,
    address: saved.address,
    city: saved.city,
    state: knownState ? saved.state : values.state,
    zipCode: saved.zipCode,
    country: saved.country || DEFAULT_COUNTRY,
  };
}

/** Fills only what the shopper has not typed: their account's contact details, then their last address. */
export function prefilledValues(values: CheckoutFormValues, user: User, saved: readonly SavedShippingAddress[]): CheckoutFormValues {
  const contact: CheckoutFormValues = {
    ...values,
    email: values.email || user.email,
    firstName: values.firstName || user.firstName,
    lastName: values.lastName || user.lastName,
    phone: values.phone || user.phone || '',
  };
  const untouchedAddress = !values.address && !values.city && !values.zipCode;
  return untouchedAddress && saved[0] ? withSavedAddress(contact, saved[0]) : contact;
}

async function storedAddresses(userId: number): Promise<SavedShippingAddress[]> {
  const { db } = await loadShopDb();
  const stored = (await db.meta.get(CUSTOMER_ORDERS_KEY))?.value as StoredCustomerOrders | undefined;
  return stored?.userId === userId ? (stored.savedAddresses ?? []) : [];
}

/**
 * A signed-in customer's checkout opens filled: at once from what this browser stored, then
 * again (untouched fields only) when their order history has been fetched. The addresses go
 * to `onAddresses` for the picker; `setValues` and `onAddresses` must be stable (state setters).
 */
export function useCheckoutPrefill(
  user: User | null,
  setValues: (update: (current: CheckoutFormValues) => CheckoutFormValues) => void,
  onAddresses: (addresses: SavedShippingAddress[]) => void,
): void {
  useEffect(() => {
    if (!user) return;
    let cancelled = false;
    const apply = (addresses: SavedShippingAddress[]) => {
      if (cancelled) return;
      onAddresses(addresses);
      setValues((current) => prefilledValues(current, user, addresses));
    };
    void storedAddresses(user.id).then(apply, () => apply([]));
    refreshCustomerOrders(user.id).then(
      () => storedAddresses(user.id).then(apply),
      () => undefined, // offline or signed out: the stored details stand
    );
    return () => {
      cancelled = true;
    };
  }, [user, setValues, onAddresses]);
}
