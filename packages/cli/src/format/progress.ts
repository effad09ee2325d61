// A one-line progress bar for multi-page fetches, redrawn in place with a carriage return. It is
// only ever shown on a terminal: in a pipe or a log it would be noise.

export interface ProgressStream {
  write(text: string): unknown;
  readonly isTTY?: boolean | undefined;
}

export interface Progress {
  /** Records arrived so far out of `total` (the result's `totalrecords`). */
  update(done: number, total: number): void;
  /** Erases the bar so that what follows starts on a clean line. */
  done(): void;
}

const NOOP: Progress = { update() {}, done() {} };

/**
 * Renders the bar text for `done` of `total`, `width` cells wide.
 *
 * @example
 * progressLine(50, 100, 10); // '[#####.....]  50% 50/100 records'
 */
export function progressLine(done: number, total: number, width = 30): string {
  const ratio = total > 0 ? Math.min(1, done / total) : 1;
  const filled = Math.round(ratio * width);
  const percent = String(Math.floor(ratio * 100)).padStart(3);
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${percent}% ${done}/${total} records`;
}

/** One line of status redrawn in place (a count, a time): what `createProgress` draws its bar on. */
export interface StatusLine {
  update(text: string): void;
  /** Erases the line so that what follows starts on a clean line. */
  done(): void;
}

/**
 * A status line on `stream` when it is a terminal, otherwise one that does nothing.
 *
 * @example
 * const line = createStatusLine(process.stderr);
 * line.update('contract: 12 requests, 2.0 s');
 * line.done();
 */
export function createStatusLine(stream: ProgressStream): StatusLine {
  if (stream.isTTY !== true) return { update() {}, done() {} };
  let drawn = false;
  return {
    update(text) {
      stream.write(`\r\u001b[2K${text}`);
      drawn = true;
    },
    done() {
      if (drawn) stream.write('\r\u001b[2K');
      drawn = false;
    },
  };
}

/**
 * A progress bar on `stream` when it is a terminal, otherwise one that does nothing.
 *
 * @example
 * const bar = createProgress(process.stderr);
 * bar.update(1000, 5000);
 * bar.done();
 */
export function createProgress(stream: ProgressStream): Progress {
  if (stream.isTTY !== true) return NOOP;
  let drawn = false;
  return {
    update(done, total) {
      stream.write(`\r${progressLine(done, total)}`);
      drawn = true;
    },
    done() {
      if (drawn) stream.write('\r\u001b[2K');
      drawn = false;
    },
  };
}
