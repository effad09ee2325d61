// The problem responses on their own (RFC 9457): exact headers and bodies, optional members present
// only when given, the reason phrase of each status, and the 400 built from query diagnostics with
// every diagnostic listed. The HTTP tests reach these through the service and assert only the code.
import type { QueryDiagnostic } from '@playq/query';
import { describe, expect, it } from 'vitest';
import {
  diagnosticsResponse,
  PROBLEM_TYPE_BASE,
  problemJson,
  problemResponse,
  statusTitle,
} from '../src/http/problem';

/** The headers of every problem answer, as `[...res.headers]` lists them. */
const PROBLEM_HEADERS = [
  ['cache-control', 'no-store'],
  ['content-type', 'application/problem+json'],
];

async function read(res: Response): Promise<{ status: number; headers: [string, string][]; body: unknown }> {
  return { status: res.status, headers: [...res.headers], body: await res.json() };
}

describe('problemResponse', () => {
  it('answers problem+json, never cached, with exactly the members given', async () => {
    expect(
      await read(problemResponse(403, 'forbidden', 'This API key belongs to another customer.')),
    ).toStrictEqual({
      status: 403,
      headers: PROBLEM_HEADERS,
      body: {
        type: 'https://playq.dev/problems/forbidden',
        title: 'Forbidden',
        status: 403,
        detail: 'This API key belongs to another customer.',
        code: 'forbidden',
      },
    });
  });

  it('adds param, offset, extensions and headers when given (a header may replace a default)', async () => {
    const res = problemResponse(429, 'rate_limited', 'Too many requests.', {
      param: 'filter',
      offset: 0,
      headers: { 'Retry-After': '7', 'Cache-Control': 'private' },
      extensions: { retryAfterSeconds: 7 },
    });
    expect(await read(res)).toStrictEqual({
      status: 429,
      headers: [
        ['cache-control', 'private'],
        ['content-type', 'application/problem+json'],
        ['retry-after', '7'],
      ],
      body: {
        type: `${PROBLEM_TYPE_BASE}rate_limited`,
        title: 'Too Many Requests',
        status: 429,
        detail: 'Too many requests.',
        code: 'rate_limited',
        param: 'filter',
        offset: 0,
        retryAfterSeconds: 7,
      },
    });
  });

  it('titles a status it has no phrase for "Error"', () => {
    expect(JSON.parse(problemJson(418, 'bad_request', 'x'))).toStrictEqual({
      type: `${PROBLEM_TYPE_BASE}bad_request`,
      title: 'Error',
      status: 418,
      detail: 'x',
      code: 'bad_request',
    });
  });
});

describe('statusTitle', () => {
  it.each([
    [400, 'Bad Request'],
    [401, 'Unauthorized'],
    [403, 'Forbidden'],
    [404, 'Not Found'],
    [405, 'Method Not Allowed'],
    [408, 'Request Timeout'],
    [413, 'Content Too Large'],
    [414, 'URI Too Long'],
    [431, 'Request Header Fields Too Large'],
    [499, 'Client Closed Request'],
    [429, 'Too Many Requests'],
    [500, 'Internal Server Error'],
    [503, 'Service Unavailable'],
    [502, 'Error'],
    [200, 'Error'],
  ])('%i is "%s"', (status, title) => {
    expect(statusTitle(status)).toBe(title);
    expect(JSON.parse(problemJson(status, 'bad_request', 'x')).title).toBe(title);
  });
});

const diagnostic = (d: Omit<QueryDiagnostic, 'severity'>): QueryDiagnostic => ({ severity: 'error', ...d });

describe('diagnosticsResponse', () => {
  it('answers missing_parameter when there is no diagnostic at all', async () => {
    expect(await read(diagnosticsResponse([]))).toStrictEqual({
      status: 400,
      headers: PROBLEM_HEADERS,
      body: {
        type: `${PROBLEM_TYPE_BASE}missing_parameter`,
        title: 'Bad Request',
        status: 400,
        detail: 'The query is not valid.',
        code: 'missing_parameter',
      },
    });
  });

  it('leads with the first diagnostic and lists every one with only the members it has', async () => {
    const errors = [
      diagnostic({
        code: 'invalid_filter',
        message: 'Expected a value after "=".',
        param: 'filter',
        offset: 8,
        length: 1,
        hint: 'Quote a value that contains spaces.',
        line: 1,
        column: 9,
      }),
      diagnostic({ code: 'missing_parameter', message: 'The metrics parameter is required.' }),
      diagnostic({
        code: 'invalid_limit',
        message: 'limit must be a whole number.',
        param: 'limit',
        offset: 0,
      }),
    ];
    expect(await read(diagnosticsResponse(errors))).toStrictEqual({
      status: 400,
      headers: PROBLEM_HEADERS,
      body: {
        type: `${PROBLEM_TYPE_BASE}invalid_filter`,
        title: 'Bad Request',
        status: 400,
        detail: 'Expected a value after "=".',
        code: 'invalid_filter',
        param: 'filter',
        offset: 8,
        errors: [
          {
            code: 'invalid_filter',
            message: 'Expected a value after "=".',
            param: 'filter',
            offset: 8,
            length: 1,
            hint: 'Quote a value that contains spaces.',
          },
          { code: 'missing_parameter', message: 'The metrics parameter is required.' },
          { code: 'invalid_limit', message: 'limit must be a whole number.', param: 'limit', offset: 0 },
        ],
      },
    });
  });

  it('leaves param and offset out of the lead when the first diagnostic has none', async () => {
    const only = diagnostic({ code: 'missing_parameter', message: 'The metrics parameter is required.' });
    const body = (await read(diagnosticsResponse([only]))).body;
    expect(body).toStrictEqual({
      type: `${PROBLEM_TYPE_BASE}missing_parameter`,
      title: 'Bad Request',
      status: 400,
      detail: 'The metrics parameter is required.',
      code: 'missing_parameter',
      errors: [{ code: 'missing_parameter', message: 'The metrics parameter is required.' }],
    });
  });
});
