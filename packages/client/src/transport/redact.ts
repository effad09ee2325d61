// Removes credentials from anything the client shows the user: URLs in errors, headers passed to
// hooks, body excerpts. Two layers: structural (userinfo, credential-like query parameters and
// headers) and literal (every secret an auth adapter knows is replaced wherever it appears).
import { isSensitiveParam, SENSITIVE_HEADERS as SENSITIVE_HEADER_NAMES } from '@playq/query';

/** What a redacted secret reads as. */
export const REDACTED = '[REDACTED]';

/** Header names whose values are credentials, lower case (`@playq/query` owns the list). @internal */
export const SENSITIVE_HEADERS: ReadonlySet<string> = new Set(SENSITIVE_HEADER_NAMES);
/**
 * Secrets shorter than this are not replaced literally: they would match inside unrelated text,
 * and no real credential is this short. (Credential headers and parameters are masked by name
 * whatever their length.)
 */
export const MIN_SECRET_LENGTH = 8;
// Deeper structures are cut off rather than walked: a hostile body must not exhaust the stack.
const MAX_DEPTH = 32;

/**
 * Every spelling of a secret that can reach the user: as given, trimmed (HTTP drops surrounding
 * whitespace, so a server echoes the trimmed form), percent- and form-encoded (URLs) and JSON-escaped
 * (bodies). Longest first, so that a secret containing another is replaced whole.
 * @internal
 */
export function secretForms(secrets: Iterable<string>): string[] {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (typeof secret !== 'string') continue;
    for (const base of [secret, secret.trim(), secret.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, '')]) {
      if (base.length < MIN_SECRET_LENGTH) continue;
      forms.add(base);
      forms.add(encodeURIComponent(base));
      forms.add(encodeURIComponent(base).replace(/%20/g, '+'));
      forms.add(JSON.stringify(base).slice(1, -1));
    }
  }
  return [...forms].sort((a, b) => b.length - a.length);
}

// A pattern matching any of `forms`, longest first; a percent-escape matches in either case
// (`%2B` and `%2b` are the same byte), so a service that re-encodes a secret does not leak it.
function formsPattern(forms: readonly string[]): RegExp | undefined {
  if (forms.length === 0) return undefined;
  const one = (form: string) =>
    form
      .split(/(%[0-9A-Fa-f]{2})/)
      .map((part, i) =>
        i % 2 === 1
          ? `%${[...part.slice(1)].map((c) => (/[0-9]/.test(c) ? c : `[${c.toLowerCase()}${c.toUpperCase()}]`)).join('')}`
          : part.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'),
      )
      .join('');
  return new RegExp(forms.map(one).join('|'), 'g');
}

/** A function replacing every form of `secrets` in a text, made once for many texts. @internal */
export function secretRedactor(secrets: Iterable<string>): (text: string) => string {
  const pattern = formsPattern(secretForms(secrets));
  return pattern === undefined ? (text) => text : (text) => text.replace(pattern, REDACTED);
}

/**
 * Replaces every occurrence of each secret in `text`, in every spelling that can reach a reader:
 * as given, trimmed (HTTP drops surrounding whitespace, so a server echoes the trimmed form),
 * percent-encoded (in upper or lower case hex) or form-encoded, and JSON-escaped. Secrets shorter
 * than 8 characters (`MIN_SECRET_LENGTH`) are skipped: they would match words of unrelated text. The one literal
 * redaction rule of playq's packages.
 *
 * @example
 * ```ts
 * redactSecrets('{"detail":"bad key sk-123456"}', ['sk-123456']); // '{"detail":"bad key [REDACTED]"}'
 * ```
 */
export function redactText(text: string, secrets: Iterable<string>): string {
  return secretRedactor(secrets)(text);
}

/**
 * A copy of parsed JSON with every string, member names included, redacted as `redactSecrets`
 * does, at any depth. Past `maxDepth` levels (default 32) a structure is replaced by
 * `"[TRUNCATED]"` instead of being walked, so that a hostile body cannot exhaust the stack.
 *
 * @example
 * ```ts
 * redactSecretsDeep({ errors: [{ message: 'bad key sk-123456' }] }, ['sk-123456']);
 * // { errors: [{ message: 'bad key [REDACTED]' }] }
 * ```
 */
export function redactDeep<T>(value: T, secrets: Iterable<string>, options: { maxDepth?: number } = {}): T {
  const text = secretRedactor(secrets);
  const maxDepth = options.maxDepth ?? MAX_DEPTH;
  const walk = (v: unknown, depth: number): unknown => {
    if (typeof v === 'string') return text(v);
    if (typeof v !== 'object' || v === null) return v;
    if (depth >= maxDepth) return '[TRUNCATED]';
    if (Array.isArray(v)) return v.map((item) => walk(item, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(v)) {
      // defineProperty, not assignment: a member named "__proto__" stays a member.
      Object.defineProperty(out, text(key), {
        value: walk(item, depth + 1),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  };
  return walk(value, 0) as T;
}

/** A URL fit to show: no userinfo, credential-like parameters masked, known secrets removed. @internal */
export function redactUrl(url: string, secrets: Iterable<string>): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return redactText(url, secrets);
  }
  if (parsed.username || parsed.password) {
    parsed.username = '';
    parsed.password = '';
  }
  for (const name of [...parsed.searchParams.keys()]) {
    if (isSensitiveParam(name)) parsed.searchParams.set(name, REDACTED);
  }
  // `href` keeps the query as written unless a parameter was masked above (then the query is
  // re-serialised), and works for every scheme (`origin` is "null" outside http(s)).
  return redactText(parsed.href, secrets);
}

/** A plain copy of headers with credential headers and known secrets masked. @internal */
export function redactHeaders(headers: Headers, secrets: Iterable<string>): Record<string, string> {
  const out: Record<string, string> = {};
  const list = [...secrets];
  headers.forEach((value, name) => {
    out[name] = SENSITIVE_HEADERS.has(name.toLowerCase()) ? REDACTED : redactText(value, list);
  });
  return out;
}
