// When `playq serve` must not run on the published demo credentials: serving real files (`--data`)
// or listening beyond this machine (a non-loopback `--host`) needs `--credentials FILE`, and the
// refusal says how to write that file. Also parses the flags that go with exposure.
import { isIP } from 'node:net';
import { usageError } from '../errors';

/** A host name or address that only this machine can reach. */
export function isLoopback(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  return (
    h === 'localhost' ||
    h === '::1' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h) ||
    /^::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h)
  );
}

const EXAMPLE =
  '[{"customerId":"acme","apiKey":"<random>","clientId":"acme","clientSecret":"<random>","planLevel":"2"}]';

/**
 * Refuses to serve real data or a non-loopback host on the demo credentials (exit 2).
 *
 * @example
 * requireCredentials({ data: './data' }, '127.0.0.1'); // throws: --data needs --credentials FILE …
 */
export function requireCredentials(
  flags: {
    readonly data?: string;
    readonly db?: string;
    readonly engine?: string;
    readonly credentials?: string;
  },
  host: string,
): void {
  if (flags.credentials !== undefined) return;
  const own =
    flags.data !== undefined
      ? '--data'
      : flags.db !== undefined
        ? '--db'
        : flags.engine === 'clickhouse'
          ? '--engine clickhouse'
          : undefined;
  const why =
    own !== undefined
      ? `${own} serves your own data`
      : !isLoopback(host)
        ? `--host ${host} listens beyond this machine`
        : undefined;
  if (why === undefined) return;
  throw usageError(
    `${why}, so it needs --credentials FILE: the demo credentials are published. ` +
      `Write FILE as a JSON array like ${EXAMPLE}, each secret at least 16 characters ` +
      `(e.g. from \`openssl rand -hex 24\`), and keep it private.`,
  );
}

/**
 * `--cors-origin`: `*` or a comma-separated list of origins (`https://dash.example.com`).
 *
 * @example
 * corsOriginsArg('https://a.example, http://localhost:5173'); // ['https://a.example', 'http://localhost:5173']
 */
export function corsOriginsArg(value: string): '*' | string[] {
  if (value.trim() === '*') return '*';
  const origins = value
    .split(',')
    .map((o) => o.trim())
    .filter((o) => o !== '');
  for (const origin of origins) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = undefined;
    }
    if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.origin !== origin) {
      throw usageError(
        `--cors-origin takes * or origins like https://dash.example.com (scheme, host, optional port; no path), got ${JSON.stringify(origin)}`,
      );
    }
  }
  if (origins.length === 0) throw usageError('--cors-origin needs * or at least one origin');
  return origins;
}

/**
 * `--trusted-proxy`: a comma-separated list of proxy addresses or CIDR ranges.
 *
 * @example
 * trustedProxyArg('10.0.0.0/8, ::1'); // ['10.0.0.0/8', '::1']
 */
export function trustedProxyArg(value: string): string[] {
  const entries = value
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
  for (const entry of entries) {
    const [address = '', bits, ...rest] = entry.split('/');
    const family = isIP(address);
    const max = family === 6 ? 128 : 32;
    const badBits = bits !== undefined && !(/^\d{1,3}$/.test(bits) && Number(bits) <= max);
    if (family === 0 || rest.length > 0 || badBits) {
      throw usageError(
        `--trusted-proxy takes IP addresses or CIDR ranges like 10.0.0.0/8, got ${JSON.stringify(entry)}`,
      );
    }
  }
  if (entries.length === 0) throw usageError('--trusted-proxy needs at least one address or range');
  return entries;
}
