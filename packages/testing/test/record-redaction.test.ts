// The recorder treats every credential it sees as a secret from then on, whatever the content
// type or header it appears in: hostile or sloppy servers below answer tokens as text/plain or as
// a form, and echo keys and tokens in headers and bodies; no fixture may keep any of them.
import { describe, expect, it } from 'vitest';
import { recordingTransport } from '../src/transport/recording-transport';

const TOKEN = 'tok-ISSUED-as-text-7788';
const API_KEY = 'key-ECHOED-4455';
const CLIENT_SECRET = 'secret-BASIC-9911';
const BASE = 'http://playq.test/api/v1';

type Answer = (request: Request) => Response | Promise<Response>;

function recorderOver(answer: Answer) {
  return recordingTransport({ fetch: async (request) => answer(request) });
}

const tokenRequest = () =>
  new Request(`${BASE}/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${btoa(`demo:${CLIENT_SECRET}`)}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });

describe('the recorder learns every credential it sees', () => {
  it('an access_token answered as text/plain JSON', async () => {
    const recorder = recorderOver(
      () =>
        new Response(`{ "access_token": "${TOKEN}", "token_type": "Bearer", "expires_in": 60 }`, {
          headers: { 'content-type': 'text/plain' },
        }),
    );
    await recorder(tokenRequest());
    const fixture = recorder.fixture();
    expect(JSON.stringify(fixture)).not.toContain(TOKEN);
    // Kept as written otherwise: a text body stays text.
    expect(fixture.entries[0]!.response.body).toBe(
      '{ "access_token": "[REDACTED]", "token_type": "Bearer", "expires_in": 60 }',
    );
  });

  it('an access_token answered as a form, with no content type', async () => {
    const recorder = recorderOver(() => new Response(`access_token=${TOKEN}&token_type=bearer`));
    await recorder(tokenRequest());
    expect(JSON.stringify(recorder.fixture())).not.toContain(TOKEN);
  });

  it('an issued token echoed later in an ordinary response header and body', async () => {
    const recorder = recorderOver((request) => {
      if (request.url.endsWith('/oauth/token')) {
        return new Response(JSON.stringify({ access_token: TOKEN }), {
          headers: { 'content-type': 'text/plain' },
        });
      }
      return new Response(`you are ${TOKEN}`, {
        status: 403,
        headers: { 'x-debug-token': TOKEN, 'x-echo': `Bearer ${TOKEN}`, 'content-type': 'text/html' },
      });
    });
    await recorder(tokenRequest());
    await recorder(new Request(`${BASE}/session/demo`));
    const fixture = recorder.fixture();
    expect(JSON.stringify(fixture)).not.toContain(TOKEN);
    expect(fixture.entries[1]!.response.headers).toMatchObject({
      'x-debug-token': '[REDACTED]',
      'x-echo': 'Bearer [REDACTED]',
    });
  });

  it('an API key and a bearer token sent in request headers, echoed in the answer', async () => {
    const recorder = recorderOver(
      (request) =>
        new Response(`key ${request.headers.get('x-api-key')} / ${request.headers.get('authorization')}`, {
          status: 401,
          headers: { 'x-seen-key': request.headers.get('x-api-key') ?? '' },
        }),
    );
    await recorder(
      new Request(`${BASE}/metricquery/demo`, {
        headers: { 'x-api-key': API_KEY, authorization: `Bearer ${TOKEN}` },
      }),
    );
    const text = JSON.stringify(recorder.fixture());
    expect(text).not.toContain(API_KEY);
    expect(text).not.toContain(TOKEN);
  });

  it('the client secret inside a Basic header, echoed by the token endpoint', async () => {
    const recorder = recorderOver(
      () =>
        new Response(JSON.stringify({ error: 'invalid_client', detail: `unknown secret ${CLIENT_SECRET}` }), {
          status: 401,
          headers: { 'content-type': 'application/json' },
        }),
    );
    await recorder(tokenRequest());
    expect(JSON.stringify(recorder.fixture())).not.toContain(CLIENT_SECRET);
  });

  it('a token learned in a later exchange is removed from an earlier one too', async () => {
    let n = 0;
    const recorder = recorderOver(() => {
      n++;
      // The first answer mentions the token before anything marks it as one.
      return n === 1
        ? new Response(`prefetch ${TOKEN}`)
        : new Response(JSON.stringify({ refresh_token: TOKEN }), {
            headers: { 'content-type': 'text/plain' },
          });
    });
    await recorder(new Request(`${BASE}/warmup`));
    await recorder(tokenRequest());
    expect(JSON.stringify(recorder.fixture())).not.toContain(TOKEN);
  });

  it('refuses literal secrets too short to redact without matching unrelated text', () => {
    expect(() => recordingTransport({ redact: { secrets: ['abcdefg'] } })).toThrow(
      /redact\.secrets holds a value shorter than 8 characters/,
    );
  });
});
