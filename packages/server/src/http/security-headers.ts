// Headers on every answer of the service, whoever writes it (the app, the listener's own problem
// answers): no MIME sniffing, and a content security policy that lets a browser run, load or frame
// nothing from an answer (the service serves JSON, never a page).

export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
});

/** Sets the security headers on a response (whose headers must be mutable) and returns it. */
export function withSecurityHeaders(response: Response): Response {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.headers.set(name, value);
  return response;
}

/** The security headers as raw HTTP/1.1 header lines, for answers written straight to a socket. */
export function securityHeaderLines(): string {
  return Object.entries(SECURITY_HEADERS)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
}
