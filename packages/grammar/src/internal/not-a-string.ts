// Untyped callers (JavaScript, JSON input) may hand a parser anything; they get a diagnostic, not a
// TypeError, because parsers never throw.

import type { Diagnostic } from '../diagnostic';
import { diagnostic } from '../diagnostics';

/** @internal Untyped callers may pass anything; answer with a diagnostic rather than a TypeError. */
export function notAString(text: unknown): { ok: false; errors: Diagnostic[] } {
  return {
    ok: false,
    errors: [
      diagnostic('', {
        code: 'empty_input',
        message: `expected a string, found ${text === null ? 'null' : typeof text}`,
        offset: 0,
        length: 0,
      }),
    ],
  };
}
