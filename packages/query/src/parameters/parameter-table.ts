// The parameter table: one row per query parameter, in canonical URL order, each its codec half
// (parameter-codecs.ts: endpoints, required, default, decode/encode, values or bounds, problem
// code) joined with its words (parameter-help.ts). The URL printer and parser, plain-value
// validation, the builder's empty state, the CLI's flags and `explain` are derived from it, so
// adding a plain parameter is one row here (plus its meaning in the service).
import type { Parameter } from './parameter';
import type { ParameterName } from './parameter-codecs';
import { PARAMETER_CODECS } from './parameter-codecs';
import { PARAMETER_HELP } from './parameter-help';

export { PARAMETER_ORDER, type ParameterName } from './parameter-codecs';

/**
 * The query parameters in canonical URL order, each with the endpoints it applies to, whether it
 * is required, its default, how its text is read and printed, its allowed values or bounds, the
 * problem code of a bad value and one line of help.
 */
export const PARAMETERS = Object.freeze(
  PARAMETER_CODECS.map((codec) => Object.freeze({ ...codec, ...PARAMETER_HELP[codec.name] })),
) satisfies readonly Parameter[];

/**
 * The switches that choose a query's session population beside its period, filter and qoefilter
 * (what a drill-down from an aggregate to its sessions keeps).
 */
export const POPULATION_SWITCHES = Object.freeze([
  'sessiontype',
  'allstatus',
  'concurrency',
  'businesserror',
] as const) satisfies readonly ParameterName[];
