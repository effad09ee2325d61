// The fixture format: request/response pairs as plain JSON, readable in a diff. JSON bodies are
// stored parsed (`json`) so a reviewer sees the data, other bodies as text (`body`).

export interface FixtureRequest {
  readonly method: string;
  /** The full URL, with credential parameters redacted. */
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
}

export interface FixtureResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly json?: unknown;
  readonly body?: string;
}

export interface FixtureEntry {
  readonly request: FixtureRequest;
  readonly response: FixtureResponse;
}

export interface Fixture {
  readonly format: 'playq-fixture';
  readonly version: 1;
  /** URL parameters redacted at recording time; replay redacts incoming URLs the same way to match. */
  readonly redactedParams: readonly string[];
  readonly entries: readonly FixtureEntry[];
}

/**
 * Check that a value read from somewhere (a file, a network) is a fixture, saying where it is not.
 *
 * @example
 * const fixture = parseFixture(JSON.parse(text)); // throws TypeError: ... entries[3].response.status ...
 */
export function parseFixture(value: unknown): Fixture {
  const fail = (where: string, what: string) =>
    new TypeError(`@playq/testing: not a playq fixture: ${where} ${what}`);
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isObject(value)) throw fail('the top level', 'is not an object');
  if (value.format !== 'playq-fixture')
    throw fail('`format`', `is ${JSON.stringify(value.format)}, expected "playq-fixture"`);
  if (value.version !== 1)
    throw fail('`version`', `is ${JSON.stringify(value.version)}; this version reads 1`);
  if (!Array.isArray(value.redactedParams) || !value.redactedParams.every((p) => typeof p === 'string')) {
    throw fail('`redactedParams`', 'is not an array of strings');
  }
  if (!Array.isArray(value.entries)) throw fail('`entries`', 'is not an array');
  const stringMap = (v: unknown) => isObject(v) && Object.values(v).every((x) => typeof x === 'string');
  value.entries.forEach((entry, i) => {
    const at = `entries[${i}]`;
    if (!isObject(entry) || !isObject(entry.request) || !isObject(entry.response)) {
      throw fail(at, 'lacks `request` or `response`');
    }
    const { request, response } = entry;
    if (typeof request.method !== 'string') throw fail(`${at}.request.method`, 'is not a string');
    if (typeof request.url !== 'string' || !URL.canParse(request.url))
      throw fail(`${at}.request.url`, 'is not a URL');
    if (!stringMap(request.headers)) throw fail(`${at}.request.headers`, 'is not a map of strings');
    if (request.body !== undefined && typeof request.body !== 'string')
      throw fail(`${at}.request.body`, 'is not a string');
    if (
      typeof response.status !== 'number' ||
      !Number.isInteger(response.status) ||
      response.status < 200 ||
      response.status > 599
    ) {
      throw fail(`${at}.response.status`, 'is not an HTTP status (200-599)');
    }
    if (!stringMap(response.headers)) throw fail(`${at}.response.headers`, 'is not a map of strings');
    if (response.body !== undefined && typeof response.body !== 'string')
      throw fail(`${at}.response.body`, 'is not a string');
  });
  return value as unknown as Fixture;
}
