// What a fixture must never hold: credentials in headers, in URL parameters, in a form body or in
// a JSON answer (a token endpoint's access_token). Redaction happens as a pair is recorded, so a
// secret never reaches memory that a test might print or a file that might be committed.

export const REDACTED = '[REDACTED]';

export interface RedactOptions {
  /** Request and response header names to redact (case-insensitive), added to the defaults. */
  readonly headers?: readonly string[];
  /** URL query parameter and form field names to redact, added to the defaults. */
  readonly params?: readonly string[];
  /** JSON field names to redact in bodies, at any depth, added to the defaults. */
  readonly jsonFields?: readonly string[];
  /** Literal secrets to replace wherever they appear (URL, headers, bodies). */
  readonly secrets?: readonly string[];
}

export const DEFAULT_REDACTED_HEADERS = [
  'authorization',
  'proxy-authorization',
  'x-api-key',
  'cookie',
  'set-cookie',
] as const;
export const DEFAULT_REDACTED_PARAMS = [
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
export const DEFAULT_REDACTED_JSON_FIELDS = [
  'access_token',
  'refresh_token',
  'id_token',
  'client_secret',
  'password',
] as const;

/** @internal The resolved redaction rules of one recorder. */
export class Redactor {
  readonly headers: ReadonlySet<string>;
  readonly params: ReadonlySet<string>;
  readonly jsonFields: ReadonlySet<string>;
  readonly secrets: readonly string[];

  constructor(options: RedactOptions = {}) {
    this.headers = new Set(
      [...DEFAULT_REDACTED_HEADERS, ...(options.headers ?? [])].map((h) => h.toLowerCase()),
    );
    this.params = new Set([...DEFAULT_REDACTED_PARAMS, ...(options.params ?? [])]);
    this.jsonFields = new Set([...DEFAULT_REDACTED_JSON_FIELDS, ...(options.jsonFields ?? [])]);
    this.secrets = [...(options.secrets ?? [])]
      .filter((s) => s.length > 0)
      .sort((a, b) => b.length - a.length);
  }

  text(value: string): string {
    return this.secrets.reduce((acc, secret) => acc.split(secret).join(REDACTED), value);
  }

  url(value: string): string {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return this.text(value);
    }
    for (const name of [...url.searchParams.keys()]) {
      if (this.params.has(name)) url.searchParams.set(name, REDACTED);
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
      for (const name of [...form.keys()]) if (this.params.has(name)) form.set(name, REDACTED);
      return this.text(form.toString());
    }
    return this.text(text);
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

/** Headers that describe one connection or one encoding of the body, not the answer. */
const HOP_BY_HOP: ReadonlySet<string> = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-encoding',
  'date',
]);
