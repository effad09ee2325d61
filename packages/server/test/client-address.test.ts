// The client address behind trusted proxies, exactly: which hop of `Forwarded` / `X-Forwarded-For`
// is the client, how ports, brackets and IPv4-mapped addresses read, and which entries are refused.
import { describe, expect, it } from 'vitest';
import { clientAddress, trustedProxies } from '../src/http/client-address';

const headers = (h: Record<string, string>) => new Headers(h);
const proxies = trustedProxies(['10.0.0.0/8', '127.0.0.1', 'fd00::/8']);

describe('clientAddress', () => {
  it('is the peer without trusted proxies, or when the peer is not one', () => {
    const xff = headers({ 'X-Forwarded-For': '203.0.113.9' });
    expect(clientAddress(xff, '198.51.100.1', undefined)).toBe('198.51.100.1');
    expect(clientAddress(xff, '198.51.100.1', proxies)).toBe('198.51.100.1');
    expect(clientAddress(xff, undefined, proxies)).toBeUndefined();
  });

  it('is the nearest untrusted hop of X-Forwarded-For from a trusted peer', () => {
    const chain = headers({ 'X-Forwarded-For': '203.0.113.9, 198.51.100.3, 10.1.1.1' });
    expect(clientAddress(chain, '127.0.0.1', proxies)).toBe('198.51.100.3');
    expect(clientAddress(headers({ 'X-Forwarded-For': '10.2.2.2,10.3.3.3' }), '10.0.0.1', proxies)).toBe(
      '10.2.2.2',
    );
    expect(clientAddress(headers({}), '10.0.0.1', proxies)).toBe('10.0.0.1');
  });

  it('prefers Forwarded, reading quoted, bracketed and ported for= values', () => {
    const both = headers({
      Forwarded: 'for=192.0.2.60;proto=http;by=203.0.113.43, for="[2001:db8:cafe::17]:4711"',
      'X-Forwarded-For': '203.0.113.9',
    });
    expect(clientAddress(both, '::ffff:127.0.0.1', proxies)).toBe('2001:db8:cafe::17');
    expect(clientAddress(headers({ Forwarded: 'For="198.51.100.17:8080"' }), '10.0.0.1', proxies)).toBe(
      '198.51.100.17',
    );
  });

  it('stops at an unusable hop: the proxy that reported it stands for the client', () => {
    expect(clientAddress(headers({ Forwarded: 'for=unknown' }), '10.0.0.1', proxies)).toBe('10.0.0.1');
    expect(clientAddress(headers({ Forwarded: 'for=_hidden, for=10.4.4.4' }), '10.0.0.1', proxies)).toBe(
      '10.4.4.4',
    );
    expect(clientAddress(headers({ Forwarded: 'proto=https' }), '10.0.0.1', proxies)).toBe('10.0.0.1');
    expect(clientAddress(headers({ 'X-Forwarded-For': 'junk' }), 'fd00::1', proxies)).toBe('fd00::1');
  });
});

describe('trustedProxies', () => {
  it('takes addresses and CIDR ranges of either family', () => {
    const list = trustedProxies(['192.0.2.0/24', '::1', '2001:db8::/32']);
    expect(list.check('192.0.2.200', 'ipv4')).toBe(true);
    expect(list.check('192.0.3.1', 'ipv4')).toBe(false);
    expect(list.check('::1', 'ipv6')).toBe(true);
    expect(list.check('2001:db8:1::1', 'ipv6')).toBe(true);
  });

  it.each(['localhost', '10.0.0.0/33', '::/129', '10.0.0.0/8/8', '10.0.0.0/', '10.0.0.0/x', ''])(
    'refuses %j',
    (entry) => {
      expect(() => trustedProxies([entry])).toThrow(
        `@playq/server: trustedProxies entries must be IP addresses or CIDR ranges, got ${JSON.stringify(entry)}`,
      );
    },
  );
});
