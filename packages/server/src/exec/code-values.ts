// The values a plan's coded dimension columns are decoded through when records are written: the
// engine's small dictionaries, and the large ones it keeps, read on first use.

import type { PackedValues } from '../data/packed-values';
import type { Engine } from '../engine/engine';
import { isSmallDimension, type ServerDimension } from '../sql/dimension-sql';
import type { CodeValues } from './record-block';

/**
 * The values the records of `columns` are decoded through, large dictionaries read first if they
 * were not yet. A column whose large dictionary the engine does not offer is refused (a plan made
 * for other data): never written as "".
 */
export async function codeValues(
  engine: Engine,
  columns: readonly { readonly decode?: ServerDimension }[],
): Promise<CodeValues> {
  const large = new Map<ServerDimension, PackedValues>();
  for (const { decode } of columns) {
    if (decode === undefined || isSmallDimension(decode) || large.has(decode)) continue;
    const dictionary = engine.largeDictionary?.(decode);
    if (dictionary === undefined)
      throw new Error(`internal: the plan decodes ${decode}, whose values the engine does not keep`);
    large.set(decode, await dictionary.values());
  }
  return (d) => (isSmallDimension(d) ? engine.dictionary(d)?.values : large.get(d));
}
