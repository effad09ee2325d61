// The vocabulary the checks are written in: a check is a name, a title and an async function of
// the shared context returning findings; helpers turn a fetched answer into an envelope or into
// "this was refused" findings so each check reads as the relation it verifies.
import type { ResultEnvelope } from '@playq/query';
import type { ContractContext } from './context';
import type { Probe } from './gentle-fetch';
import { describe, type EnvelopeExpectation, envelopeFindings } from './shape-rules';
import type { Finding } from './types';

export interface CheckOutcome {
  readonly findings: readonly Finding[];
  /** What was verified, shown beside a pass. */
  readonly note: string;
}

export interface CheckDefinition {
  readonly name: string;
  readonly title: string;
  run(ctx: ContractContext): Promise<CheckOutcome>;
}

/** Thrown when a check cannot go on because an answer it builds on is wrong. */
export class FailCheck extends Error {
  readonly findings: readonly Finding[];
  constructor(findings: readonly Finding[]) {
    super(findings.map((f) => f.message).join('; '));
    this.name = 'FailCheck';
    this.findings = findings;
  }
}

export type Row = Record<string, unknown>;

export type Envelope = ResultEnvelope<Row>;

/** Where a probe went, for messages: the path and query, never headers. */
export function label(probe: Probe): string {
  try {
    const url = new URL(probe.url);
    return `${probe.method} ${url.pathname}${url.search}`;
  } catch {
    return `${probe.method} ${probe.url}`;
  }
}

function statusText(probe: Probe): string {
  return probe.networkError
    ? `a network error (${probe.networkError})`
    : `status ${probe.status}${redirectNote(probe)}`;
}

/** For a redirect, what follows its status in a message: where it points, and that it was not followed. */
export function redirectNote(probe: Probe): string {
  const location = probe.headers.location;
  if (probe.status < 300 || probe.status >= 400 || location === undefined) return '';
  return `, a redirect to ${where(location, probe.url)} that the suite does not follow (it sends credentials only to the address it was given)`;
}

// A redirect target without its query, which may carry anything.
function where(location: string, base: string): string {
  try {
    const url = new URL(location, base);
    return `${url.origin}${url.pathname}`;
  } catch {
    return 'an unusable address';
  }
}

/**
 * The envelope of a successful answer; a non-200 or malformed answer to a valid query fails the
 * check that needed it.
 */
export function envelopeOf(probe: Probe, expected?: EnvelopeExpectation): Envelope {
  if (probe.status !== 200) {
    throw new FailCheck([
      { basis: 'spec', message: `${label(probe)} answered ${statusText(probe)}, expected 200` },
    ]);
  }
  const body = probe.json as Partial<Envelope> | undefined;
  if (expected) {
    const findings = envelopeFindings(body, expected).filter((f) => f.basis === 'spec');
    if (findings.length > 0) throw new FailCheck(findings);
  }
  if (!body || !Array.isArray(body.response) || typeof body.totalrecords !== 'number') {
    throw new FailCheck([{ basis: 'spec', message: `${label(probe)} did not answer a result envelope` }]);
  }
  const rows = body.response.filter(
    (r): r is Row => typeof r === 'object' && r !== null && !Array.isArray(r),
  );
  return {
    totalcount: Number(body.totalcount),
    pagecount: Number(body.pagecount),
    totalrecords: body.totalrecords,
    response: rows,
  };
}

/**
 * Findings for an answer that should be a refusal. Anything but a 4xx is a specification-level
 * failure; the exact status (and code) playq chose is a design-level one.
 */
export function refusalFindings(
  probe: Probe,
  want: {
    /** The status playq answers; further statuses it would also accept. */
    readonly status: number | readonly number[];
    readonly code?: string;
    readonly param?: string;
    readonly why: string;
    /** `design` when even accepting the request is only a departure from playq's choices. */
    readonly basis?: 'spec' | 'design';
  },
): Finding[] {
  const basis = want.basis ?? 'spec';
  if (probe.networkError) {
    return [{ basis: 'spec', message: `${want.why}: ${label(probe)} failed with a network error` }];
  }
  if (probe.status < 400 || probe.status >= 500) {
    return [
      { basis, message: `${want.why}: ${label(probe)} answered ${probe.status}, expected a refusal (4xx)` },
    ];
  }
  const findings: Finding[] = [];
  const statuses = typeof want.status === 'number' ? [want.status] : want.status;
  if (!statuses.includes(probe.status)) {
    findings.push({
      basis: 'design',
      message: `${want.why}: answered ${probe.status}; playq answers ${statuses[0]}`,
    });
  }
  const body = probe.json as { code?: unknown; param?: unknown } | undefined;
  if (want.code && statuses.includes(probe.status) && body?.code !== want.code) {
    findings.push({
      basis: 'design',
      message: `${want.why}: problem code is ${describe(body?.code)}; playq answers \`${want.code}\``,
    });
  }
  if (want.param && body?.param !== want.param) {
    findings.push({
      basis: 'design',
      message: `${want.why}: problem param is ${describe(body?.param)}; playq names \`${want.param}\``,
    });
  }
  return findings;
}

/** Exact equality of two records' values under the given fields, numbers within a relative tolerance. */
export function sameValues(a: Row, b: Row, fields: readonly string[]): string | undefined {
  for (const field of fields) {
    const x = a[field];
    const y = b[field];
    if (typeof x === 'number' && typeof y === 'number') {
      if (!close(x, y)) return `${field}: ${x} vs ${y}`;
    } else if (x !== y) {
      return `${field}: ${describe(x)} vs ${describe(y)}`;
    }
  }
  return undefined;
}

/** Relative tolerance for sums of floating-point metrics computed in different orders. */
export function close(x: number, y: number): boolean {
  return Math.abs(x - y) <= 1e-6 * Math.max(1, Math.abs(x), Math.abs(y));
}

export const num = (row: Row | undefined, field: string): number => {
  const value = row?.[field];
  return typeof value === 'number' ? value : Number.NaN;
};

export const keyBy = (fields: readonly string[]) => (row: Row) =>
  fields.map((f) => String(row[f])).join('\u0000');
