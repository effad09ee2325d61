// Removes credentials from anything the client shows the user: URLs in errors, headers passed to
// hooks, body excerpts. Two layers: structural (userinfo, credential-like query parameters and
// headers) and literal (every secret an auth adapter knows is replaced wherever it appears).

export const REDACTED = '[REDACTED]';

const SENSITIVE_HEADERS = new Set([
  'authorization',
  'proxy-authorization',
  'x-api-key',
  'cookie',
  'set-cookie',
]);
const SENSITIVE_PARAM = /key|token|secret|password|passwd|signature|auth|credential|session_id/i;
// Short strings would be replaced inside unrelated text; no real credential is this short.
const MIN_SECRET_LENGTH = 4;

/** Replaces every occurrence of each secret in `text`. @internal */
export function redactText(text: string, secrets: Iterable<string>): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length < MIN_SECRET_LENGTH) continue;
    if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    // Secrets can also appear percent-encoded in URLs.
    const encoded = encodeURIComponent(secret);
    if (encoded !== secret && out.includes(encoded)) out = out.split(encoded).join(REDACTED);
  }
  return out;
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
    if (SENSITIVE_PARAM.test(name)) parsed.searchParams.set(name, REDACTED);
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
