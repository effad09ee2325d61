// One owner per fact: the comparison operators and the result envelope are declared once (the
// grammar owns the operators, @playq/query the envelope) and imported everywhere else. This test
// reads every source file outside those two packages and fails on a second declaration.
import { describe, expect, it } from 'vitest';
import { COMPARISON_OPERATORS } from '../src/index';
import { findInPackageSources, stripComments } from './support/package-sources';

// The owners: the grammar declares the operators, @playq/query the envelope and re-exports both.
const OWNERS = new Set(['grammar', 'query']);

// Files outside the owners allowed a match, each with the reason. Empty it as the reasons go away.
const ALLOWED: Readonly<Record<string, string>> = {};

/** The second declarations of an owned fact in one source text, as short descriptions. */
export function secondDeclarations(text: string): string[] {
  const code = stripComments(text);
  const found: string[] = [];
  for (const m of code.matchAll(/\[([^[\]]*)\]/g)) {
    const ops = new Set([...m[1]!.matchAll(/['"`]([<>=!]{1,2})['"`]/g)].map((o) => o[1]!));
    const known = [...ops].filter((o) => (COMPARISON_OPERATORS as readonly string[]).includes(o));
    if (known.length >= 3) found.push(`operator list [${known.join(', ')}]`);
  }
  for (const m of code.matchAll(
    /\b(?:interface\s+(\w+)(?:<[^>{]*>)?(?:\s+extends\s+[^{]+)?\s*|type\s+(\w+)(?:<[^>{]*>)?\s*=\s*)\{([^{}]*)\}/g,
  )) {
    const body = m[3]!;
    if (['totalcount', 'pagecount', 'totalrecords'].every((f) => new RegExp(`\\b${f}\\s*\\??:`).test(body))) {
      found.push(`envelope type ${m[1] ?? m[2]}`);
    }
  }
  return found;
}

describe('one owner for operators and the envelope', () => {
  it('finds both shapes, and not comments, aliases or single operators', () => {
    expect(secondDeclarations("const OPS = ['>', '>=', '<', '<=', '=', '!='];")).toHaveLength(1);
    expect(secondDeclarations("const OPS = new Set(['<', '<=', '>']);")).toHaveLength(1);
    expect(
      secondDeclarations(
        'interface Env { readonly totalcount: number; pagecount: number; totalrecords: number }',
      ),
    ).toHaveLength(1);
    expect(
      secondDeclarations('type E = { totalcount: number; pagecount: number; totalrecords: number };'),
    ).toHaveLength(1);
    expect(
      secondDeclarations(
        'interface P<R> extends Base { totalcount: number; pagecount: number; totalrecords: number }',
      ),
    ).toHaveLength(1);
    expect(secondDeclarations('export type Envelope = ResultEnvelope<Row>;')).toEqual([]);
    expect(secondDeclarations("// ['>', '>=', '<']\nif (op === '>') {}")).toEqual([]);
    expect(secondDeclarations("const QOE = { '>': '>', '>=': '>=', '<': '<' };")).toEqual([]);
  });

  it('holds across packages/*/src outside grammar and query, outside the commented allowlist', () => {
    const offenders = findInPackageSources(secondDeclarations, { skip: OWNERS, allowed: ALLOWED });
    expect(offenders).toEqual([]);
  });
});
