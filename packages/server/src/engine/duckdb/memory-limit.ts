// The one value of a caller's that reaches DuckDB's settings, checked before it does.

/**
 * @internal Checks a DuckDB memory limit (e.g. `'512MB'`, `'2GB'`), refusing any other text: it is
 * the one value of a caller's that reaches DuckDB's settings.
 */
export function checkMemoryLimit(limit: string): string {
  if (typeof limit !== 'string' || !/^\d+(\.\d+)?\s*(B|KB|MB|GB|TB|KiB|MiB|GiB|TiB)$/i.test(limit)) {
    throw new RangeError(`@playq/server: memoryLimit must look like '512MB', got ${JSON.stringify(limit)}`);
  }
  return limit;
}
