// The root of the client's error hierarchy. Every class carries a `Symbol.for` brand on its
// prototype so `isInstance` works across duplicate installs of the package, where `instanceof`
// would fail because each copy has its own class objects.

const BRAND_PREFIX = 'playq.error.';

/** The brand symbol of an error class, shared across every copy of this package. */
export function errorBrand(name: string): symbol {
  return Symbol.for(BRAND_PREFIX + name);
}

/** Whether `value` carries a brand, own or inherited. @internal */
export function hasBrand(value: unknown, brand: symbol): boolean {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[brand] === true;
}

type AnyErrorClass = abstract new (...args: never[]) => PlayqError;

/**
 * Marks a class's prototype with its brand and name, both non-enumerable, so serialising an error
 * shows only its data.
 * @internal
 */
export function brandClass(cls: AnyErrorClass & { readonly brand: symbol }, name: string): void {
  Object.defineProperty(cls.prototype, cls.brand, { value: true, enumerable: false });
  Object.defineProperty(cls.prototype, 'name', { value: name, enumerable: false, writable: true });
}

export interface PlayqErrorOptions {
  readonly cause?: unknown;
}

/**
 * Base class of every error this client throws.
 *
 * @example
 * ```ts
 * try {
 *   await client.run(query);
 * } catch (error) {
 *   if (PlayqError.isInstance(error)) console.error(error.message);
 * }
 * ```
 */
export class PlayqError extends Error {
  static readonly brand: symbol = errorBrand('PlayqError');

  constructor(message: string, options: PlayqErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    // `cause` is set by the Error constructor as an own, non-enumerable property; keep it that way.
  }

  /**
   * The error as plain data for structured logs: name, message and its own fields (never the
   * cause, which may be a foreign object).
   *
   * @example
   * ```ts
   * logger.error(JSON.stringify(error)); // {"name":"PlayqNotFoundError","message":"...","status":404,...}
   * ```
   */
  toJSON(): Record<string, unknown> {
    return { name: this.name, message: this.message, ...Object.fromEntries(Object.entries(this)) };
  }

  /**
   * True when `value` is an instance of this class (or a subclass), from any copy of the package.
   *
   * @example
   * ```ts
   * if (PlayqRateLimitError.isInstance(error)) await sleep(error.retryAfter ?? 1);
   * ```
   */
  static isInstance(value: unknown): value is PlayqError {
    return hasBrand(value, PlayqError.brand);
  }
}
brandClass(PlayqError, 'PlayqError');
