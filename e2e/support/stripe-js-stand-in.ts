import type { BrowserContext } from 'playwright-core';

/**
 * Test support: a stand-in for the part of Stripe.js the shop uses (js.stripe.com cannot be
 * reached here). `Stripe(key)` with `elements()` (deferred-intent options kept and updatable),
 * the card Element as an inert box, the Express Checkout Element as one "wallet" button that runs
 * the element's events in Stripe's order (click → resolve → confirm), `createPaymentMethod` and
 * `handleNextAction`. The payment method ids are Stripe's test ids, which the local Stripe API
 * stand-in (server/payments/stripe-stand-in.ts) charges as Stripe's test mode does.
 */
export interface WalletStandIn {
  /** What the payer's wallet hands over in the confirm event. */
  billingDetails: { name: string; email: string; phone: string };
  shippingAddress: { name: string; address: { line1: string; line2?: string; city: string; state: string; postal_code: string; country: string } };
  paymentMethodId?: string;
}

/** What the page did with the stand-in, read back by tests from `window.__stripeStandIn`. */
export interface StripeStandInLog {
  expressOptions: Record<string, unknown> | null;
  /** The elements' amount and the sheet's lines as the page resolved the click with. */
  sheets: { amount: number; lineItems: { name: string; amount: number }[]; shippingRates: { amount: number }[] }[];
  failures: { reason?: string; message?: string }[];
  paymentMethods: { billing_details: unknown }[];
}

function standInScript(): string {
  // Runs in the page: plain JavaScript, no imports.
  return `(() => {
    const log = { expressOptions: null, sheets: [], failures: [], paymentMethods: [] };
    window.__stripeStandIn = log;
    function createElement(type, options, elements) {
      const handlers = {};
      let container = null;
      const emit = (name, event) => (handlers[name] || []).forEach((handler) => handler(event));
      const element = {
        on(name, handler) { (handlers[name] = handlers[name] || []).push(handler); return element; },
        off() { return element; },
        mount(target) {
          container = typeof target === 'string' ? document.querySelector(target) : target;
          if (type !== 'expressCheckout') return;
          log.expressOptions = options || {};
          const button = document.createElement('button');
          button.type = 'button';
          button.textContent = 'Pay with Google Pay';
          button.style.cssText = 'width:100%;height:48px;border:0;border-radius:8px;background:#000;color:#fff;font-weight:700';
          button.addEventListener('click', () => {
            const wallet = window.__walletStandIn;
            let sheet = null;
            emit('click', { elementType: 'expressCheckout', expressPaymentType: 'google_pay', resolve(payload) { sheet = payload || {}; } });
            if (!sheet) return;
            log.sheets.push({ amount: elements.options.amount, lineItems: sheet.lineItems || [], shippingRates: sheet.shippingRates || [] });
            setTimeout(() => emit('confirm', {
              elementType: 'expressCheckout',
              expressPaymentType: 'google_pay',
              billingDetails: wallet.billingDetails,
              shippingAddress: wallet.shippingAddress,
              paymentFailed(payload) { log.failures.push(payload || {}); },
            }), 50);
          });
          container.appendChild(button);
          setTimeout(() => emit('ready', { elementType: 'expressCheckout', availablePaymentMethods: { googlePay: { available: true }, applePay: { available: false }, link: { available: true } } }), 0);
        },
        update() {},
        unmount() { if (container) container.textContent = ''; },
        destroy() { if (container) container.textContent = ''; },
      };
      return element;
    }
    window.Stripe = function Stripe() {
      return {
        _registerWrapper() {},
        elements(options) {
          const elements = {
            options: Object.assign({}, options),
            create(type, createOptions) { return createElement(type, createOptions, elements); },
            update(next) { Object.assign(elements.options, next); },
            submit() { return Promise.resolve({}); },
            getElement() { return null; },
          };
          return elements;
        },
        createPaymentMethod(request) {
          const details = (request && request.params && request.params.billing_details) || null;
          log.paymentMethods.push({ billing_details: details });
          const id = (window.__walletStandIn && window.__walletStandIn.paymentMethodId) || 'pm_card_visa';
          return Promise.resolve({ paymentMethod: { id, object: 'payment_method', type: 'card', billing_details: details } });
        },
        handleNextAction() { return Promise.resolve({ error: { message: 'The stand-in runs no 3-D Secure step.' } }); },
      };
    };
  })();`;
}

/** Serves the stand-in for every Stripe.js URL of the context and hands the page the wallet's details. */
export async function serveStripeJsStandIn(context: BrowserContext, wallet: WalletStandIn): Promise<void> {
  await context.addInitScript((details) => {
    (window as unknown as { __walletStandIn: unknown }).__walletStandIn = details;
  }, wallet);
  await context.route('https://js.stripe.com/**', (route) => route.fulfill({ status: 200, contentType: 'application/javascript', body: standInScript() }));
}
