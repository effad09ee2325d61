// One owner per fact: the catalogue is the only list of metric names in the packages' sources. This
// test reads every source file and fails on a second list: an array literal, a run of `case`
// labels, or an object literal not typed by the catalogue that names three or more metrics.
import { describe, expect, it } from 'vitest';
import { DEFAULT_CATALOGUE } from '../src/index';
import { findInPackageSources, stripComments } from './support/package-sources';

const METRICS = new Set<string>(DEFAULT_CATALOGUE.metricNames);

// Files allowed to name many metrics, each with the reason. Empty it as the reasons go away.
const ALLOWED: Readonly<Record<string, string>> = {
  // The owner itself.
  'packages/query/src/catalogue/default-catalogue.ts': 'the default catalogue',
  // The queries the contract suite sends and the properties it checks: choices of metrics for
  // probes, not a vocabulary (a name missing from the catalogue fails validation there).
  'packages/testing/src/contract/base-queries.ts': 'probe queries',
  'packages/testing/src/contract/checks-semantics.ts': 'probe queries',
  'packages/testing/src/contract/checks-population.ts': 'probe queries',
  'packages/testing/src/contract/checks-list.ts': 'probe queries',
};

const named = (chunk: string, pattern: RegExp) =>
  new Set([...chunk.matchAll(pattern)].map((m) => m[1]!).filter((n) => METRICS.has(n)));

/** The second lists of metric names in one source text, as short descriptions. */
export function secondLists(text: string): string[] {
  const code = stripComments(text);
  const found: string[] = [];
  for (const m of code.matchAll(/\[([^[\]]*)\]/g)) {
    const names = named(m[1]!, /['"`]([a-z_0-9]+)['"`]/g);
    if (names.size >= 3) found.push(`array [${[...names].join(', ')}]`);
  }
  const cases = named(code, /case\s+['"`]([a-z_0-9]+)['"`]\s*:/g);
  if (cases.size >= 3) found.push(`case labels ${[...cases].join(', ')}`);
  if (!/\b(MetricName|ListFieldName)(Of)?\b/.test(code)) {
    const withoutCases = code.replace(/case\s+['"`][a-z_0-9]+['"`]\s*:/g, '');
    for (const m of withoutCases.matchAll(/\{([^{}]*)\}/g)) {
      const keys = named(m[1]!, /(?:^|[,{\s])['"]?([a-z_0-9]+)['"]?\s*:/g);
      if (keys.size >= 3) found.push(`object keys ${[...keys].join(', ')}`);
    }
  }
  return found;
}

describe('one list of metric names', () => {
  it('finds lists in the three shapes it looks for, and not in prose or single uses', () => {
    expect(secondLists("const A = ['latency', 'errors', 'users'];")).toHaveLength(1);
    expect(secondLists("switch (m) { case 'latency': case 'errors': case 'users': }")).toHaveLength(1);
    expect(secondLists('const U = { latency: 1, errors: 2, users: 3 };')).toHaveLength(1);
    expect(secondLists('const U: Record<MetricName, number> = { latency: 1, errors: 2, users: 3 };')).toEqual(
      [],
    );
    expect(
      secondLists('const U: { [K in ListFieldName]: number } = { latency: 1, errors: 2, users: 3 };'),
    ).toEqual([]);
    expect(secondLists("// ['latency', 'errors', 'users']\nq.metrics('latency', 'errors');")).toEqual([]);
  });

  it('holds across packages/*/src, outside the commented allowlist', () => {
    const offenders = findInPackageSources(secondLists, { allowed: ALLOWED });
    expect(offenders).toEqual([]);
  });
});
