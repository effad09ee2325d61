// Small character-level helpers shared by the lexers, the serializers and the packages above
// (the query layer prints numbers and names the same way the grammar does).

/** @internal */
export function isIdentStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
}

/** @internal */
export function isIdentPart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || (c >= 48 && c <= 57);
}

/** @internal */
export function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** @internal Space, tab, line feed, carriage return: the whitespace allowed between tokens. */
export function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

/** @internal C0 and C1 control characters, which no value may contain. */
export function isControl(c: number): boolean {
  return c < 32 || (c >= 127 && c <= 159);
}

/**
 * Whether `s` is an identifier: `[A-Za-z_][A-Za-z0-9_]*`, the shape of dimension and metric names.
 *
 * @example
 * ```ts
 * isIdentifier('country'); // true
 * isIdentifier('2fa');     // false
 * ```
 */
export function isIdentifier(s: string): boolean {
  if (s.length === 0 || !isIdentStart(s.charCodeAt(0))) return false;
  for (let i = 1; i < s.length; i++) if (!isIdentPart(s.charCodeAt(i))) return false;
  return true;
}

/**
 * The canonical text of a finite number: the shortest text that reads back as the same double,
 * with `-0` written `0`. Throws a `RangeError` for `NaN` and infinities, which no grammar accepts.
 *
 * @example
 * ```ts
 * formatNumber(2.50); // '2.5'
 * formatNumber(-0);   // '0'
 * formatNumber(1e21); // '1e+21'
 * ```
 */
export function formatNumber(n: number): string {
  if (!Number.isFinite(n)) throw new RangeError(`@playq/grammar: ${String(n)} is not a finite number`);
  return n === 0 ? '0' : String(n);
}

/** @internal Quote a piece of source text for a message: `'abc'`, with control characters escaped. */
export function quoteForMessage(s: string): string {
  const shown = s.length > 24 ? s.slice(0, 24) + '…' : s;
  let out = '';
  for (let i = 0; i < shown.length; i++) {
    const c = shown.charCodeAt(i);
    if (isControl(c) || (c >= 0xd800 && c <= 0xdfff && !isPairedSurrogate(shown, i))) {
      out += '\\u' + c.toString(16).padStart(4, '0');
    } else {
      out += shown[i];
    }
  }
  return `'${out}'`;
}

/** @internal Whether the UTF-16 unit at `i` is half of a well-formed surrogate pair. */
export function isPairedSurrogate(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  if (c >= 0xd800 && c <= 0xdbff) {
    const d = s.charCodeAt(i + 1);
    return d >= 0xdc00 && d <= 0xdfff;
  }
  if (c >= 0xdc00 && c <= 0xdfff) {
    const b = s.charCodeAt(i - 1);
    return b >= 0xd800 && b <= 0xdbff;
  }
  return false;
}

/** @internal The source text of the character at `i` (both halves of a surrogate pair). */
export function charAt(s: string, i: number): string {
  const c = s.charCodeAt(i);
  if (c >= 0xd800 && c <= 0xdbff && isPairedSurrogate(s, i)) return s.slice(i, i + 2);
  return s.charAt(i);
}
