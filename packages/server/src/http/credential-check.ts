// Authenticates a query request by the credential its endpoint takes: an `X-API-Key` header or an
// `Authorization: Bearer` token. Either names the customer and the identity rate limits count
// against, or answers the refusal (401, or 429 for an address that failed too often).
import type { Credential } from '@playq/query';
import type { CustomerCredentials } from '../data/credentials';
import type { AddressLimits } from './address-limits';
import { type Authenticator, fingerprint, parseBearer } from './auth';
import { problemResponse } from './problem';

/** The credentials a query endpoint can take (which one each takes: `credentialOf`). */
export type CredentialKind = Credential;

export interface Authenticated {
  readonly customer: CustomerCredentials;
  /** What the per-credential rate limit counts against. */
  readonly identity: string;
}

export interface CredentialCheck {
  readonly request: Request;
  readonly endpoint: string;
  /** The endpoints that take the other kind of credential (named when a caller sends that one). */
  readonly otherEndpoints: readonly string[];
  readonly address: string | undefined;
  readonly auth: Authenticator;
  readonly addressLimits: AddressLimits | undefined;
  readonly byCustomer: ReadonlyMap<string, CustomerCredentials>;
}

const BEARER_CHALLENGE = (error: string, description: string) =>
  `Bearer realm="playq", error="${error}", error_description="${description}"`;

/** Endpoint names as prose: `a`, `a and b`, `a, b and c`. */
const named = (endpoints: readonly string[]) =>
  endpoints.length < 2
    ? (endpoints[0] ?? '')
    : `${endpoints.slice(0, -1).join(', ')} and ${endpoints.at(-1)}`;

export async function checkCredential(
  kind: CredentialKind,
  check: CredentialCheck,
): Promise<Authenticated | Response> {
  return kind === 'apiKey' ? checkApiKey(check) : checkBearer(check);
}

async function checkApiKey(c: CredentialCheck): Promise<Authenticated | Response> {
  const key = c.request.headers.get('X-API-Key');
  if (key === null || key === '') {
    const detail = parseBearer(c.request.headers.get('Authorization'))
      ? `${c.endpoint} takes an X-API-Key header; bearer tokens are accepted only on the ${named(c.otherEndpoints)} endpoint.`
      : 'Missing X-API-Key header.';
    return problemResponse(401, 'unauthenticated', detail);
  }
  const identity = `key:${fingerprint(key)}` as const;
  const failing = c.addressLimits?.refuseFailing(c.address, identity);
  if (failing) return failing;
  const owner = c.auth.customerForApiKey(key);
  if (owner === undefined) {
    c.addressLimits?.failed(c.address, identity);
    return problemResponse(401, 'unauthenticated', 'Unknown API key.');
  }
  return { customer: c.byCustomer.get(owner)!, identity: `key:${owner}` };
}

async function checkBearer(c: CredentialCheck): Promise<Authenticated | Response> {
  const header = c.request.headers.get('Authorization');
  const token = parseBearer(header);
  if (!token) {
    const detail =
      c.request.headers.get('X-API-Key') !== null
        ? `${c.endpoint} takes an Authorization: Bearer token; API keys are accepted only on ${named(c.otherEndpoints)}.`
        : 'Missing or malformed Authorization: Bearer header.';
    return problemResponse(401, 'unauthenticated', detail, {
      headers: {
        'WWW-Authenticate': header
          ? BEARER_CHALLENGE('invalid_request', 'malformed Authorization header')
          : 'Bearer realm="playq"',
      },
    });
  }
  const identity = `token:${fingerprint(token)}` as const;
  const failing = c.addressLimits?.refuseFailing(c.address, identity);
  if (failing) return failing;
  const checked = await c.auth.verify(token);
  if (!checked.ok) {
    c.addressLimits?.failed(c.address, identity);
    const description = checked.code === 'token_expired' ? 'token expired' : 'invalid token';
    return problemResponse(401, checked.code, checked.detail, {
      headers: { 'WWW-Authenticate': BEARER_CHALLENGE('invalid_token', description) },
    });
  }
  // The authenticator knows the same customers: a verified subject is one of them.
  const customer = c.byCustomer.get(checked.customerId)!;
  return { customer, identity: `client:${customer.customerId}` };
}
