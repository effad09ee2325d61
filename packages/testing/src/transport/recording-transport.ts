// A transport that forwards to another and keeps every request/response pair, redacted as it is
// recorded, for export as a fixture: pin a real service's answers once, replay them in tests.
import type { Transport } from '../contract/types';
import type { Fixture, FixtureEntry } from './fixture';
import { type RedactOptions, Redactor } from './redact';

export interface RecordingTransport extends Transport {
  /** The pairs recorded so far, as a JSON-ready fixture. */
  fixture(): Fixture;
  /** Forget the pairs recorded so far. */
  clear(): void;
}

export interface RecordingOptions {
  /** Where requests really go; defaults to `globalThis.fetch`. */
  readonly fetch?: Transport;
  /**
   * Extra names and literal secrets to redact, on top of the credential headers and fields. Every
   * credential the recorder sees (a key, a bearer token, a client secret, an issued token in a
   * body of any content type) is also redacted wherever it appears from then on.
   */
  readonly redact?: RedactOptions;
}

/**
 * Wrap a transport so that every exchange is recorded (credentials redacted) for a fixture.
 *
 * @example
 * const recorder = recordingTransport({ fetch: globalThis.fetch });
 * const client = createClient({ baseUrl, planUrl, auth, fetch: recorder });
 * await client.all(query);
 * await saveFixture('test/fixtures/errors-by-country.json', recorder.fixture());
 */
export function recordingTransport(options: RecordingOptions = {}): RecordingTransport {
  const forward: Transport = options.fetch ?? ((request) => globalThis.fetch(request));
  const redactor = new Redactor(options.redact);
  let entries: FixtureEntry[] = [];

  const transport = async (request: Request): Promise<Response> => {
    const requestBody = request.body ? await request.clone().text() : undefined;
    const response = await forward(request);
    const text = await response.clone().text();
    const responseType = response.headers.get('content-type') ?? '';
    // Learn first: a credential anywhere in this exchange is redacted everywhere in it.
    redactor.learn({ url: request.url, headers: request.headers, body: requestBody });
    redactor.learn({ headers: response.headers, body: text });
    const body = redactor.body(text, responseType);
    let json: unknown;
    if (/json/i.test(responseType)) {
      try {
        json = JSON.parse(body);
      } catch {
        json = undefined;
      }
    }
    entries.push({
      request: {
        method: request.method,
        url: redactor.url(request.url),
        headers: redactor.headerMap(request.headers),
        ...(requestBody !== undefined
          ? { body: redactor.body(requestBody, request.headers.get('content-type') ?? '') }
          : {}),
      },
      response: {
        status: response.status,
        headers: redactor.headerMap(response.headers),
        ...(json !== undefined ? { json } : { body }),
      },
    });
    return response;
  };

  return Object.assign(transport, {
    fixture: (): Fixture => ({
      format: 'playq-fixture' as const,
      version: 1 as const,
      redactedParams: [...redactor.params].sort(),
      // Again with every secret known now: one learned later may sit in an earlier exchange.
      entries: redactor.deep(structuredClone(entries)),
    }),
    clear: () => {
      entries = [];
    },
  });
}
