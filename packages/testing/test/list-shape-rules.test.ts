// The shape rules on session-list answers: the requested fields only, in the requested order,
// numbers for metrics and number fields, strings for the rest, and no `totalpages`.
import { describe, expect, it } from 'vitest';
import { type EnvelopeExpectation, recordsFindings } from '../src/contract/shape-rules';

const list = (metrics: readonly string[]): EnvelopeExpectation => ({
  endpoint: 'listsessions',
  metrics,
  aggby: [],
  limit: 10,
  offset: 0,
});

describe('session-list records', () => {
  it('accept the requested fields in order, typed by the catalogue', () => {
    const fields = ['bufferingratio', 'sessionid', 'country', 'starttime', 'status'];
    const record = {
      bufferingratio: 2.5,
      sessionid: 's-1',
      country: '',
      starttime: 1767000000,
      status: 'ended',
    };
    expect(recordsFindings([record], list(fields))).toEqual([]);
  });

  it('name fields out of the requested order (a design finding)', () => {
    expect(recordsFindings([{ latency: 1, buffcount: 2 }], list(['buffcount', 'latency']))).toEqual([
      {
        basis: 'design',
        message: 'record 0 holds its fields in the order latency, buffcount; requested buffcount, latency',
      },
    ]);
  });

  it('refuse a string where the catalogue says number, and a number where it says string', () => {
    const findings = recordsFindings(
      [{ starttime: '1767000000', sessionid: 7, country: 3 }],
      list(['starttime', 'sessionid', 'country']),
    );
    expect(findings).toEqual([
      { basis: 'spec', message: 'record 0: metric `starttime` is not a finite number (got "1767000000")' },
      { basis: 'spec', message: 'record 0: field `sessionid` is not a string (got 7)' },
      { basis: 'spec', message: 'record 0: dimension `country` is not a string (got 3)' },
    ]);
  });

  it('refuse totalpages and any other unrequested key', () => {
    const findings = recordsFindings([{ latency: 1, totalpages: 1 }], list(['latency']));
    expect(findings).toEqual([
      { basis: 'spec', message: 'record 0 carries fields that were not requested: `totalpages`' },
    ]);
  });
});
