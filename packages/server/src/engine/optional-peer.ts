// Loads an optional peer dependency (chdb, @clickhouse/client) only when its engine is chosen: an
// install without it works, and choosing the engine without it says the one line that installs it.

/** Raised when an engine's package is not installed. */
export class MissingEngineError extends Error {
  override readonly name = 'MissingEngineError';
  constructor(
    readonly packageName: string,
    readonly engine: string,
  ) {
    super(
      `@playq/server: the ${engine} engine needs the package ${packageName}; install it with: npm install ${packageName}`,
    );
  }
}

/** Imports `name`, or throws `MissingEngineError` when it is not installed. */
export async function importPeer<T>(name: string, engine: string): Promise<T> {
  try {
    return (await import(name)) as T;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND')
      throw new MissingEngineError(name, engine);
    throw error;
  }
}
