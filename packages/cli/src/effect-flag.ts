// The text of `--effect`: `<filter>:<metric>*<factor>[@<from>..<to>]`, an effect planted in
// generated data. One parser (never throws; a problem comes with its offset) and its printer; the
// filter is read by the grammar and checked against the catalogue as everywhere else.
import { formatDiagnostic, parseFilter, serializeFilter } from '@playq/grammar';
import { checkText, toEpochSeconds } from '@playq/query';
import { InvalidArgumentError } from 'commander';
import { usageError } from './errors';

/** An effect as the generator takes it (`where` in canonical filter text). */
export interface EffectSpec {
  readonly where: string;
  readonly metric: string;
  readonly factor: number;
  /** As written: epoch seconds or ISO-8601. */
  readonly from?: string;
  readonly to?: string;
}

export type EffectParse =
  | { readonly ok: true; readonly value: EffectSpec }
  | { readonly ok: false; readonly offset: number; readonly length: number; readonly message: string };

const METRIC = /^[a-z_][a-z0-9_]*/i;
const FACTOR = /^(\d+(\.\d+)?|\.\d+)([eE][+-]?\d+)?/;

/** The offset of the `:` that ends the filter: the first outside its clauses' brackets and quotes. */
function filterEnd(text: string): number {
  let quoted = false;
  let inside = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '\\') i++;
      else if (c === '"') quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === '[') inside = true;
    else if (c === ']') inside = false;
    else if (c === ':' && !inside) return i;
  }
  return -1;
}

const problem = (offset: number, length: number, message: string): EffectParse => ({
  ok: false,
  offset,
  length: Math.max(1, length),
  message,
});

/**
 * Reads an `--effect` text.
 *
 * @example
 * parseEffect('[cdn=akamai][country=BR]:bufferingratio*5');
 * // { ok: true, value: { where: '[cdn=akamai][country=BR]', metric: 'bufferingratio', factor: 5 } }
 * parseEffect('[cdn=akamai]:latency*2@2026-01-01..2026-01-02').value.from; // '2026-01-01'
 */
export function parseEffect(input: unknown): EffectParse {
  const text = typeof input === 'string' ? input : '';
  const colon = filterEnd(text);
  if (colon < 0)
    return problem(text.length, 1, 'expected <filter>:<metric>*<factor>, e.g. [country=BR]:latency*2');
  const filterText = text.slice(0, colon);
  const filter = parseFilter(filterText);
  const diagnostics = checkText('filter', filterText).filter((d) => d.severity === 'error');
  const first = diagnostics[0];
  if (first !== undefined || !filter.ok) {
    const offset = first?.offset ?? 0;
    const message = first?.message ?? 'invalid filter';
    return problem(
      offset,
      first?.length ?? 1,
      message.startsWith('filter:') ? message : `filter: ${message}`,
    );
  }
  if (filter.value.clauses.length === 0) return problem(0, colon, 'the filter names no dimension');
  let at = colon + 1;
  const metric = METRIC.exec(text.slice(at))?.[0];
  if (metric === undefined) return problem(at, 1, 'expected a metric name after ":"');
  at += metric.length;
  if (text[at] !== '*') return problem(at, 1, `expected "*" and a factor after the metric ${metric}`);
  at++;
  const factorText = FACTOR.exec(text.slice(at))?.[0];
  if (factorText === undefined) return problem(at, 1, 'expected a factor (a number such as 5 or 0.5)');
  const factor = Number(factorText);
  at += factorText.length;
  const value = { where: serializeFilter(filter.value), metric: metric.toLowerCase(), factor };
  if (at === text.length) return { ok: true, value };
  if (text[at] !== '@') return problem(at, 1, 'expected the end, or "@<from>..<to>" for a time span');
  return withSpan(text, at + 1, value);
}

function withSpan(text: string, at: number, value: EffectSpec): EffectParse {
  const dots = text.indexOf('..', at);
  if (dots < 0) return problem(text.length, 1, 'expected "<from>..<to>" after "@" (either may be left out)');
  const parts = [
    { name: 'from', text: text.slice(at, dots), offset: at },
    { name: 'to', text: text.slice(dots + 2), offset: dots + 2 },
  ] as const;
  if (parts[0].text === '' && parts[1].text === '')
    return problem(at, dots + 2 - at, 'a span names a start, an end or both');
  let span: { from?: string; to?: string } = {};
  for (const part of parts) {
    if (part.text === '') continue;
    const time = toEpochSeconds(part.text);
    if (!time.ok || part.text.trim() !== part.text)
      return problem(
        part.offset,
        part.text.length,
        `${part.name}: ${time.ok ? 'no spaces around a time' : time.message}`,
      );
    span = { ...span, [part.name]: part.text };
  }
  return { ok: true, value: { ...value, ...span } };
}

/**
 * The `--effect` text of an effect: `parseEffect(printEffect(e))` gives `e` back.
 *
 * @example
 * printEffect({ where: '[country=BR]', metric: 'latency', factor: 2, to: '1767225600' });
 * // '[country=BR]:latency*2@..1767225600'
 */
export function printEffect(e: EffectSpec): string {
  const span = e.from === undefined && e.to === undefined ? '' : `@${e.from ?? ''}..${e.to ?? ''}`;
  return `${e.where}:${e.metric}*${String(e.factor)}${span}`;
}

/** A problem of `parseEffect` as the library prints a positioned diagnostic. */
export function formatEffectProblem(text: string, p: Extract<EffectParse, { ok: false }>): string {
  return formatDiagnostic(text, {
    code: 'invalid_effect',
    message: p.message,
    severity: 'error',
    offset: p.offset,
    length: p.length,
  });
}

/**
 * Commander's parser of a repeatable `--effect`: each text read by `parseEffect`, a refusal printed
 * as a positioned diagnostic.
 *
 * @example
 * new Option('--effect <spec>').argParser(effectArg);
 */
export function effectArg(value: string, previous: readonly EffectSpec[] = []): EffectSpec[] {
  const r = parseEffect(value);
  if (!r.ok) throw new InvalidArgumentError(formatEffectProblem(value, r));
  return [...previous, r.value];
}

/**
 * Refuses, as a usage error (exit 2) with the metric positioned, an effect whose metric cannot be
 * planted, naming those that can (`PLANTABLE_METRICS` of the generator, in the library's words).
 *
 * @example
 * checkPlantable(flags.effect, server.PLANTABLE_METRICS);
 */
export function checkPlantable(
  effects: readonly EffectSpec[] | undefined,
  plantable: readonly string[],
): void {
  for (const e of effects ?? []) {
    if (plantable.includes(e.metric)) continue;
    const text = printEffect(e);
    const refusal = {
      ok: false as const,
      offset: e.where.length + 1,
      length: e.metric.length,
      message: `${JSON.stringify(e.metric)} cannot be planted; the metrics that can: ${plantable.join(', ')}`,
    };
    throw usageError(
      `option '--effect <spec>' argument '${text}' is invalid. ${formatEffectProblem(text, refusal)}`,
    );
  }
}

/** The `--effect` option of `serve` and `data generate`. */
export const EFFECT_HELP =
  "plant an effect in generated data: '<filter>:<metric>*<factor>[@<from>..<to>]', e.g. '[cdn=akamai][country=BR]:bufferingratio*5' (repeatable)";
