// Raw HTTP/1.1 over 127.0.0.1 for tests of the listener's own answers: bytes in, the answer's
// status, header block and body out (a reset reported, not thrown).
import { connect } from 'node:net';

export interface RawAnswer {
  readonly status: number | undefined;
  readonly headers: string;
  readonly body: string;
  readonly reset: boolean;
}

/** Writes raw bytes, then reads until the server closes; a reset is reported, not thrown. */
export function raw(port: number, bytes: Buffer | string, end = true): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let reset = false;
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', () => {
      reset = true;
    });
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const split = text.indexOf('\r\n\r\n');
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]) || undefined,
        headers: split < 0 ? text : text.slice(0, split),
        body: split < 0 ? '' : text.slice(split + 4),
        reset,
      });
    });
    socket.on('connect', () => socket.write(bytes, () => end && socket.end()));
  });
}
