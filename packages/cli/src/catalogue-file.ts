// `--catalogue <file.json>`: a deployment's own names, read from JSON and added to the default
// catalogue (or, with "base": "none", used alone). Problems are reported the way @playq/query
// words them, each with the file name, and end the command with exit code 2.
import { readFileSync } from 'node:fs';
import {
  type AnyCatalogue,
  catalogueProblems,
  DEFAULT_CATALOGUE,
  defineCatalogue,
  extendCatalogue,
} from '@playq/query';
import { Option } from 'commander';
import { usageError } from './errors';

/** The `--catalogue` option, for every command that checks names. */
export function catalogueOption(): Option {
  return new Option(
    '--catalogue <file.json>',
    'extra metrics and dimensions: { "metrics": {...}, "dimensions": {...} } (see docs/catalogue.md)',
  );
}

/**
 * The catalogue a command checks names against: the default one, extended by the file if given.
 *
 * @example
 * loadCatalogue('names.json'); // DEFAULT_CATALOGUE plus the file's metrics and dimensions
 */
export function loadCatalogue(path: string | undefined): AnyCatalogue {
  if (path === undefined) return DEFAULT_CATALOGUE;
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw usageError(`--catalogue ${path}: ${reason}`);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw usageError(`--catalogue ${path}: expected an object { "metrics": {...}, "dimensions": {...} }`);
  }
  const { base = 'default', metrics = {}, dimensions = {} } = json as Record<string, unknown>;
  if (base !== 'default' && base !== 'none') {
    throw usageError(`--catalogue ${path}: "base" is "default" (extend the public dictionary) or "none"`);
  }
  const full =
    base === 'none'
      ? { metrics, dimensions }
      : {
          metrics: { ...DEFAULT_CATALOGUE.definition.metrics, ...(metrics as object) },
          dimensions: { ...DEFAULT_CATALOGUE.definition.dimensions, ...(dimensions as object) },
        };
  const problems = catalogueProblems(full);
  if (problems.length > 0) throw usageError(`--catalogue ${path}: ${problems.join(' ')}`);
  const clash = base === 'default' ? redefined(metrics, dimensions) : [];
  if (clash.length > 0) {
    throw usageError(`--catalogue ${path}: the default catalogue already defines ${clash.join(', ')}`);
  }
  return base === 'none'
    ? defineCatalogue(full as never)
    : extendCatalogue(DEFAULT_CATALOGUE, { metrics, dimensions } as never);
}

function redefined(metrics: unknown, dimensions: unknown): string[] {
  return [
    ...Object.keys(metrics as object).filter((n) => Object.hasOwn(DEFAULT_CATALOGUE.definition.metrics, n)),
    ...Object.keys(dimensions as object).filter((n) =>
      Object.hasOwn(DEFAULT_CATALOGUE.definition.dimensions, n),
    ),
  ];
}
