// The client address the per-address limits key on. The connection's peer is the client unless it
// is one of the configured trusted proxies; then the forwarding chain (`Forwarded: for=`, else
// `X-Forwarded-For`) is read from the right, skipping trusted proxies, and the first other hop is
// the client. Without trusted proxies both headers are ignored: a client cannot choose its address.
import { BlockList, isIP } from 'node:net';

/**
 * Trusted proxies from addresses and CIDR ranges (`10.0.0.0/8`, `::1`, `fd00::/8`).
 *
 * @example
 * ```ts
 * const proxies = trustedProxies(['127.0.0.1', '10.0.0.0/8']);
 * clientAddress(request, '10.1.2.3', proxies); // the X-Forwarded-For client, e.g. '203.0.113.7'
 * ```
 */
export function trustedProxies(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, bits, ...rest] = String(entry).split('/');
    const family = isIP(address ?? '');
    const prefix = bits === undefined ? undefined : Number(bits);
    const max = family === 6 ? 128 : 32;
    if (
      family === 0 ||
      rest.length > 0 ||
      (prefix !== undefined && !(/^\d{1,3}$/.test(bits!) && prefix <= max))
    ) {
      throw new TypeError(
        `@playq/server: trustedProxies entries must be IP addresses or CIDR ranges, got ${JSON.stringify(entry)}`,
      );
    }
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address!, type);
    else list.addSubnet(address!, prefix, type);
  }
  return list;
}

/** The client's address: the peer's, or with a trusted peer the nearest untrusted forwarded hop. */
export function clientAddress(
  headers: Headers,
  peer: string | undefined,
  proxies: BlockList | undefined,
): string | undefined {
  if (peer === undefined || proxies === undefined) return peer;
  let client = normalize(peer);
  if (!isTrusted(client, proxies)) return client;
  for (const hop of forwardedChain(headers).reverse()) {
    const address = normalize(hop);
    // An unusable hop (`unknown`, an obfuscated name) ends the walk: the proxy that reported it
    // stands for the client.
    if (isIP(address) === 0) return client;
    client = address;
    if (!isTrusted(address, proxies)) return address;
  }
  return client;
}

/** The forwarded-for hops, client first: `Forwarded` when present, else `X-Forwarded-For`. */
function forwardedChain(headers: Headers): string[] {
  const forwarded = headers.get('forwarded');
  if (forwarded !== null) {
    const hops: string[] = [];
    for (const element of forwarded.split(',')) {
      const pair = element
        .split(';')
        .map((p) => p.trim())
        .find((p) => /^for=/i.test(p));
      hops.push(pair === undefined ? '' : pair.slice(4).replace(/^"(.*)"$/, '$1'));
    }
    return hops;
  }
  return (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter((h) => h !== '');
}

/** An address without port or brackets; an IPv4-mapped IPv6 address as IPv4. */
function normalize(hop: string): string {
  let h = hop.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(h);
  if (bracketed) h = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(h)) h = h.slice(0, h.lastIndexOf(':'));
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(h);
  return mapped ? mapped[1]! : h;
}

function isTrusted(address: string, proxies: BlockList): boolean {
  const family = isIP(address);
  return family !== 0 && proxies.check(address, family === 6 ? 'ipv6' : 'ipv4');
}
