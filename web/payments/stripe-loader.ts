import type { Stripe } from '@stripe/stripe-js';

let loading: { key: string; promise: Promise<Stripe> } | null = null;

/**
 * Loads Stripe.js once per publishable key. The package is imported here, on demand, so it and
 * its script tag exist only on the checkout route and only when the server says `stripe`.
 */
export function loadStripeJs(publishableKey: string): Promise<Stripe> {
  if (loading?.key === publishableKey) return loading.promise;
  const promise = import('@stripe/stripe-js')
    .then(({ loadStripe }) => loadStripe(publishableKey))
    .then((stripe) => {
      if (!stripe) throw new Error('Stripe.js could not be loaded.');
      return stripe;
    });
  promise.catch(() => {
    if (loading?.promise === promise) loading = null;
  });
  loading = { key: publishableKey, promise };
  return promise;
}
