import type { Context, Middleware, Next } from 'koa';
import helmet from 'koa-helmet';
import { isApiPath } from './protocol';

/** What Stripe.js needs (Stripe's own CSP guidance), allowed only when Stripe is configured. */
const STRIPE = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  img: ['https://*.stripe.com'],
};

/**
 * The headers of design.md §8 through helmet (koa-helmet), on every response: nosniff, a
 * Referrer-Policy, a CSP with `frame-ancestors 'none'` (the shop's own origin, plus Stripe.js when
 * configured, for the app; nothing at all for JSON, which no browser should render), and a
 * Permissions-Policy, which helmet does not set. HSTS belongs to the TLS proxy (README), so helmet's is off:
 * over plain HTTP it means nothing, and the proxy knows whether the site is served over TLS.
 */
export function securityHeaders(options: { stripe: boolean }): Middleware {
  const { forApi, forApp, permissions } = securityHeaderSources(options);
  return function setSecurityHeaders(ctx: Context, next: Next) {
    ctx.set('Permissions-Policy', permissions);
    return (isApiPath(ctx.path) ? forApi : forApp)(ctx, next);
  };
}

/** helmet (koa-helmet) for the app and for the API, and the Permissions-Policy: the source of the headers. */
export function securityHeaderSources(options: { stripe: boolean }): { forApp: Middleware; forApi: Middleware; permissions: string } {
  const stripe = options.stripe;
  const extra = (list: string[]) => (stripe ? list : []);
  const common = {
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
    // Stripe's 3-D Secure and card frames need no opener, but its popups would: keep the default
    // same-origin only without Stripe.
    crossOriginOpenerPolicy: stripe ? { policy: 'same-origin-allow-popups' as const } : { policy: 'same-origin' as const },
  };
  const forApp = helmet({
    ...common,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...extra(STRIPE.script)],
        // React sets style attributes and Stripe Elements injects styles: inline styles, never inline scripts.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...extra(STRIPE.img)],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...extra(STRIPE.connect)],
        frameSrc: stripe ? STRIPE.frame : ["'none'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
  });
  const forApi = helmet({
    ...common,
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  });
  const permissions = [
    // The print room scans tracking numbers with the tablet's camera (BarcodeDetector) on our own pages.
    'camera=(self)',
    'microphone=()',
    'geolocation=()',
    'usb=()',
    'magnetometer=()',
    'gyroscope=()',
    'accelerometer=()',
    stripe ? 'payment=(self "https://js.stripe.com")' : 'payment=()',
  ].join(', ');

  return { forApp, forApi, permissions };
}
