// parsePeriod: lex, parse, then check the keys and the bounds. The grammar is a fixed sequence of
// seven tokens, so the checks look at token positions directly and stop before the first syntax
// error; whichever problem comes first in the text is the one reported.

import type { PeriodAst, PeriodSpans } from '../ast';
import type { Diagnostic, ParseResult } from '../diagnostic';
import { diagnostic } from '../diagnostics';
import { notAString } from '../internal/not-a-string';
import { syntaxProblem } from '../internal/parser-errors';
import { type Token, TokenBuffer } from '../internal/token';
import { quoteForMessage } from '../text';
import { MAX_EPOCH_SECONDS } from './bounds';
import { lexPeriod } from './lexer';
import { PeriodParser } from './parser';

let parser: PeriodParser | undefined;
const buffer = new TokenBuffer();

/**
 * Parse a period such as `start=1700000000,end=1700086400`: integer epoch seconds, the keys in
 * either order, `start < end`, the half-open interval `[start, end)`. Never throws.
 *
 * @example
 * ```ts
 * const r = parsePeriod('end=1700086400, start=1700000000');
 * // r.ok === true; r.value: { type: 'period', start: 1700000000, end: 1700086400 }
 * ```
 */
export function parsePeriod(text: string): ParseResult<PeriodAst, PeriodSpans> {
  if (typeof text !== 'string') return notAString(text);
  const tokens = lexPeriod(text, buffer);
  parser ??= new PeriodParser();
  parser.input = tokens;
  parser.period();
  const problem = syntaxProblem<Token>(parser);
  const found = problem?.found;
  const limit = problem === undefined || found === undefined ? tokens.length : tokens.indexOf(found);
  const first = tokens[0];
  const second = tokens[4];
  const semantic =
    (limit > 0 ? checkKey(text, first!, undefined) : undefined) ??
    (limit > 2 ? checkTimestamp(text, tokens[2]!) : undefined) ??
    (limit > 4 ? checkKey(text, second!, first!) : undefined) ??
    (limit > 6 ? checkTimestamp(text, tokens[6]!) : undefined);
  if (semantic !== undefined) return { ok: false, errors: [semantic] };
  if (problem !== undefined)
    return { ok: false, errors: [syntaxDiagnostic(text, problem.expected, found, tokens)] };

  const startFirst = first!.image.toLowerCase() === 'start';
  const startTok = startFirst ? tokens[2]! : tokens[6]!;
  const endTok = startFirst ? tokens[6]! : tokens[2]!;
  const start = startTok.payload as number;
  const end = endTok.payload as number;
  if (start >= end) {
    return {
      ok: false,
      errors: [
        diagnostic(text, {
          code: 'invalid_range',
          message: `the end ${end} (${isoSeconds(end)}) is not after the start ${start} (${isoSeconds(start)}); a period is the half-open interval [start, end)`,
          offset: endTok.startOffset,
          length: endTok.image.length,
        }),
      ],
    };
  }
  return {
    ok: true,
    value: { type: 'period', start, end },
    warnings: [],
    spans: {
      start: { offset: startTok.startOffset, length: startTok.image.length },
      end: { offset: endTok.startOffset, length: endTok.image.length },
    },
  };
}

function checkKey(text: string, key: Token, other: Token | undefined): Diagnostic | undefined {
  const name = key.image.toLowerCase();
  if (name !== 'start' && name !== 'end') {
    return diagnostic(text, {
      code: 'invalid_key',
      message: `found the key ${quoteForMessage(key.image)}, expected 'start' or 'end'`,
      offset: key.startOffset,
      length: key.image.length,
      expected: other === undefined ? ['start', 'end'] : [otherKey(other)],
    });
  }
  if (other !== undefined && other.image.toLowerCase() === name) {
    return diagnostic(text, {
      code: 'duplicate_key',
      message: `found '${name}' a second time, expected '${otherKey(other)}'`,
      offset: key.startOffset,
      length: key.image.length,
      expected: [otherKey(other)],
    });
  }
  return undefined;
}

function otherKey(first: Token): string {
  return first.image.toLowerCase() === 'start' ? 'end' : 'start';
}

function checkTimestamp(text: string, t: Token): Diagnostic | undefined {
  const image = t.image;
  for (let i = 0; i < image.length; i++) {
    const c = image.charCodeAt(i);
    if (c < 48 || c > 57) {
      return diagnostic(text, {
        code: 'invalid_timestamp',
        message: `found ${quoteForMessage(image)}, expected a whole non-negative number of epoch seconds`,
        offset: t.startOffset,
        length: image.length,
        expected: ['integer'],
      });
    }
  }
  const value = t.payload as number;
  if (value > MAX_EPOCH_SECONDS) {
    const seconds = Math.floor(value / 1000);
    const init = {
      code: 'timestamp_too_large' as const,
      message: `found ${image}, which is above 10^11 seconds (the year 5138); timestamps are in seconds`,
      offset: t.startOffset,
      length: image.length,
    };
    return diagnostic(
      text,
      seconds <= MAX_EPOCH_SECONDS
        ? { ...init, hint: `this looks like milliseconds; in seconds it is ${seconds}` }
        : init,
    );
  }
  return undefined;
}

function syntaxDiagnostic(
  text: string,
  expected: string,
  found: Token | undefined,
  tokens: Token[],
): Diagnostic {
  if (found?.problem !== undefined) return diagnostic(text, found.problem);
  const offset = found === undefined ? text.length : found.startOffset;
  const length = found === undefined ? 0 : found.image.length;
  const what = found === undefined ? 'end of input' : quoteForMessage(found.image);
  switch (expected) {
    case 'Identifier':
      if (tokens.length === 0) {
        return diagnostic(text, {
          code: 'empty_input',
          message: "the period is empty, expected 'start=<epoch seconds>,end=<epoch seconds>'",
          offset,
          length,
          expected: ['start', 'end'],
        });
      }
      return diagnostic(text, {
        code: 'invalid_key',
        message: `found ${what}, expected 'start' or 'end'`,
        offset,
        length,
        expected: tokens.length > 4 ? [otherKey(tokens[0]!)] : ['start', 'end'],
      });
    case 'Equals':
      return diagnostic(text, {
        code: 'missing_equals',
        message: `found ${what}, expected '=' after the key`,
        offset,
        length,
        expected: ['='],
      });
    case 'Number':
      return diagnostic(text, {
        code: 'invalid_timestamp',
        message: `found ${what}, expected a whole non-negative number of epoch seconds`,
        offset,
        length,
        expected: ['integer'],
      });
    case 'Comma':
      if (found === undefined) {
        const missing = otherKey(tokens[0]!);
        return diagnostic(text, {
          code: 'missing_key',
          message: `found end of input, expected ',${missing}=<epoch seconds>'`,
          offset,
          length,
          expected: [','],
        });
      }
      return diagnostic(text, {
        code: 'missing_comma',
        message: `found ${what}, expected ','`,
        offset,
        length,
        expected: [','],
      });
    default:
      return diagnostic(text, {
        code: 'trailing_input',
        message: `found ${what} after the period, expected the end of input`,
        offset,
        length,
      });
  }
}

/** Epoch seconds as the UTC date-time a user types (`2026-11-29T00:00:00Z`), beside the number. */
function isoSeconds(seconds: number): string {
  const date = new Date(seconds * 1000);
  return Number.isNaN(date.getTime()) ? String(seconds) : date.toISOString().replace('.000Z', 'Z');
}
