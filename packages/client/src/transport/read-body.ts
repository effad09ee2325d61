// Reads an answer's body as text within a size limit, counted as the bytes arrive: a service (or
// anything on the way) that sends hundreds of megabytes is stopped at the limit, not buffered whole.
import { PlayqResponseTooLargeError } from '../errors/client-errors';
import { raceSignal } from './abort';

/** The default `maxResponseBytes`: 64 MiB, far above any page the service sends. */
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

/** Where the body came from, for the error. @internal */
export interface BodyContext {
  readonly method: string;
  readonly url: () => string;
  /** Undefined for no limit. */
  readonly maxBytes: number | undefined;
  readonly signal: AbortSignal;
}

/**
 * The body of `response` as UTF-8 text (invalid sequences replaced, as `Response.text()` does).
 * A declared `Content-Length` over the limit is refused before reading; otherwise the bytes are
 * counted as they arrive and the stream is cancelled at the first chunk past the limit.
 * @internal
 */
export async function readBodyText(response: Response, context: BodyContext): Promise<string> {
  const { maxBytes, signal } = context;
  const tooLarge = () =>
    new PlayqResponseTooLargeError({
      method: context.method,
      url: context.url(),
      status: response.status,
      limitBytes: maxBytes!,
    });
  if (maxBytes === undefined || response.body === null) return raceSignal(response.text(), signal);
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.body.cancel().catch(() => {});
    throw tooLarge();
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await raceSignal(reader.read(), signal);
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) throw tooLarge();
      parts.push(decoder.decode(value, { stream: true }));
    }
  } catch (error) {
    reader.cancel().catch(() => {});
    throw error;
  }
  parts.push(decoder.decode());
  return parts.join('');
}
