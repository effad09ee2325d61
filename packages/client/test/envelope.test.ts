// The page envelope checks pinned one by one: the exact reason for each kind of bad body, the
// cause kept only for a JSON syntax error, and the session page-count check at both ends.
import { describe, expect, it } from 'vitest';
import { PlayqResponseError } from '../src/index';
import { type EnvelopeContext, parseEnvelope } from '../src/response/envelope';

const URL_ = 'http://x/api/v1/metricquery/demo';

function context(over: Partial<EnvelopeContext> = {}): EnvelopeContext {
  return {
    method: 'GET',
    url: () => URL_,
    status: 200,
    limit: 10,
    offset: 0,
    session: false,
    secrets: [],
    ...over,
  };
}

function failure(body: string, over: Partial<EnvelopeContext> = {}): PlayqResponseError {
  try {
    parseEnvelope(body, context(over));
  } catch (error) {
    expect(error).toBeInstanceOf(PlayqResponseError);
    return error as PlayqResponseError;
  }
  throw new Error('parseEnvelope did not throw');
}

function envelope(records: unknown[], totalrecords = records.length, pagecount?: number): string {
  return JSON.stringify({
    totalcount: records.length,
    pagecount: pagecount ?? Math.ceil(totalrecords / 10),
    totalrecords,
    response: records,
  });
}

describe('parseEnvelope: bodies that are not an envelope', () => {
  it('calls a whitespace-only body empty', () => {
    const error = failure('  \n\t ');
    expect(error.reason).toBe('the body is empty');
    expect(Object.hasOwn(error, 'cause')).toBe(false);
  });

  it('suspects truncation when invalid JSON starts with "{" after leading whitespace, and keeps the SyntaxError', () => {
    const error = failure('  \n{"totalcount": 1');
    expect(error.reason).toBe('the body is not valid JSON (truncated?)');
    expect(error.cause).toBeInstanceOf(SyntaxError);
    expect(error.excerpt).toBe('  \n{"totalcount": 1');
    expect(error.message).toBe(
      `@playq/client: GET ${URL_} returned an invalid body: the body is not valid JSON (truncated?) (body starts: "  \\n{\\"totalcount\\": 1")`,
    );
  });

  it('does not suspect truncation for invalid JSON that does not start with "{"', () => {
    const error = failure('<html>oops</html>  ');
    expect(error.reason).toBe('the body is not valid JSON');
    expect(error.cause).toBeInstanceOf(SyntaxError);
    expect(error).toMatchObject({ method: 'GET', url: URL_, status: 200, excerpt: '<html>oops</html>  ' });
  });

  it.each(['5', '"text"', 'true', 'null', '[]', '[{"totalcount":0}]'])(
    'rejects the JSON value %s as not an object, with no cause',
    (body) => {
      const error = failure(body);
      expect(error.reason).toBe('the body is not a JSON object');
      expect(Object.hasOwn(error, 'cause')).toBe(false);
    },
  );
});

describe('parseEnvelope: envelope fields', () => {
  it.each(['totalcount', 'pagecount', 'totalrecords'])('rejects a negative %s', (name) => {
    const fields: Record<string, unknown> = { totalcount: 0, pagecount: 0, totalrecords: 0, response: [] };
    fields[name] = -1;
    expect(failure(JSON.stringify(fields)).reason).toBe(
      `the envelope field "${name}" is not a non-negative integer`,
    );
  });

  it('calls a missing "response" missing, not "not an array"', () => {
    const error = failure('{"totalcount":0,"pagecount":0,"totalrecords":0}');
    expect(error.reason).toBe('the envelope field "response" is missing');
  });

  it('says "not an array" for a response of another type', () => {
    expect(failure('{"totalcount":0,"pagecount":0,"totalrecords":0,"response":{}}').reason).toBe(
      'the envelope field "response" is not an array',
    );
  });

  it('rejects a null record', () => {
    expect(failure(envelope([{ a: 1 }, null])).reason).toBe('record 1 is not a JSON object');
    expect(failure(envelope([null])).reason).toBe('record 0 is not a JSON object');
  });

  it('accepts an empty result', () => {
    expect(parseEnvelope(envelope([], 0, 0), context())).toStrictEqual({
      records: [],
      totalcount: 0,
      pagecount: 0,
      totalrecords: 0,
      offset: 0,
      limit: 10,
    });
  });
});

describe('parseEnvelope: session page counts', () => {
  const rows = (pages: unknown[]) => pages.map((totalpages, i) => ({ id: i, totalpages }));

  it('accepts a session page whose first and last records repeat the page count', () => {
    const records = rows([2, 2, 2]);
    expect(parseEnvelope(envelope(records, 13, 2), context({ session: true, offset: 10 }))).toStrictEqual({
      records,
      totalcount: 3,
      pagecount: 2,
      totalrecords: 13,
      offset: 10,
      limit: 10,
    });
  });

  it('rejects a first record with another page count', () => {
    const error = failure(envelope(rows([3, 2, 2]), 13, 2), { session: true, offset: 10 });
    expect(error.reason).toBe('record 0 has totalpages 3, expected 2');
  });

  it('rejects a last record with another or no page count', () => {
    expect(failure(envelope(rows([2, 2, 5]), 13, 2), { session: true, offset: 10 }).reason).toBe(
      'record 2 has totalpages 5, expected 2',
    );
    expect(failure(envelope(rows([2, 2, '2']), 13, 2), { session: true, offset: 10 }).reason).toBe(
      'record 2 has totalpages "2", expected 2',
    );
    expect(
      failure(envelope([{ totalpages: 2 }, { id: 1 }], 12, 2), { session: true, offset: 10 }).reason,
    ).toBe('record 1 has totalpages undefined, expected 2');
  });

  it('does not check page counts of records outside a session query', () => {
    const records = rows([7, 8, 9]);
    expect(parseEnvelope(envelope(records, 13, 2), context({ offset: 10 })).records).toStrictEqual(records);
  });

  it('accepts an empty session page', () => {
    expect(parseEnvelope(envelope([], 0, 0), context({ session: true }))).toStrictEqual({
      records: [],
      totalcount: 0,
      pagecount: 0,
      totalrecords: 0,
      offset: 0,
      limit: 10,
    });
    expect(parseEnvelope(envelope([], 5, 1), context({ session: true, offset: 10 })).records).toStrictEqual(
      [],
    );
  });
});
