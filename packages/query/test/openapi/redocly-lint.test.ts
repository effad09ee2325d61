// A third-party judge of the generated document: Redocly CLI's `lint` with the recommended ruleset
// (redocly.yaml: none relaxed), on the document for the default catalogue and for generated
// catalogues, and on a broken document, which it must refuse.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import * as fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { catalogue } from '../../src/arbitraries/index';
import { DEFAULT_CATALOGUE } from '../../src/index';
import { openApiDocument } from '../../src/openapi/index';

const run = promisify(execFile);
const root = join(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'playq-openapi-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface LintResult {
  readonly totals: { readonly errors: number; readonly warnings: number };
  readonly problems: readonly { readonly ruleId: string; readonly message: string }[];
}

/**
 * Lints documents with `redocly lint --format=json` (one JSON report per file, printed back to
 * back), summed; the exit code is not the verdict, the totals are.
 */
async function lint(docs: readonly object[]): Promise<LintResult> {
  const files = docs.map((doc, i) => {
    const file = join(dir, `doc-${i}-${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(file, JSON.stringify(doc));
    return file;
  });
  const args = ['lint', ...files, '--config', join(root, 'redocly.yaml'), '--format=json'];
  const out = await run(join(root, 'node_modules/.bin/redocly'), args, { cwd: root }).catch(
    (error: { stdout: string }) => error,
  );
  const text = out.stdout.slice(out.stdout.indexOf('{'));
  const reports = JSON.parse(`[${text.replace(/}\s*{(?=\s*"totals")/g, '},{')}]`) as LintResult[];
  expect(reports).toHaveLength(docs.length);
  return {
    totals: {
      errors: reports.reduce((n, r) => n + r.totals.errors, 0),
      warnings: reports.reduce((n, r) => n + r.totals.warnings, 0),
    },
    problems: reports.flatMap((r) => r.problems),
  };
}

const clean = (r: LintResult) => ({
  totals: r.totals,
  problems: r.problems.map((p) => `${p.ruleId}: ${p.message}`),
});

describe('redocly lint (recommended ruleset)', () => {
  it('passes the document of the default catalogue without an error or a warning', async () => {
    const r = await lint([openApiDocument(DEFAULT_CATALOGUE, { baseUrl: 'https://qoe.example.net/api/v1' })]);
    expect(clean(r)).toEqual({ totals: expect.objectContaining({ errors: 0, warnings: 0 }), problems: [] });
  }, 30_000);

  it('passes the documents of generated catalogues', async () => {
    const catalogues = fc.sample(catalogue(), { numRuns: 6, seed: 28 });
    const r = await lint(catalogues.map((c) => openApiDocument(c)));
    expect(clean(r)).toEqual({ totals: expect.objectContaining({ errors: 0, warnings: 0 }), problems: [] });
  }, 30_000);

  it('refuses a broken document (an undeclared path parameter, a dangling reference)', async () => {
    const doc = structuredClone(openApiDocument()) as unknown as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    const metricquery = doc.paths['/metricquery/{customerId}']!.get!;
    metricquery.parameters = (metricquery.parameters as { in: string }[]).filter((p) => p.in !== 'path');
    doc.paths['/session/{customerId}']!.get!.responses = {
      '200': { $ref: '#/components/responses/Nowhere' },
    };
    const r = await lint([doc]);
    expect(r.totals.errors).toBeGreaterThanOrEqual(2);
    expect(r.problems.map((p) => p.ruleId)).toEqual(
      expect.arrayContaining(['path-parameters-defined', 'no-unresolved-refs']),
    );
  }, 30_000);
});
