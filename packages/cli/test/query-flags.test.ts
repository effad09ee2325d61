// The query flags come from @playq/query's parameter table: one flag per row with the row's help,
// choices and bounds (`--concurrency-mode` the one renamed flag), and a row added to the table
// becomes a flag whose value reaches the URL without a change here.
import {
  DEFAULT_LIMITS,
  ENDPOINTS,
  PARAMETER_ORDER,
  PARAMETERS,
  type Parameter,
  type ProblemCode,
} from '@playq/query';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import {
  addQueryOptions,
  flagName,
  flagsToUrl,
  flagText,
  hasShapeFlags,
  type QueryFlags,
} from '../src/query-flags';

function commandWith(table?: readonly Parameter[]): Command {
  const command = new Command('url').exitOverride();
  addQueryOptions(command, table);
  return command;
}

const optionOf = (command: Command, flag: string) => command.options.find((o) => o.long === `--${flag}`);

describe('query flags from the parameter table', () => {
  it('offers one flag per parameter, with its help, in table order around --last and --end', () => {
    const command = commandWith();
    for (const row of PARAMETERS) {
      const option = optionOf(command, flagName(row));
      expect(option, row.name).toBeDefined();
      expect(option?.description).toBe(row.help);
    }
    const longs = command.options.map((o) => o.long!.slice(2));
    expect(longs.slice(0, 4)).toEqual(['planlevel', 'period', 'last', 'end']);
    expect(longs.filter((l) => l !== 'last' && l !== 'end').slice(0, PARAMETERS.length)).toEqual(
      PARAMETER_ORDER.map((n) => (n === 'concurrency' ? 'concurrency-mode' : n)),
    );
  });

  it('takes choices from enums, no value for switches, and bounds for integers', () => {
    const command = commandWith();
    expect(optionOf(command, 'granularity')?.argChoices).toEqual([
      'minute',
      '5minute',
      '10minute',
      'hour',
      'day',
      'auto',
    ]);
    expect(optionOf(command, 'sessiontype')?.argChoices).toEqual(['ended', 'started']);
    expect(optionOf(command, 'agg')?.argChoices).toEqual(['1', '2']);
    expect(optionOf(command, 'order')?.argChoices).toEqual(['asc', 'desc']);
    for (const flag of ['allstatus', 'concurrency-mode', 'businesserror']) {
      expect(optionOf(command, flag)?.isBoolean(), flag).toBe(true);
    }
    const parsed = command
      .parse(['--limit', String(DEFAULT_LIMITS.maxLimit), '--allstatus'], { from: 'user' })
      .opts();
    expect(parsed).toMatchObject({ limit: DEFAULT_LIMITS.maxLimit, allstatus: true });
    expect(() =>
      commandWith().parse(['--limit', String(DEFAULT_LIMITS.maxLimit + 1)], { from: 'user' }),
    ).toThrow(/from 1 to 10000/);
  });

  it('turns flags into the URL through the builder, switches into their "on" text', () => {
    const flags: QueryFlags = {
      period: 'start=0,end=3600',
      metrics: ['errors'],
      aggby: ['timestamp'],
      concurrencyMode: true,
      businesserror: true,
      sessiontype: 'started',
      limit: 10,
    };
    expect(flagsToUrl('metricquery', 'demo', flags, 'http://h/api/v1', 0)).toBe(
      'http://h/api/v1/metricquery/demo?period=start%3D0%2Cend%3D3600&metrics=errors&aggby=timestamp' +
        '&sessiontype=started&concurrency=1&businesserror=true&limit=10',
    );
    expect(hasShapeFlags({ concurrencyMode: true })).toBe(true);
    expect(hasShapeFlags({ last: 60 })).toBe(true);
    expect(hasShapeFlags({ baseUrl: 'http://h' })).toBe(false);
  });

  it('writes the URL on the endpoint asked for, every endpoint of the wire module', () => {
    for (const endpoint of ENDPOINTS) {
      const url = flagsToUrl(
        endpoint,
        'demo',
        { period: 'start=0,end=3600', metrics: ['errors'] },
        'http://h/api/v1',
        0,
      );
      expect(url.startsWith(`http://h/api/v1/${endpoint}/demo?`), url).toBe(true);
    }
  });

  it('makes a flag of a row added to the table, whose value becomes its URL text', () => {
    const sampling: Parameter = {
      ...PARAMETERS.find((p) => p.name === 'allstatus')!,
      name: 'sampling',
      code: 'invalid_sampling' as ProblemCode,
      help: 'answer from a sample of the sessions',
    };
    const command = commandWith([...PARAMETERS, sampling]);
    expect(optionOf(command, 'sampling')?.description).toBe('answer from a sample of the sessions');
    const flags = command.parse(['--sampling'], { from: 'user' }).opts() as QueryFlags;
    expect(flagText(sampling, flags)).toBe('1');
    expect(commandWith().options.some((o) => o.long === '--sampling')).toBe(false);
  });
});
