// The lines `playq mcp` reads over stdio, each bounded in size: a message longer than the limit is
// dropped as it arrives (never buffered whole) and answered with a JSON-RPC error, and the server
// goes on with the next line. Without it the SDK's transport would close on such a line, and the
// process would end with no word to the host.
import { Transform, type TransformCallback } from 'node:stream';

/** The longest message line read over stdio: 10 MiB. */
export const MAX_STDIO_LINE_BYTES = 10 * 1024 * 1024;

/**
 * A stream of whole lines from stdin, with any line over `maxBytes` left out; `onTooLarge` is told
 * once per such line, when its size passes the limit.
 *
 * @example
 * process.stdin.pipe(boundedLines(MAX_STDIO_LINE_BYTES, () => reportTooLarge()));
 */
export function boundedLines(maxBytes: number, onTooLarge: () => void): Transform {
  let parts: Buffer[] = [];
  let size = 0;
  let dropping = false;
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      let from = 0;
      while (from < chunk.length) {
        const newline = chunk.indexOf(0x0a, from);
        const end = newline === -1 ? chunk.length : newline + 1;
        const piece = chunk.subarray(from, end);
        from = end;
        if (!dropping) {
          size += piece.length;
          if (size - (newline === -1 ? 0 : 1) > maxBytes) {
            dropping = true;
            parts = [];
            onTooLarge();
          } else {
            parts.push(piece);
          }
        }
        if (newline !== -1) {
          if (!dropping) this.push(Buffer.concat(parts));
          parts = [];
          size = 0;
          dropping = false;
        }
      }
      done();
    },
    flush(done: TransformCallback) {
      if (!dropping && parts.length > 0) this.push(Buffer.concat(parts));
      done();
    },
  });
}

/**
 * The JSON-RPC error line answering a message that was too large (its id is unknown: it was never
 * read, so `id` is null, as JSON-RPC has it for a request that could not be read).
 */
export function tooLargeReply(maxBytes: number): string {
  const message = `message too large: a line over stdio may hold at most ${maxBytes / (1024 * 1024)} MiB; it was dropped unread`;
  return `${JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32600, message } })}\n`;
}
