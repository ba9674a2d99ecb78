import fc from 'fast-check';
import { API_ROUTES, type ApiRouteName } from '../../shared/api/routes';
import { checkoutBody } from '../payments/payment.test-support';

/**
 * Test support: fast-check generators of what an outsider may send to any route of the route map
 * (shared/api/routes.ts): malformed, oversized, wrongly typed and injection-shaped bodies, query
 * strings, path parameters and headers, and near-valid bodies with one field made hostile.
 */
export const INJECTIONS = [
  "' OR 1=1 --",
  "'; DROP TABLE orders; --",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '${7*7}',
  '{{7*7}}',
  '=cmd|\' /C calc\'!A0',
  '__proto__',
  'constructor',
  'toString',
  '\u0000',
  '\ud800',
  '%00',
  '\r\nSet-Cookie: x=1',
  'NaN',
  '-1e309',
  'pm_card_visa\u0000',
];

const injection = fc.constantFrom(...INJECTIONS);
const hugeString = fc.integer({ min: 1_000, max: 120_000 }).map((n) => 'A'.repeat(n));
const weirdNumber = fc.constantFrom(-1, 0, 1e308, -0, 2 ** 53 + 1, 0.1 + 0.2, -999999999);

/** Any single hostile value: wrong types, injections, huge text, deep nesting. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  injection,
  weirdNumber,
  fc.constantFrom(null, true, false, [], {}, ''),
  fc.string({ maxLength: 40 }),
  hugeString,
  fc.array(injection, { maxLength: 5 }),
  fc.dictionary(fc.oneof(injection, fc.string({ maxLength: 8 })), injection, { maxKeys: 4 }),
  fc.integer({ min: 50, max: 3_000 }).map((depth) => JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as unknown),
);

/** Valid-looking bodies of the routes that take one, for near-valid mutations. */
function samples(): Partial<Record<ApiRouteName, Record<string, unknown>>> {
  const checkout = checkoutBody('pm_card_visa', [1]);
  const { paymentMethodId: _pm, billingAddress: _b, ...cart } = checkout;
  return {
    checkout,
    createIntent: cart,
    createOrder: { ...cart, billingAddress: null, paymentInfo: { paymentIntentId: 'pi_x', paymentMethod: 'card', paymentStatus: 'succeeded' } },
    confirmPayment: { paymentIntentId: 'pi_x', paymentMethodId: 'pm_card_visa' },
    refund: { paymentIntentId: 'pi_x', amount: 1 },
    login: { email: 'owner@example.com', password: 'correct-horse-battery' },
    register: { email: 'fan@example.com', password: 'villa-summer-2026', firstName: 'Fan', lastName: 'Girl' },
    authSetup: { email: 'owner@example.com', password: 'villa-summer-2026', firstName: 'Olive', lastName: 'Owner' },
    validateText: { text: 'Bombshell' },
    orderStatus: { status: 'printed', trackingNumber: 'TRK123456789' },
    syncPush: { mutations: [{ id: 'm1', orderId: 'o1', type: 'setStatus', status: 'printed', baseVersion: 1, at: 1 }] },
    analyticsEvents: { type: 'visit', visitorId: 'v1' },
    errorReports: { message: 'Boom', stack: 'at x' },
  };
}

/** A sample body with one field (at any depth) replaced by a hostile value, or removed. */
function mutated(sample: Record<string, unknown>): fc.Arbitrary<unknown> {
  const paths: string[][] = [];
  const walk = (value: unknown, path: string[]) => {
    if (path.length) paths.push(path);
    if (value && typeof value === 'object') for (const [key, inner] of Object.entries(value)) walk(inner, [...path, key]);
  };
  walk(sample, []);
  return fc.record({ path: fc.constantFrom(...paths), value: fc.option(hostileValue, { nil: undefined }) }).map(({ path, value }) => {
    const copy = structuredClone(sample) as Record<string, unknown>;
    let node = copy as Record<string, unknown>;
    for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
    const last = path.at(-1)!;
    if (value === undefined) delete node[last];
    else node[last] = value;
    return copy;
  });
}

export interface HostileRequest {
  route: ApiRouteName;
  method: string;
  path: string;
  /** A JSON-encodable body, or raw text sent as is. */
  body?: { json: unknown } | { raw: string };
  headers: Record<string, string>;
  asAdmin: boolean;
  /** A valid sample with one field changed: it may still be valid (a name with quotes is a name). */
  nearValid: boolean;
}

const contentType = fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=utf-16', '');
const rawBody = fc.oneof(
  fc.constantFrom('{', '{"a":', '[1,2', 'null', '"text"', '1e999', '{"__proto__":{"admin":true}}', '\u0000\u0001', 'a=1&b=2'),
  fc.string({ maxLength: 200 }),
);
const queryString = fc.array(fc.tuple(fc.oneof(injection, fc.constantFrom('status', 'page', 'limit', 'range', 'since', 'format', 'dpi', 'line', 'search', 'dateFrom', 'ids')), fc.oneof(injection, fc.string({ maxLength: 20 }), fc.constantFrom('-1', '0', '1e9', 'NaN', '999999999999', '2026-13-45'))), { maxLength: 4 });
const headers = fc.record(
  {
    'Idempotency-Key': fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('k'.repeat(300), ' ', 'key\twith tab', 'ok-key-1')),
    Authorization: fc.constantFrom('Bearer ', 'Bearer x', 'Basic YWRtaW46YWRtaW4=', 'Bearer ' + 'a'.repeat(5000)),
    'If-Match': fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('-1', '1e99', '"1"')),
    'Stripe-Signature': fc.constantFrom('t=1,v1=abc', 'garbage'),
    'X-Forwarded-For': fc.constantFrom('1.2.3.4', '::1, evil', 'not-an-ip'),
  },
  { requiredKeys: [] },
);

/** One hostile request to any route of the route map. */
export function hostileRequest(knownIds: string[] = []): fc.Arbitrary<HostileRequest> {
  const bodies = samples();
  const routes = Object.keys(API_ROUTES) as ApiRouteName[];
  return fc
    .record({
      route: fc.constantFrom(...routes),
      id: fc.oneof(injection, fc.string({ minLength: 1, maxLength: 30 }), fc.constantFrom('1', '0', '-1', '9'.repeat(40), ...knownIds)),
      query: queryString,
      headers,
      contentType,
      asAdmin: fc.boolean(),
      bodyKind: fc.constantFrom('mutated', 'mutated', 'value', 'raw', 'none'),
      value: hostileValue,
      raw: rawBody,
      seed: fc.nat(),
    })
    .chain((draft) => {
      const sample = bodies[draft.route];
      const nearValid = draft.bodyKind === 'mutated' && !!sample;
      const body = nearValid && sample ? mutated(sample).map((json) => ({ json })) : fc.constant(draft.bodyKind === 'raw' ? { raw: draft.raw } : draft.bodyKind === 'none' ? undefined : { json: draft.value });
      return body.map((chosen): HostileRequest => {
        const { method, path: template } = API_ROUTES[draft.route];
        const search = new URLSearchParams(draft.query).toString();
        const path = template.replace(':id', pathSegment(draft.id)) + (search ? `?${search}` : '');
        const sent: Record<string, string> = { ...draft.headers };
        if (draft.contentType) sent['Content-Type'] = draft.contentType;
        return { route: draft.route, method, path, body: method === 'GET' ? undefined : chosen, headers: sent, asAdmin: draft.asAdmin, nearValid };
      });
    });
}

/** The segment percent-encoded; a lone surrogate becomes the bytes of invalid UTF-8, hostile too. */
function pathSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}
