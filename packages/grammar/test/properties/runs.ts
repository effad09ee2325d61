// How many cases each property runs: small by default to keep CI fast; `pnpm fuzz` sets FUZZ_RUNS.

import { expect } from 'vitest';
import { DIAGNOSTIC_CODES, type Diagnostic, offsetToLineColumn } from '../../src/index';

// The package is browser-safe and has no Node types; the test runner does have `process`.
declare const process: { env: Record<string, string | undefined> };

export const numRuns = Number(process.env.FUZZ_RUNS ?? '') || 200;

/** Every diagnostic of a result lies within the input and has a documented code. */
export function checkDiagnostics(text: string, diagnostics: readonly Diagnostic[]): void {
  for (const d of diagnostics) {
    expect(d.code in DIAGNOSTIC_CODES).toBe(true);
    expect(d.offset).toBeGreaterThanOrEqual(0);
    expect(d.length).toBeGreaterThanOrEqual(0);
    expect(d.offset + d.length).toBeLessThanOrEqual(text.length);
    expect({ line: d.line, column: d.column }).toEqual(offsetToLineColumn(text, d.offset));
    expect(d.message.length).toBeGreaterThan(0);
  }
}
