// Text from outside the CLI (a service's records and problem details, a pasted URL, a catalogue
// file) made harmless for a terminal: control characters and bidirectional overrides become visible
// escapes, so no OSC 52 clipboard write, OSC 8 link, cursor move or forged line can reach the screen.

// C0 controls, DEL, C1 controls, the Arabic letter mark, LRM/RLM, the line and paragraph separators,
// the bidirectional embeddings and overrides (U+202A–U+202E) and isolates (U+2066–U+2069).
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;

const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function escapeOne(char: string): string {
  const named = NAMED[char];
  if (named !== undefined) return named;
  const code = char.charCodeAt(0);
  return code <= 0xff
    ? `\\x${code.toString(16).padStart(2, '0')}`
    : `\\u${code.toString(16).padStart(4, '0')}`;
}

/**
 * `text` with every control character (line breaks and tabs included) and every bidirectional
 * control written as a visible escape; use it on any one-line value from outside the CLI.
 *
 * @example
 * terminalText('US\u001b]52;c;aGk=\u0007'); // 'US\\x1b]52;c;aGk=\\x07'
 * terminalText('detail\nerror: forged'); // 'detail\\nerror: forged'
 */
export function terminalText(text: string): string {
  return text.replace(UNSAFE, escapeOne);
}

// The same set less line breaks and tabs, which an echoed input keeps for its lines and caret.
const UNSAFE_IN_LINE =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;

/**
 * `text` with each unsafe character but line breaks and tabs replaced by one `␣` (as the grammar
 * shows controls), so offsets into it still point at the same place: for echoing an input above
 * a caret.
 *
 * @example
 * sameWidthText('[country=\u202eSU]'); // '[country=␣SU]'
 */
export function sameWidthText(text: string): string {
  return text.replace(UNSAFE_IN_LINE, '\u2423');
}

// JSON.stringify already escapes C0 controls; these are the rest a terminal could act on.
const UNSAFE_IN_JSON = /[\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;

/**
 * `JSON.stringify(value, null, space)` with every character a terminal could act on written as a
 * `\uXXXX` escape: the same JSON value, safe to print.
 *
 * @example
 * safeJson({ country: '\u202eSU' }); // '{"country":"\\u202eSU"}'
 */
export function safeJson(value: unknown, space?: number): string {
  return JSON.stringify(value, null, space).replace(
    UNSAFE_IN_JSON,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

// What the CLI itself writes to a terminal: SGR colour codes, line breaks (CRLF for CSV) and tabs.
const OWN = /\u001b\[[0-9;]*m|\r\n|[\n\t]/y;

/**
 * The last line of defence for a terminal stream: escapes every control character except the
 * CLI's own colour codes, line breaks and tabs. Values from outside are escaped before they are
 * placed in a line (see `terminalText`); this catches whatever path forgets to.
 *
 * @example
 * guardTerminal('\u001b[1mok\u001b[22m \u001b]8;;http://x\u0007'); // keeps the bold, escapes the link
 */
export function guardTerminal(text: string): string {
  return text.replace(UNSAFE, (char, offset: number) => {
    OWN.lastIndex = offset;
    return OWN.test(text) ? char : escapeOne(char);
  });
}
