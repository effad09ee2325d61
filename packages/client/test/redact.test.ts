// Redaction checked exactly: which headers and parameters count as credentials, the minimum
// secret length, percent-encoded secrets, userinfo, and URLs left byte-for-byte alone when clean.
import { describe, expect, it } from 'vitest';
import { REDACTED, redactHeaders, redactText, redactUrl } from '../src/transport/redact';

const R = encodeURIComponent(REDACTED);

describe('redactText', () => {
  it('replaces every occurrence of each secret, raw or percent-encoded', () => {
    expect(redactText('a s3cr3t-k b s3cr3t-k', ['s3cr3t-k'])).toBe(`a ${REDACTED} b ${REDACTED}`);
    expect(redactText('x=p%40ss%2Fw0rd&y=p@ss/w0rd', ['p@ss/w0rd'])).toBe(`x=${REDACTED}&y=${REDACTED}`);
  });

  it('ignores secrets shorter than eight characters, and keeps text without secrets', () => {
    expect(redactText('abcdefg abcdefgh', ['abcdefg'])).toBe('abcdefg abcdefgh');
    expect(redactText('abcdefg abcdefgh', ['abcdefgh'])).toBe(`abcdefg ${REDACTED}`);
    expect(redactText('nothing here', ['s3cr3t-k'])).toBe('nothing here');
    expect(REDACTED).toBe('[REDACTED]');
  });
});

describe('redactUrl', () => {
  it('leaves a clean URL exactly as it was, encoding included', () => {
    const url = 'https://h.example/api/v1/metricquery/demo?filter=%5Bcountry%3DUS%5D&metrics=a%2Cb#top';
    expect(redactUrl(url, [])).toBe(url);
  });

  it('keeps an empty query or fragment as written', () => {
    expect(redactUrl('https://h.example/x?', [])).toBe('https://h.example/x?');
    expect(redactUrl('https://h.example/x#', [])).toBe('https://h.example/x#');
  });

  it('shows a URL of another scheme as it is, not as "null" plus its path', () => {
    expect(redactUrl('foo://host/path?a=1', [])).toBe('foo://host/path?a=1');
    expect(redactUrl('foo://user:pw@host/path?token=t0ken', [])).toBe(`foo://host/path?token=${R}`);
  });

  it('removes userinfo', () => {
    expect(redactUrl('https://user:pw@h.example/x?a=1', [])).toBe('https://h.example/x?a=1');
    expect(redactUrl('https://user@h.example/x', [])).toBe('https://h.example/x');
  });

  it.each([
    'api_key',
    'ACCESS_TOKEN',
    'client_secret',
    'password',
    'passwd',
    'sig_signature',
    'auth',
    'credentials',
    'session_id',
  ])('masks the parameter %s', (name) => {
    expect(redactUrl(`https://h.example/x?${name}=v4lue&keep=1`, [])).toBe(
      `https://h.example/x?${name}=${R}&keep=1`,
    );
  });

  it('keeps parameters that only look alike', () => {
    const url = 'https://h.example/x?session=1&sessionid=2&metrics=errors';
    expect(redactUrl(url, [])).toBe(url);
  });

  it('removes known secrets from anything, even text that is not a URL', () => {
    expect(redactUrl('https://h.example/s3cr3t-k/x?q=s3cr3t-k', ['s3cr3t-k'])).toBe(
      `https://h.example/${REDACTED}/x?q=${REDACTED}`,
    );
    expect(redactUrl('not a url s3cr3t-k', ['s3cr3t-k'])).toBe(`not a url ${REDACTED}`);
  });
});

describe('redactHeaders', () => {
  it('masks credential headers whatever their case and secrets in the others', () => {
    const headers = new Headers({
      Authorization: 'Bearer abc',
      'Proxy-Authorization': 'Basic x',
      'X-API-Key': 'k',
      Cookie: 'a=b',
      'Set-Cookie': 'c=d',
      'X-Trace': 'id s3cr3t-k',
      Accept: 'application/json',
    });
    expect(redactHeaders(headers, ['s3cr3t-k'])).toStrictEqual({
      accept: 'application/json',
      authorization: REDACTED,
      cookie: REDACTED,
      'proxy-authorization': REDACTED,
      'set-cookie': REDACTED,
      'x-api-key': REDACTED,
      'x-trace': `id ${REDACTED}`,
    });
  });
});
