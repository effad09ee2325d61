// The words of each query parameter: its line of help (the CLI's flags, `explain`), what its value
// looks like, what `explain` calls it and what a query missing a required one is told. Keyed by
// the parameter's name and typed by it, so a parameter without words is a type error; they live
// beside the codec rows so that browser bundles that only build URLs do not carry them.
import { DEFAULT_LIMITS } from '../limits';
import { DEFAULT_LIMIT, DEFAULT_OFFSET } from '../model';
import type { ParameterHelp } from './parameter';
import type { ParameterName } from './parameter-codecs';

/** The words of each parameter, by name. @internal */
export const PARAMETER_HELP: { readonly [N in ParameterName]: ParameterHelp } = {
  planlevel: {
    help: 'session endpoint: the plan level (looked up when omitted)',
    placeholder: '<level>',
    label: 'plan level',
    requiredMessage: 'The session endpoint requires planlevel (the customer plan level from the plan host).',
  },
  period: {
    help: "the period, 'start=<epoch_s>,end=<epoch_s>'",
    placeholder: '<period>',
    requiredMessage: 'period is required: start=<epoch_seconds>,end=<epoch_seconds>.',
  },
  metrics: {
    help: 'comma-separated metrics, e.g. errors,users',
    placeholder: '<names>',
    requiredMessage: 'metrics is required: a comma-separated list of metric names.',
  },
  aggby: {
    help: 'comma-separated dimensions, or timestamp',
    placeholder: '<names>',
  },
  granularity: {
    help: 'time-series bucket (default auto: from the period length)',
    placeholder: '<unit>',
  },
  agg: {
    help: 'session endpoint: 1 aggregates by aggby, 2 lists error events',
    placeholder: '<mode>',
    requiredMessage: 'The session endpoint requires agg: 1 (aggregate) or 2 (one record per error).',
  },
  sessiontype: {
    help: 'sessions in the period by their end (default) or start',
    placeholder: '<type>',
  },
  allstatus: {
    help: 'count sessions of every status, running and loading ones too',
    placeholder: '<0|1>',
  },
  concurrency: {
    help: 'concurrency=1: every session active in the window (no avg_/p95_ metrics)',
    placeholder: '<0|1>',
  },
  businesserror: {
    help: 'errors and fatalerrors count business errors too',
    placeholder: '<true|false>',
  },
  filter: {
    help: "dimension filter, e.g. '[country=US|FR]'",
    placeholder: '<filter>',
  },
  qoefilter: {
    help: "metric conditions, e.g. 'bufferingratio>5 AND latency<2'",
    placeholder: '<conditions>',
  },
  orderby: {
    help: 'a requested metric or dimension, or timestamp',
    placeholder: '<name>',
  },
  order: {
    help: 'sort direction',
    placeholder: '<order>',
  },
  limit: {
    help: `page size, 1 to ${DEFAULT_LIMITS.maxLimit} (default ${DEFAULT_LIMIT})`,
    placeholder: '<n>',
  },
  offset: {
    help: `records to skip (default ${DEFAULT_OFFSET})`,
    placeholder: '<n>',
  },
};
