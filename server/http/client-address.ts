import net from 'node:net';
import type { Context, Next } from 'koa';

/**
 * Which proxies stand between the client and the shop (TRUST_PROXY), so the client address the
 * limits key on cannot be chosen by the client. X-Forwarded-For is read from the right: each proxy
 * appends the address it saw, and everything left of what our own proxies wrote is the client's
 * to invent (`$proxy_add_x_forwarded_for` with the leftmost address voided every limit).
 */
export type TrustProxy =
  | { kind: 'none' }
  /** This many proxies in front: the client is the address this many entries from the right. */
  | { kind: 'hops'; hops: number }
  /** The proxies' own addresses: the client is the rightmost address that is not one of them. */
  | { kind: 'addresses'; addresses: string[] };

export class TrustProxyError extends Error {
  override name = 'TrustProxyError';
}

const MAX_HOPS = 10;

/** `0`/empty: no proxy; `1`..`10`: that many hops; `10.0.0.2,10.0.0.3`: the proxies' addresses. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text === '0') return { kind: 'none' };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > MAX_HOPS) throw new TrustProxyError(`TRUST_PROXY must be a number of proxies from 0 to ${MAX_HOPS}, or a comma list of proxy addresses, got "${text}".`);
    return { kind: 'hops', hops };
  }
  const addresses = text.split(',').map((entry) => normalizeAddress(entry.trim()));
  const invalid = addresses.find((address) => net.isIP(address) === 0);
  if (invalid !== undefined) {
    throw new TrustProxyError(`TRUST_PROXY must be a number of proxies or a comma list of IP addresses; "${invalid}" is not an IP address.`);
  }
  return { kind: 'addresses', addresses };
}

/** Koa's own options for the setting: with hops, Koa keeps only the rightmost `hops` entries. */
export function koaProxyOptions(trust: TrustProxy): { proxy: boolean; maxIpsCount?: number } {
  if (trust.kind === 'hops') return { proxy: true, maxIpsCount: trust.hops };
  return { proxy: trust.kind === 'addresses' };
}

/**
 * For a list of proxy addresses: walks from the socket's peer leftwards through X-Forwarded-For
 * while the address is one of ours; the first other address is the client. A request that did not
 * come through a listed proxy keeps its socket address, whatever it says in the header, and its
 * X-Forwarded-Proto and X-Forwarded-Host are dropped, so only a listed proxy can say the request
 * came over HTTPS (the device cookie's `Secure`) or to which host.
 */
export function clientAddressFromProxies(trust: TrustProxy) {
  const trusted = new Set(trust.kind === 'addresses' ? trust.addresses : []);
  return async function resolveClientAddress(ctx: Context, next: Next) {
    if (trusted.size === 0) return next();
    const peer = normalizeAddress(ctx.req.socket.remoteAddress ?? '');
    if (!trusted.has(peer)) {
      delete ctx.req.headers['x-forwarded-proto'];
      delete ctx.req.headers['x-forwarded-host'];
    }
    ctx.request.ip = addressBehind(trusted, peer, ctx.get('X-Forwarded-For'));
    return next();
  };
}

export function addressBehind(trusted: Set<string>, peer: string, forwardedFor: string): string {
  const chain = [
    ...forwardedFor
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
    peer,
  ].map(normalizeAddress);
  for (let index = chain.length - 1; index >= 0; index--) {
    if (!trusted.has(chain[index]!)) return chain[index]!;
  }
  return chain[0]!;
}

/** `::ffff:10.0.0.2` (a v4 peer on a dual-stack socket) is the same proxy as `10.0.0.2`. */
function normalizeAddress(address: string): string {
  return address.startsWith('::ffff:') && net.isIPv4(address.slice(7)) ? address.slice(7) : address;
}
