// One wording for an unknown name in a filter or qoefilter, whether the text parsed or not: checkText
// reports names written before a grammar error itself, and validation reports them in parsed text;
// both print unknownNameMessage's sentence.
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { checkText, DEFAULT_CATALOGUE, isDimension, isMetric, unknownNameMessage } from '../src/index';

describe('an unknown name reads the same in finished and unfinished text', () => {
  it('filter: [contry=US] and [contry=US', () => {
    const finished = checkText('filter', '[contry=US]');
    const unfinished = checkText('filter', '[contry=US');
    expect(finished[0]?.message).toBe('filter: Unknown dimension "contry"; did you mean "country"?');
    expect(unfinished[0]?.message).toBe(finished[0]?.message);
  });

  it('qoefilter: latncy>1 and latncy>', () => {
    const finished = checkText('qoefilter', 'latncy>1');
    const unfinished = checkText('qoefilter', 'latncy>');
    expect(finished[0]?.message).toBe('qoefilter: Unknown metric "latncy"; did you mean "latency"?');
    expect(unfinished[0]?.message).toBe(finished[0]?.message);
  });

  const identifier = fc.stringMatching(/^[a-z][a-z0-9_]{0,11}$/);
  test.prop([identifier])('for any unknown dimension, both paths print unknownNameMessage', (name) => {
    fc.pre(!isDimension(name) && !isMetric(name));
    const expected = `filter: ${unknownNameMessage('dimension', name, [...DEFAULT_CATALOGUE.dimensionNames]).message}`;
    expect(checkText('filter', `[${name}=x]`)[0]?.message).toBe(expected);
    expect(checkText('filter', `[${name}=x`)[0]?.message).toBe(expected);
  });

  test.prop([identifier])('for any unknown metric, both paths print unknownNameMessage', (name) => {
    fc.pre(!isDimension(name) && !isMetric(name));
    const expected = `qoefilter: ${unknownNameMessage('metric', name, [...DEFAULT_CATALOGUE.metricNames]).message}`;
    expect(checkText('qoefilter', `${name}>1`)[0]?.message).toBe(expected);
    expect(checkText('qoefilter', `${name}>`)[0]?.message).toBe(expected);
  });
});
