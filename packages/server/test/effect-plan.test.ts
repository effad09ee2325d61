// Which columns an effect changes, read off each metric's expression: a sum, mean or quantile of a
// column scales with it, a ratio to a count too; buffering holds play time plus rebuffering fixed;
// counts of sessions or events and thresholded scores cannot be planted.
import { readFileSync } from 'node:fs';
import { DEFAULT_CATALOGUE } from '@playq/query';
import { describe, expect, it } from 'vitest';
import { PLANTABLE_METRICS, plantPlan } from '../src/index';

describe('plantPlan', () => {
  it('scales the one column a mean, quantile or sum reads', () => {
    for (const m of ['latency', 'avg_latency', 'median_latency', 'p95_latency', 'p99_latency'])
      expect(plantPlan(m)).toEqual({ scaled: ['startup_ms'] });
    expect(plantPlan('playdur')).toEqual({ scaled: ['watch_ms'] });
    expect(plantPlan('cbrsize')).toEqual({ scaled: ['bytes_downloaded'] });
    expect(plantPlan('buffcount')).toEqual({ scaled: ['rebuffer_count'] });
  });

  it('scales the numerator of a ratio to a count of sessions or viewers', () => {
    expect(plantPlan('cdn_change_rate')).toEqual({ scaled: ['cdn_changes'] });
    expect(plantPlan('avg_playtime_by_audience')).toEqual({ scaled: ['watch_ms'] });
    expect(plantPlan('playtimeperunique')).toEqual({ scaled: ['watch_ms'] });
  });

  it('holds play time plus rebuffering fixed for a buffering ratio, and scales both for their sum', () => {
    expect(plantPlan('bufferingratio')).toEqual({ scaled: ['rebuffer_ms'], balance: 'watch_ms' });
    expect(plantPlan('cirrbufferingratio')).toEqual({ scaled: ['rebuffer_ms'], balance: 'watch_ms' });
    expect(plantPlan('totalduration')).toEqual({ scaled: ['watch_ms', 'rebuffer_ms'] });
  });

  it('finds no plan for counts, distinct viewers, error events and the thresholded score', () => {
    for (const m of [
      'attempts',
      'viewercount',
      'failurerate',
      'users',
      'errors',
      'fatalerrors',
      'concurviewavg',
    ])
      expect(plantPlan(m)).toBeUndefined();
    for (const m of [
      'qualityofexperience',
      'avg_qualityofexperience',
      'median_qualityofexperience',
      'nosuch',
    ])
      expect(plantPlan(m)).toBeUndefined();
  });

  it('lists the plantable metrics in catalogue order', () => {
    const order = Object.keys(DEFAULT_CATALOGUE.metrics);
    expect(PLANTABLE_METRICS.map((m) => order.indexOf(m))).toEqual(
      [...PLANTABLE_METRICS.map((m) => order.indexOf(m))].sort((a, b) => a - b),
    );
    expect(PLANTABLE_METRICS).toHaveLength(14);
  });

  it('are the metrics docs/testing.md lists as plantable', () => {
    const page = readFileSync(new URL('../../../docs/testing.md', import.meta.url), 'utf8').replace(
      /\s+/g,
      ' ',
    );
    const listed = /The metrics that can be planted are (.*?) \(`PLANTABLE_METRICS`/.exec(page)?.[1];
    expect(listed?.match(/`([a-z_0-9]+)`/g)?.map((m) => m.slice(1, -1))).toEqual([...PLANTABLE_METRICS]);
  });
});
