// validateEnvelope judges a deployment's own metrics by its catalogue: a number where the default
// catalogue would expect a session string field, and a unit rule from the catalogue.
import { createQueries, DEFAULT_CATALOGUE, extendCatalogue } from '@playq/query';
import { describe, expect, it } from 'vitest';
import { validateEnvelope } from '../src/contract/validate-envelope';

const mine = extendCatalogue(DEFAULT_CATALOGUE, {
  metrics: { ad_impressions: { unit: 'count', level: 'group', description: 'Ads shown.' } },
});
const q = createQueries(mine)
  .sessionQuery('demo')
  .planLevel('2')
  .agg(1)
  .between(0, 3600)
  .metrics('ad_impressions')
  .toQuery();
const page = (value: unknown) => ({
  totalcount: 1,
  pagecount: 1,
  totalrecords: 1,
  response: [{ ad_impressions: value, totalpages: 1 }],
});

describe('validateEnvelope with a catalogue', () => {
  it('takes a user metric as a number only when given the catalogue', () => {
    expect(validateEnvelope(q, page(4), { catalogue: mine })).toEqual([]);
    expect(validateEnvelope(q, page(4)).map((f) => f.message)).toEqual([
      expect.stringContaining('dimension `ad_impressions` is not a string'),
    ]);
  });

  it('applies the unit of the catalogue (a count is an integer)', () => {
    expect(validateEnvelope(q, page(1.5), { catalogue: mine }).map((f) => f.message)).toEqual([
      expect.stringContaining('count metric `ad_impressions` is not an integer'),
    ]);
  });
});
