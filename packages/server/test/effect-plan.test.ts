// How an effect changes the data, read off each metric's expression: a sum, mean or quantile of a
// column scales with it, a ratio to a count too; buffering holds play time plus rebuffering fixed;
// a count of startup failures (and the failure rate) takes more or fewer failures; a count of error
// events takes repeated events; counts of sessions or viewers and thresholded scores cannot be planted.
import { readFileSync } from 'node:fs';
import { DEFAULT_CATALOGUE } from '@playq/query';
import { describe, expect, it } from 'vitest';
import { PLANTABLE_METRICS, plantPlan } from '../src/index';

describe('plantPlan', () => {
  it('scales the one column a mean, quantile or sum reads', () => {
    for (const m of ['latency', 'avg_latency', 'median_latency', 'p95_latency', 'p99_latency'])
      expect(plantPlan(m)).toEqual({ changes: 'columns', scaled: ['startup_ms'] });
    expect(plantPlan('playdur')).toEqual({ changes: 'columns', scaled: ['watch_ms'] });
    expect(plantPlan('cbrsize')).toEqual({ changes: 'columns', scaled: ['bytes_downloaded'] });
    expect(plantPlan('buffcount')).toEqual({ changes: 'columns', scaled: ['rebuffer_count'] });
  });

  it('scales the numerator of a ratio to a count of sessions or viewers', () => {
    expect(plantPlan('cdn_change_rate')).toEqual({ changes: 'columns', scaled: ['cdn_changes'] });
    expect(plantPlan('avg_playtime_by_audience')).toEqual({ changes: 'columns', scaled: ['watch_ms'] });
    expect(plantPlan('playtimeperunique')).toEqual({ changes: 'columns', scaled: ['watch_ms'] });
  });

  it('holds play time plus rebuffering fixed for a buffering ratio, and scales both for their sum', () => {
    expect(plantPlan('bufferingratio')).toEqual({
      changes: 'columns',
      scaled: ['rebuffer_ms'],
      balance: 'watch_ms',
    });
    expect(plantPlan('cirrbufferingratio')).toEqual({
      changes: 'columns',
      scaled: ['rebuffer_ms'],
      balance: 'watch_ms',
    });
    expect(plantPlan('totalduration')).toEqual({ changes: 'columns', scaled: ['watch_ms', 'rebuffer_ms'] });
  });

  it('turns plays into startup failures (or back) for the failure count and rate', () => {
    expect(plantPlan('failurerate')).toEqual({ changes: 'failures' });
    expect(plantPlan('totalstartupfailure')).toEqual({ changes: 'failures' });
  });

  it('repeats or drops error events for the counts of error events', () => {
    expect(plantPlan('errors')).toEqual({ changes: 'events' });
    expect(plantPlan('fatalerrors')).toEqual({ changes: 'events' });
  });

  it('finds no plan for counts of sessions, distinct viewers, concurrency and the thresholded score', () => {
    for (const m of ['attempts', 'viewercount', 'endedplays', 'users', 'unique_subscribers', 'concurviewavg'])
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
    expect(PLANTABLE_METRICS).toHaveLength(18);
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
