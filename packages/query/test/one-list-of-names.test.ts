// One owner per fact: the catalogue is the only list of metric names in the packages' sources, and
// each metric's meaning is its expression there. This test reads every source file and fails on a
// second list: an array literal, a run of `case` labels, or an object literal that names three or
// more metrics, whatever its type (a table keyed by `MetricName` is a second definition too).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
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
const ROOT = new URL('../../..', import.meta.url).pathname;

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
  const withoutCases = code.replace(/case\s+['"`][a-z_0-9]+['"`]\s*:/g, '');
  for (const m of withoutCases.matchAll(/\{([^{}]*)\}/g)) {
    const keys = named(m[1]!, /(?:^|[,{\s])['"]?([a-z_0-9]+)['"]?\s*:/g);
    if (keys.size >= 3) found.push(`object keys ${[...keys].join(', ')}`);
  }
  // A table whose entries are objects themselves (`latency: { … }`), at any depth.
  const entries = named(withoutCases, /(?:^|[,{\s])['"]?([a-z_0-9]+)['"]?\s*:\s*(?:\{|[a-zA-Z_]+\()/g);
  if (entries.size >= 3 && !found.some((f) => f.startsWith('object keys')))
    found.push(`object entries ${[...entries].join(', ')}`);
  return found;
}

describe('one list of metric names', () => {
  it('finds lists in the three shapes it looks for, and not in prose or single uses', () => {
    expect(secondLists("const A = ['latency', 'errors', 'users'];")).toHaveLength(1);
    expect(secondLists("switch (m) { case 'latency': case 'errors': case 'users': }")).toHaveLength(1);
    expect(secondLists('const U = { latency: 1, errors: 2, users: 3 };')).toHaveLength(1);
    expect(secondLists('const U: Record<MetricName, number> = { latency: 1, errors: 2, users: 3 };')).toEqual(
      ['object keys latency, errors, users'],
    );
    expect(
      secondLists('const U: { [K in ListFieldName]: number } = { latency: 1, errors: 2, users: 3 };'),
    ).toHaveLength(1);
    expect(secondLists("// ['latency', 'errors', 'users']\nq.metrics('latency', 'errors');")).toEqual([]);
  });

  it('holds across packages/*/src, outside the commented allowlist', () => {
    const offenders = findInPackageSources(secondLists, { allowed: ALLOWED });
    expect(offenders).toEqual([]);
  });

  it('fails on a planted second definition of metrics, typed by the catalogue or not', () => {
    const planted = mkdtempSync(join(tmpdir(), 'playq-planted-'));
    try {
      const plant = (path: string, text: string) => {
        mkdirSync(dirname(join(planted, path)), { recursive: true });
        writeFileSync(join(planted, path), text);
      };
      // A copy of the owner in another package, and the hand-written SQL table it replaced.
      plant(
        'packages/server/src/sql/catalogue-copy.ts',
        readFileSync(join(ROOT, 'packages/query/src/catalogue/default-catalogue.ts'), 'utf8'),
      );
      plant(
        'packages/server/src/sql/metric-table.ts',
        `import type { MetricName } from '@playq/query';
export const METRIC_SQL: { readonly [K in MetricName]: string } = {
  attempts: 'count(*)',
  viewercount: 'count(startup_ms)',
  latency: 'coalesce(avg(startup_ms) / 1000.0, 0)',
};`,
      );
      plant('packages/server/src/sql/one-use.ts', "export const q = ['latency'];");
      const offenders = findInPackageSources(secondLists, { root: planted });
      expect(offenders).toEqual([
        expect.stringMatching(
          /^packages\/server\/src\/sql\/catalogue-copy\.ts: object entries attempts, viewercount, /,
        ),
        'packages/server/src/sql/metric-table.ts: object keys attempts, viewercount, latency',
      ]);
    } finally {
      rmSync(planted, { recursive: true, force: true });
    }
  });
});
