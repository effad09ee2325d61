// Redaction reaches everywhere a secret can hide: nested problem members (`errors[0].message`),
// the trimmed form HTTP actually sends, the cut of an excerpt; and credentials HTTP would alter
// or reject are refused up front with messages that never contain them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AuthAdapter, apiKeyAuth, bearerAuth, clientCredentials, createClient } from '../src/index';
import { MIN_SECRET_LENGTH, REDACTED, redactDeep, redactText } from '../src/transport/redact';
import { BASE, fakeService, faultTransport, json, metricNode } from './support/fake-service';

const API_KEY = 'sk-live-DEEP-KEY-424242';

/** Everything a user can observe on a thrown value. */
function observable(error: unknown): string {
  const e = error as Error & { problem?: unknown; excerpt?: unknown };
  return [String(e), e.stack ?? '', JSON.stringify(e), JSON.stringify(e.problem), String(e.excerpt)].join(
    '\n',
  );
}

function echoing(body: (key: string) => unknown, status = 400) {
  return (request: Request) => json(body((request.headers.get('x-api-key') ?? '').trim()), status);
}

async function failure(adapter: AuthAdapter, answer: (request: Request) => Response): Promise<unknown> {
  const client = createClient({
    baseUrl: BASE,
    fetch: faultTransport(fakeService().fetch, [answer]),
    auth: adapter,
    retry: false,
  });
  return client.run(metricNode()).catch((e: unknown) => e);
}

describe('problem bodies are redacted at every depth', () => {
  it('in errors[0].message and nested members, in error.problem and JSON.stringify(error)', async () => {
    const error = await failure(
      apiKeyAuth(API_KEY),
      echoing((key) => ({
        status: 400,
        title: 'bad',
        detail: 'see errors',
        errors: [{ message: `unknown key ${key}`, at: { header: key, [key]: [key] } }],
        context: { deep: { deeper: { echo: `key=${key}` } } },
      })),
    );
    expect(observable(error)).not.toContain(API_KEY);
    const problem = (error as { problem: Record<string, unknown> }).problem;
    expect(problem.errors).toEqual([
      { message: `unknown key ${REDACTED}`, at: { header: REDACTED, [REDACTED]: [REDACTED] } },
    ]);
    expect(problem.context).toEqual({ deep: { deeper: { echo: `key=${REDACTED}` } } });
  });

  it('survives a problem nested far deeper than anyone writes, without walking all of it', async () => {
    const depth = 20_000;
    const body = `{"status":400,"nested":${'['.repeat(depth)}"${API_KEY}"${']'.repeat(depth)}}`;
    const error = await failure(apiKeyAuth(API_KEY), () => new Response(body, { status: 400 }));
    expect(error).toMatchObject({ status: 400 });
    expect(observable(error)).not.toContain(API_KEY);
  });

  it('keeps a member named __proto__ a member', () => {
    const parsed = JSON.parse(`{"__proto__": {"k": "${API_KEY}"}, "ok": 1}`) as object;
    const out = redactDeep(parsed, [API_KEY]);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(JSON.stringify(out)).toBe(`{"__proto__":{"k":"${REDACTED}"},"ok":1}`);
  });
});

describe('the form HTTP sends is redacted too', () => {
  it('an echo of the trimmed key, when an adapter hands over a key with surrounding whitespace', async () => {
    const padded: AuthAdapter = {
      kind: 'padded',
      // Headers trims this to API_KEY on the wire; the service can only echo the trimmed form.
      headers: () => ({ 'x-api-key': API_KEY }),
      secrets: () => [` ${API_KEY}\t`],
    };
    const error = await failure(
      padded,
      echoing((key) => ({ status: 401, detail: `bad key ${key}` }), 401),
    );
    expect(observable(error)).not.toContain(API_KEY);
  });

  it('an excerpt never ends in half a secret', async () => {
    const body = `${'x'.repeat(155)}${API_KEY} and more`;
    const error = await failure(apiKeyAuth(API_KEY), () => new Response(body, { status: 200 }));
    const excerpt = (error as { excerpt: string }).excerpt;
    expect(excerpt.startsWith('x'.repeat(155))).toBe(true);
    expect(excerpt).not.toContain(API_KEY.slice(0, 5));
  });

  it('property: no secret (nor its trimmed form) survives anywhere in a JSON value', () => {
    const core = fc.stringMatching(/^[a-z0-9._~-]{8,24}$/);
    const padding = fc.constantFrom('', ' ', '\t', '  ');
    fc.assert(
      fc.property(core, padding, padding, fc.jsonValue({ maxDepth: 4 }), (secret, before, after, value) => {
        const plant = (v: unknown): unknown => {
          if (typeof v === 'string') return `${v}${secret}${v}`;
          if (Array.isArray(v)) return [...v.map(plant), secret];
          if (typeof v === 'object' && v !== null) {
            return Object.fromEntries(Object.entries(v).map(([k, x]) => [`${k}${secret}`, plant(x)]));
          }
          return v;
        };
        const planted = plant(value);
        const known = [`${before}${secret}${after}`];
        expect(JSON.stringify(redactDeep(planted, known))).not.toContain(secret);
        expect(redactText(JSON.stringify(planted), known)).not.toContain(secret);
      }),
    );
  });
});

describe("the service's own words stay readable", () => {
  it('a wrong client secret that is an ordinary word leaves the message it appears in as written', () => {
    const message = 'Unknown client or wrong client secret.';
    expect(redactText(message, ['wrong'])).toBe(message);
    expect(redactText(message, ['client'])).toBe(message);
    // A secret as long as real credentials are is still replaced wherever it appears.
    expect(redactText('key sk-12345678 refused', ['sk-12345678'])).toBe(`key ${REDACTED} refused`);
  });
});

describe('a secret re-encoded by whoever echoes it', () => {
  const SECRET = 'sk+live/KEY=42';
  it('is found in percent-encodings with lower-case hex as well as upper-case', () => {
    const upper = encodeURIComponent(SECRET); // sk%2Blive%2FKEY%3D42
    const lower = upper.replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase());
    const mixed = 'sk%2blive%2FKEY%3d42';
    expect(redactText(`a=${upper}&b=${lower}&c=${mixed}`, [SECRET])).toBe(
      `a=${REDACTED}&b=${REDACTED}&c=${REDACTED}`,
    );
    expect(redactDeep({ echoed: [`key ${lower}`] }, [SECRET])).toEqual({ echoed: [`key ${REDACTED}`] });
  });

  it('is found in an error the client throws when the service echoes it lower-case encoded', async () => {
    const error = await failure(apiKeyAuth(SECRET), (request) => {
      const key = encodeURIComponent(request.headers.get('x-api-key') ?? '').replace(/%[0-9A-F]{2}/g, (e) =>
        e.toLowerCase(),
      );
      return json({ status: 400, title: 'bad', detail: `rejected key=${key}` }, 400);
    });
    expect(observable(error)).not.toContain('sk%2blive%2fKEY%3d42');
    expect(observable(error)).toContain(REDACTED);
  });

  it('property: any case of any escape of a secret is redacted, and text around it is kept', () => {
    const secret = fc.string({ minLength: MIN_SECRET_LENGTH, maxLength: 16 });
    fc.assert(
      fc.property(secret, fc.array(fc.boolean(), { maxLength: 64 }), fc.string(), (raw, flips, around) => {
        fc.pre(raw.trim().length >= MIN_SECRET_LENGTH && !around.includes(raw));
        let i = 0;
        const encoded = encodeURIComponent(raw).replace(/%[0-9A-F]{2}/g, (e) =>
          flips[i++ % Math.max(1, flips.length)] ? e.toLowerCase() : e,
        );
        const text = `<${around}|${encoded}|${around}>`;
        const out = redactText(text, [raw]);
        expect(out).not.toContain(encoded);
        expect(out.startsWith('<')).toBe(true);
        expect(out.endsWith('>')).toBe(true);
      }),
    );
  });
});

describe('credentials HTTP would alter or reject are refused up front, without quoting them', () => {
  const key = (inner: string) => `sk-live-${inner}-UNSEEN-99`;

  it.each([
    ['NUL', key('a\0b'), /control character \(U\+0000\) at index 9/],
    ['a tab inside', key('a\tb'), /control character \(U\+0009\)/],
    ['DEL', key('a\x7fb'), /control character \(U\+007F\)/],
    ['a line break', key('a\r\nb'), /line break \(U\+000D\)/],
    ['a leading space', ` ${key('x')}`, /leading or trailing whitespace/],
    ['a trailing tab', `${key('x')}\t`, /leading or trailing whitespace/],
    ['a character beyond Latin-1', key('a€b'), /beyond U\+00FF\) at index 9/],
  ])('apiKeyAuth and bearerAuth: a key with %s', (_what, value, reason) => {
    for (const make of [() => apiKeyAuth(value), () => bearerAuth(value)]) {
      const error = (() => {
        try {
          make();
        } catch (e) {
          return e as Error;
        }
        throw new Error('accepted');
      })();
      expect(error).toBeInstanceOf(TypeError);
      expect(error.message).toMatch(reason);
      expect(error.message).not.toContain('UNSEEN');
    }
  });

  it('clientCredentials: a secret with NUL or surrounding whitespace, but not one with non-Latin-1 text', () => {
    const make = (clientSecret: string) => () =>
      clientCredentials({ tokenUrl: `${BASE}/oauth/token`, clientId: 'demo', clientSecret });
    expect(make('pa\0ss-UNSEEN')).toThrow(/clientSecret that contains a control character \(U\+0000\)/);
    expect(make(' pass-UNSEEN')).toThrow(/clientSecret that has leading or trailing whitespace/);
    expect(make('pässwörd-€-UNSEEN')).not.toThrow();
  });

  it('createClient: a header value with NUL, naming the header and not the value', () => {
    expect(() => createClient({ baseUrl: BASE, headers: { 'x-api-key': 'k\0-UNSEEN' } })).toThrow(
      /^@playq\/client: headers\.x-api-key contains a control character \(U\+0000\) at index 1$/,
    );
    expect(() => createClient({ baseUrl: BASE, headers: { 'bad name': 'v' } })).toThrow(
      /not a valid header name/,
    );
  });

  it('a custom adapter producing a NUL header value: a TypeError at send time, the value unquoted', async () => {
    const broken: AuthAdapter = {
      kind: 'broken',
      headers: () => ({ 'x-api-key': 'k\0-UNSEEN-value' }),
      secrets: () => [],
    };
    const error = await failure(broken, () => json({}, 500));
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toBe(
      '@playq/client: the broken auth adapter produced a header x-api-key whose value contains a control character (U+0000) at index 1',
    );
  });

  it('a token endpoint issuing a token with NUL: refused, the token unquoted', async () => {
    const adapter = clientCredentials({
      tokenUrl: `${BASE}/oauth/token`,
      clientId: 'demo',
      clientSecret: 'demo-secret',
    });
    const transport = async () => json({ access_token: 'tok\0-UNSEEN-token', token_type: 'Bearer' });
    const error = await Promise.resolve(adapter.headers({ fetch: transport, signal: undefined })).catch(
      (e: unknown) => e,
    );
    expect((error as Error).message).toContain(
      'access_token contains a control character (U+0000) at index 3',
    );
    expect(observable(error)).not.toContain('UNSEEN');
  });
});
