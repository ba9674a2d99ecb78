import { describe, expect, it } from 'vitest';
import { addressBehind, koaProxyOptions, parseTrustProxy } from './client-address';

describe('TRUST_PROXY: the client address read from the right of X-Forwarded-For', () => {
  it('reads a number of hops, or the proxies’ own addresses', () => {
    expect(parseTrustProxy('0')).toEqual({ kind: 'none' });
    expect(koaProxyOptions(parseTrustProxy('1'))).toEqual({ proxy: true, maxIpsCount: 1 });
    expect(koaProxyOptions(parseTrustProxy('2'))).toEqual({ proxy: true, maxIpsCount: 2 });
    expect(() => parseTrustProxy('yes')).toThrow(/"yes" is not an IP address/);
    expect(() => parseTrustProxy('11')).toThrow(/from 0 to 10/);
  });

  it('with a list of proxies, skips only those from the right; what the client wrote is never trusted', () => {
    const proxies = new Set(['10.0.0.2', '10.0.0.3']);
    expect(addressBehind(proxies, '10.0.0.3', '1.2.3.4, 198.51.100.7, 10.0.0.2')).toBe('198.51.100.7');
    expect(addressBehind(proxies, '::ffff:10.0.0.3', '198.51.100.7')).toBe('198.51.100.7');
    // Not through one of our proxies: the peer itself, whatever its header claims.
    expect(addressBehind(proxies, '198.51.100.9', '10.0.0.2')).toBe('198.51.100.9');
  });
});
