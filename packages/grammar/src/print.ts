// @playq/grammar/print: the serializers of the three mini-languages and the text rules they use,
// without the parsers. A builder that only prints URLs imports this entry, so a browser bundle
// of it does not carry the chevrotain parsers.

export type * from './ast';
export { serializeFilter, serializeFilterValue } from './filter/serialize';
export { MAX_EPOCH_SECONDS } from './period/bounds';
export { serializePeriod } from './period/serialize';
export { COMPARISON_OPERATORS } from './qoefilter/operators';
export { serializeQoeFilter } from './qoefilter/serialize';
export { formatNumber, isIdentifier } from './text';
