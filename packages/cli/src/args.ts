// Parsers for flag values. Each throws commander's InvalidArgumentError with a sentence saying
// what was expected, which commander prints beside the flag's name and turns into exit code 2.
import { MAX_EPOCH_SECONDS, withoutTrailingSlash } from '@playq/query';
import { InvalidArgumentError } from 'commander';

/**
 * An integer flag within `[min, max]`.
 *
 * @example
 * new Option('--limit <n>').argParser(integerArg(1, 10000));
 */
export function integerArg(min: number, max: number = Number.MAX_SAFE_INTEGER): (value: string) => number {
  return (value) => {
    if (!/^-?\d+$/.test(value.trim())) throw new InvalidArgumentError(`Expected an integer, got "${value}".`);
    const n = Number(value);
    if (!Number.isSafeInteger(n) || n < min || n > max) {
      throw new InvalidArgumentError(
        max === Number.MAX_SAFE_INTEGER
          ? `Expected an integer >= ${min}.`
          : `Expected an integer from ${min} to ${max}.`,
      );
    }
    return n;
  };
}

const UNIT_SECONDS: Readonly<Record<string, number>> = { s: 1, m: 60, h: 3600, d: 86400, w: 604800 };

/**
 * A relative span such as `90s`, `15m`, `24h`, `7d` or `2w`, in seconds.
 *
 * @example
 * parseSpan('24h'); // 86400
 */
export function parseSpan(value: string): number {
  const match = /^(\d+)\s*([smhdw])$/i.exec(value.trim());
  if (!match) {
    throw new InvalidArgumentError(
      `Expected a span like 15m, 24h, 7d or 2w (units s, m, h, d, w), got "${value}".`,
    );
  }
  const seconds = Number(match[1]) * (UNIT_SECONDS[match[2]!.toLowerCase()] ?? 0);
  if (seconds <= 0 || !Number.isSafeInteger(seconds))
    throw new InvalidArgumentError('Expected a span greater than 0.');
  return seconds;
}

/**
 * A point in time: epoch seconds, or an ISO-8601 date or date-time (UTC unless it has an offset).
 * Returned as integer epoch seconds.
 *
 * @example
 * parseTime('2026-01-01T00:00:00Z'); // 1767225600
 * parseTime('1767225600'); // 1767225600
 */
export function parseTime(value: string): number {
  const text = value.trim();
  if (/^\d+$/.test(text)) {
    const n = Number(text);
    if (n > MAX_EPOCH_SECONDS) {
      throw new InvalidArgumentError(
        `"${value}" looks like milliseconds; expected epoch seconds (${Math.floor(n / 1000)}).`,
      );
    }
    return n;
  }
  // Date-only and zone-less date-times are read as UTC, so results do not depend on the machine.
  const iso = /^\d{4}-\d{2}-\d{2}$/.test(text)
    ? `${text}T00:00:00Z`
    : /^\d{4}-\d{2}-\d{2}T[\d:.]+$/.test(text)
      ? `${text}Z`
      : text;
  const ms = /^\d{4}-\d{2}-\d{2}T/.test(iso) ? Date.parse(iso) : Number.NaN;
  if (Number.isNaN(ms)) {
    throw new InvalidArgumentError(
      `Expected epoch seconds or an ISO-8601 time like 2026-01-01T00:00:00Z, got "${value}".`,
    );
  }
  return Math.floor(ms / 1000);
}

/**
 * A comma-separated list; blanks around names are dropped, an empty item is an error.
 *
 * @example
 * parseList('errors, users'); // ['errors', 'users']
 */
export function parseList(value: string): string[] {
  const items = value.split(',').map((s) => s.trim());
  if (items.some((s) => s === ''))
    throw new InvalidArgumentError(`Expected a comma-separated list of names, got "${value}".`);
  return items;
}

/**
 * A URL with an http or https scheme; the trailing slash is dropped.
 *
 * @example
 * parseHttpUrl('http://127.0.0.1:8080/api/v1/'); // 'http://127.0.0.1:8080/api/v1'
 */
export function parseHttpUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidArgumentError(`Expected an http(s) URL, got "${value}".`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new InvalidArgumentError(`Expected an http(s) URL, got "${value}".`);
  }
  if (url.username || url.password)
    throw new InvalidArgumentError('Put credentials in flags or PLAYQ_* variables, not in the URL.');
  return withoutTrailingSlash(url.href);
}
