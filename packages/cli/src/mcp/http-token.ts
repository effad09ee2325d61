// The bearer token of `playq mcp --http`: made at start when none is given, and checked on every
// request in constant time. No MCP SDK here, so the command can check a given token before loading it.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** What a given token must be at least as long as: a short one can be guessed. */
export const MIN_TOKEN_LENGTH = 16;

/** A fresh random bearer token (32 bytes, base64url), for a server started without one. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The digest a token is compared by. @internal */
export function tokenDigest(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/**
 * Whether `header` is `Bearer <token>` for the expected token's digest, compared in constant time
 * (both sides hashed first, so neither the length nor a prefix of the token leaks through timing).
 *
 * @example
 * bearerMatches('Bearer abc', tokenDigest('abc')); // 'ok'
 * bearerMatches(undefined, tokenDigest('abc')); // 'missing'
 */
export function bearerMatches(header: string | undefined, expected: Buffer): 'ok' | 'missing' | 'wrong' {
  const match = /^Bearer +([^\s]+) *$/i.exec(header ?? '');
  if (match === null) return 'missing';
  return timingSafeEqual(tokenDigest(match[1]!), expected) ? 'ok' : 'wrong';
}
