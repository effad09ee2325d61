// Reads a small request body (the token endpoint's form) with a size cap, so a client cannot make
// the service buffer an unbounded body: over the cap is 413, decided before or while reading.
import { problemResponse } from './problem';

/** The largest body the token endpoint reads, in bytes. */
export const MAX_FORM_BYTES = 8_192;

/** The body as text, or a 413 problem when it is larger than `max` bytes. */
export async function readCappedText(request: Request, max = MAX_FORM_BYTES): Promise<string | Response> {
  const tooLarge = () =>
    problemResponse(413, 'payload_too_large', `The request body is larger than ${max} bytes.`);
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > max) return tooLarge();
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      return tooLarge();
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}
