// Shared assertions for the example tables.

import { expect } from 'vitest';
import type { Diagnostic, ParseResult } from '../src/index';
import { offsetToLineColumn } from '../src/index';
import type { InvalidCase, ValidCase } from './tables';

export function checkValid<T, S>(
  c: ValidCase,
  parse: (s: string) => ParseResult<T, S>,
  serialize: (ast: T) => string,
): void {
  const r = parse(c.input);
  if (!r.ok) throw new Error(`expected ${JSON.stringify(c.input)} to parse: ${r.errors[0]?.message}`);
  expect(serialize(r.value)).toBe(c.canonical);
  expect(r.warnings.map((w) => w.code)).toEqual(c.warnings ?? []);
  for (const w of r.warnings) checkPosition(c.input, w, 'warning');
  const again = parse(c.canonical);
  if (!again.ok) throw new Error(`canonical ${JSON.stringify(c.canonical)} does not parse`);
  expect(again.value).toEqual(r.value);
  expect(again.warnings).toEqual([]);
}

export function checkInvalid<T, S>(c: InvalidCase, parse: (s: string) => ParseResult<T, S>): void {
  const r = parse(c.input);
  if (r.ok) throw new Error(`expected ${JSON.stringify(c.input)} to fail`);
  expect(r.errors).toHaveLength(1);
  const e = r.errors[0]!;
  expect({ code: e.code, offset: e.offset }).toEqual({ code: c.code, offset: c.offset });
  if (c.length !== undefined) expect(e.length).toBe(c.length);
  checkPosition(c.input, e, 'error');
}

function checkPosition(text: string, d: Diagnostic, severity: string): void {
  expect(d.severity).toBe(severity);
  expect(d.message.length).toBeGreaterThan(10);
  expect(d.offset).toBeGreaterThanOrEqual(0);
  expect(d.offset + d.length).toBeLessThanOrEqual(text.length);
  expect({ line: d.line, column: d.column }).toEqual(offsetToLineColumn(text, d.offset));
}
