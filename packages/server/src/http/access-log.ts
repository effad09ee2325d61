// One access-log line per request: time, method, target with credential-like parameter values
// redacted (and cut at 2,000 characters), status and duration. Never a header or a body.

import { isSensitiveParam } from '@playq/query';

/** The request target with the values of credential-like parameters (`isSensitiveParam`) redacted. */
export function redactedTarget(url: string): string {
  const parsed = new URL(url);
  for (const name of [...parsed.searchParams.keys()]) {
    if (isSensitiveParam(name)) parsed.searchParams.set(name, 'REDACTED');
  }
  const search = parsed.searchParams.toString();
  const target = parsed.pathname + (search ? `?${search}` : '');
  return target.length > 2000 ? `${target.slice(0, 2000)}…` : target;
}

export function accessLine(request: Request, status: number, elapsedMs: number): string {
  let target = '';
  try {
    target = redactedTarget(request.url);
  } catch {
    target = '(unparseable URL)';
  }
  return `${new Date().toISOString()} ${request.method} ${target} ${status} ${elapsedMs.toFixed(1)}ms`;
}
