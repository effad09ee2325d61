// A few ANSI styles, switched on only for a terminal and never under NO_COLOR
// (https://no-color.org), so piped output and logs stay plain text.

export interface Colors {
  readonly enabled: boolean;
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  cyan(text: string): string;
}

const wrap =
  (enabled: boolean, open: number, close: number) =>
  (text: string): string =>
    enabled && text !== '' ? `\u001b[${open}m${text}\u001b[${close}m` : text;

/**
 * Decides whether a stream gets colours: `NO_COLOR` (any non-empty value) always wins, then
 * `FORCE_COLOR` (non-empty and not `0`), then whether the stream is a terminal.
 *
 * @example
 * shouldColor({ isTTY: true }, { NO_COLOR: '1' }); // false
 */
export function shouldColor(
  stream: { readonly isTTY?: boolean | undefined },
  env: Readonly<Record<string, string | undefined>>,
): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '' && env.FORCE_COLOR !== '0') return true;
  return stream.isTTY === true;
}

/**
 * Builds the colour helpers; with `enabled` false every helper returns its input unchanged.
 *
 * @example
 * createColors(false).red('x'); // 'x'
 */
export function createColors(enabled: boolean): Colors {
  return {
    enabled,
    bold: wrap(enabled, 1, 22),
    dim: wrap(enabled, 2, 22),
    red: wrap(enabled, 31, 39),
    green: wrap(enabled, 32, 39),
    yellow: wrap(enabled, 33, 39),
    cyan: wrap(enabled, 36, 39),
  };
}

const ANSI = /\u001b\[[0-9;]*m/g;

/**
 * The text without ANSI colour codes, e.g. to measure its visible width.
 *
 * @example
 * stripAnsi(createColors(true).red('x')); // 'x'
 */
export function stripAnsi(text: string): string {
  return text.replace(ANSI, '');
}
