// What an HTTP header can carry, checked before `Headers` sees a value: `Headers` trims
// surrounding whitespace silently and throws on NUL or non-Latin-1 with the value in its message,
// so a credential is checked here and refused with a message that says where, never what.

/**
 * Why `value` cannot be sent as a credential header as it is, or undefined when it can. The
 * answer names a position and a character class, never the value. With `latin1: false` (a value
 * that is encoded before it is sent) any character but controls is accepted.
 * @internal
 */
export function headerValueProblem(value: string, options: { latin1?: boolean } = {}): string | undefined {
  if (value === '') return 'is empty';
  if (/^[ \t]|[ \t]$/.test(value)) {
    return 'has leading or trailing whitespace, which HTTP drops (so the service would see a different value): remove it';
  }
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) {
      const what = code === 0x0a || code === 0x0d ? 'a line break' : 'a control character';
      return `contains ${what} (U+${code.toString(16).toUpperCase().padStart(4, '0')}) at index ${i}`;
    }
    if (code > 0xff && options.latin1 !== false)
      return `contains a character an HTTP header cannot carry (beyond U+00FF) at index ${i}`;
  }
  return undefined;
}

// RFC 9110 section 5.6.2: a field name is a token.
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Whether `name` is a valid header name. @internal */
export function isHeaderName(name: string): boolean {
  return TOKEN.test(name);
}
