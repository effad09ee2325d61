// What a fixture must never hold: credentials in headers, in URL parameters, in a form body or in
// an answer of any content type (a token endpoint's access_token). Every credential seen is
// learned and redacted literally from then on; redaction happens as a pair is recorded, so a
// secret never reaches memory that a test might print or a file that might be committed.

import { MIN_SECRET_LENGTH, REDACTED, redactSecrets, redactSecretsDeep } from '@playq/client';
import { isSensitiveParam, SENSITIVE_HEADERS } from '@playq/query';

export { REDACTED };

export interface RedactOptions {
  /** Request and response header names to redact (case-insensitive), added to the defaults. */
  readonly headers?: readonly string[];
  /** URL query parameter and form field names to redact, beyond the credential-like ones. */
  readonly params?: readonly string[];
  /** JSON field names to redact in bodies, at any depth, added to the defaults. */
  readonly jsonFields?: readonly string[];
  /**
   * Literal secrets to replace wherever they appear (URL, headers, bodies), each at least 4
   * characters long. Credentials the recorder sees in traffic are added on their own.
   */
  readonly secrets?: readonly string[];
}

// JSON members are matched by exact name, not by `isSensitiveParam`: a record field such as an
// error's `key` is data, not a credential.
export const DEFAULT_REDACTED_JSON_FIELDS = [
  'access_token',
  'refresh_token',
  'id_token',
  'token',
  'api_key',
  'apikey',
  'client_secret',
  'client_assertion',
  'password',
] as const;

/** @internal The resolved redaction rules of one recorder, and the secrets it has learned. */
export class Redactor {
  readonly headers: ReadonlySet<string>;
  /** Parameter names redacted beyond those `isSensitiveParam` recognises (the caller's extra names). */
  readonly params: ReadonlySet<string>;
  readonly jsonFields: ReadonlySet<string>;
  readonly #secrets = new Set<string>();

  constructor(options: RedactOptions = {}) {
    this.headers = new Set([...SENSITIVE_HEADERS, ...(options.headers ?? [])].map((h) => h.toLowerCase()));
    this.params = new Set(options.params ?? []);
    this.jsonFields = new Set([...DEFAULT_REDACTED_JSON_FIELDS, ...(options.jsonFields ?? [])]);
    for (const secret of options.secrets ?? []) {
      if (typeof secret !== 'string' || secret.length < MIN_SECRET_LENGTH) {
        throw new TypeError(
          `@playq/testing: redact.secrets holds a value shorter than ${MIN_SECRET_LENGTH} characters, which cannot be redacted literally without matching unrelated text; redact it by name (headers, params, jsonFields)`,
        );
      }
      this.#secrets.add(secret);
    }
  }

  /** Every literal secret: the given ones and those learned from the traffic so far. */
  get secrets(): readonly string[] {
    return [...this.#secrets];
  }

  /**
   * Remembers every credential one message carries, wherever it sits (a credential header, a
   * credential parameter of the URL or a form, a token member of a body in any content type), so
   * that it is redacted wherever it appears from now on: a token issued as `text/plain` JSON and
   * echoed later in a header included.
   */
  learn(message: { url?: string; headers: Headers; body?: string | undefined }): void {
    if (message.url !== undefined && URL.canParse(message.url)) {
      for (const [name, value] of new URL(message.url).searchParams) if (this.isParam(name)) this.#add(value);
    }
    message.headers.forEach((value, name) => {
      const key = name.toLowerCase();
      if (this.headers.has(key)) for (const secret of headerSecrets(key, value)) this.#add(secret);
    });
    if (message.body) this.#learnBody(message.body);
  }

  /** Whether a URL or form parameter's value is masked. */
  isParam(name: string): boolean {
    return isSensitiveParam(name) || this.params.has(name);
  }

  text(value: string): string {
    return redactSecrets(value, this.#secrets);
  }

  /** A stored value (a fixture entry) with every secret known now redacted, at any depth. */
  deep<T>(value: T): T {
    return redactSecretsDeep(value, this.#secrets, { maxDepth: Number.POSITIVE_INFINITY });
  }

  url(value: string): string {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return this.text(value);
    }
    for (const name of [...url.searchParams.keys()]) {
      if (this.isParam(name)) url.searchParams.set(name, REDACTED);
    }
    if (url.username) url.username = REDACTED;
    if (url.password) url.password = REDACTED;
    return this.text(url.toString());
  }

  headerMap(headers: Headers): Record<string, string> {
    const out: Record<string, string> = {};
    headers.forEach((value, name) => {
      const key = name.toLowerCase();
      if (HOP_BY_HOP.has(key)) return;
      out[key] = this.headers.has(key) ? REDACTED : this.text(value);
    });
    return out;
  }

  /** A body: JSON fields and form fields by name, then literal secrets anywhere. */
  body(text: string, contentType: string): string {
    if (/json/i.test(contentType)) {
      try {
        return this.text(JSON.stringify(this.#json(JSON.parse(text))));
      } catch {
        return this.text(text);
      }
    }
    if (/x-www-form-urlencoded/i.test(contentType)) {
      const form = new URLSearchParams(text);
      for (const name of [...form.keys()]) if (this.isParam(name)) form.set(name, REDACTED);
      return this.text(form.toString());
    }
    // Any other type is kept as written; the secrets it holds were learned, so they go literally.
    return this.text(text);
  }

  #add(secret: string): void {
    if (secret.length >= MIN_SECRET_LENGTH) this.#secrets.add(secret);
  }

  // The content type is not trusted: a token endpoint may answer JSON as text/plain, or a form.
  #learnBody(text: string): void {
    const trimmed = text.trim();
    if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
      try {
        this.#learnJson(JSON.parse(trimmed), 0);
        return;
      } catch {
        // Not JSON after all: it may still be a form.
      }
    }
    if (FORM.test(trimmed)) {
      for (const [name, value] of new URLSearchParams(trimmed)) if (this.isParam(name)) this.#add(value);
    }
  }

  #learnJson(value: unknown, depth: number): void {
    if (typeof value !== 'object' || value === null || depth > MAX_LEARN_DEPTH) return;
    for (const [key, member] of Object.entries(value)) {
      if (typeof member === 'string' && (this.jsonFields.has(key) || this.params.has(key))) this.#add(member);
      else this.#learnJson(member, depth + 1);
    }
  }

  #json(value: unknown): unknown {
    if (Array.isArray(value)) return value.map((v) => this.#json(v));
    if (typeof value === 'object' && value !== null) {
      const out: Record<string, unknown> = {};
      for (const [key, v] of Object.entries(value))
        out[key] = this.jsonFields.has(key) ? REDACTED : this.#json(v);
      return out;
    }
    return value;
  }
}

// A whole body of name=value pairs joined by "&", as form-encoded token answers are.
const FORM = /^[\w.~%-]+=[^&\s]*(?:&[\w.~%-]+=[^&\s]*)*$/;
// Token members sit near the top of an answer; deeper structures are not searched.
const MAX_LEARN_DEPTH = 32;

/**
 * The secrets in one credential header value: the value, its credentials after an auth scheme
 * (`Bearer <token>`), the secret of a Basic pair, and each cookie value.
 */
function headerSecrets(name: string, value: string): string[] {
  const out = [value];
  if (name === 'cookie' || name === 'set-cookie') {
    for (const pair of value.split(/[;,]\s*/)) {
      const eq = pair.indexOf('=');
      if (eq > 0) out.push(pair.slice(eq + 1));
    }
    return out;
  }
  const scheme = /^([A-Za-z][\w!#$%&'*+.^`|~-]*) +(\S.*)$/.exec(value);
  if (scheme) {
    const credentials = scheme[2]!;
    out.push(credentials);
    if (scheme[1]!.toLowerCase() === 'basic') out.push(...basicSecrets(credentials));
  }
  return out;
}

/** `id:secret` and `secret`, form-decoded as RFC 6749 section 2.3.1 encodes them. */
function basicSecrets(credentials: string): string[] {
  let decoded: string;
  try {
    decoded = new TextDecoder().decode(Uint8Array.from(atob(credentials), (c) => c.charCodeAt(0)));
  } catch {
    return [];
  }
  const colon = decoded.indexOf(':');
  if (colon < 0) return [decoded];
  const secret = decoded.slice(colon + 1);
  const out = [decoded, secret];
  try {
    out.push(decodeURIComponent(secret.replace(/\+/g, ' ')));
  } catch {
    // Not form-encoded: the raw secret is already listed.
  }
  return out;
}

/** Headers that describe one connection or one encoding of the body, not the answer. */
const HOP_BY_HOP: ReadonlySet<string> = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-encoding',
  'date',
]);
