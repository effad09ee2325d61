// The scope of one attempt: its signal (the call's, plus this attempt's own timeout), the secrets
// known so far, the request URL redacted on demand, and the rule that names what went wrong when
// a wait is cut short or the transport throws.
import { PlayqNetworkError, PlayqTimeoutError } from '../errors/client-errors';
import { PlayqError } from '../errors/playq-error';
import { abortReason, linkedController } from './abort';
import { redactText, redactUrl } from './redact';

/** @internal */
export interface AttemptInit {
  readonly method: string;
  readonly url: string;
  /** Per attempt; undefined for none. */
  readonly timeoutMs: number | undefined;
  readonly secrets: () => string[];
  /** A fixed description of a transport failure, instead of the transport's own message. */
  readonly networkDetail?: string | undefined;
}

/** @internal */
export class Attempt {
  /** Aborts on the call's signal or this attempt's timeout. */
  readonly signal: AbortSignal;
  /** The answer's status, once one arrived. */
  status: number | undefined;
  #secrets: string[];
  #redacted: string | undefined;
  #timedOut = false;
  readonly #timer: ReturnType<typeof setTimeout> | undefined;
  readonly #own: ReturnType<typeof linkedController>;

  constructor(
    readonly init: AttemptInit,
    readonly outer: AbortSignal,
  ) {
    this.#own = linkedController(outer);
    this.signal = this.#own.controller.signal;
    this.#secrets = init.secrets();
    this.#timer =
      init.timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            this.#timedOut = true;
            this.#own.controller.abort();
          }, init.timeoutMs);
  }

  get secrets(): readonly string[] {
    return this.#secrets;
  }

  /** Reads the secrets again: an auth adapter may just have produced a new one. */
  refreshSecrets(): void {
    this.#secrets = this.init.secrets();
    this.#redacted = undefined;
  }

  /** The request URL fit to show; redacting parses it, so only errors and hooks pay for it. */
  url(): string {
    this.#redacted ??= redactUrl(this.init.url, this.#secrets);
    return this.#redacted;
  }

  /**
   * What a thrown error means. Which wait was cut short decides: the user's abort or the deadline
   * win over this attempt's own timeout; a PlayqError stays itself; anything else the transport
   * throws is a network failure.
   */
  classify(error: unknown): unknown {
    const { method, timeoutMs } = this.init;
    if (this.outer.aborted) return abortReason(this.outer);
    if (this.#timedOut) {
      return new PlayqTimeoutError({ kind: 'request', timeoutMs: timeoutMs!, method, url: this.url() });
    }
    if (PlayqError.isInstance(error)) return error;
    return new PlayqNetworkError({
      method,
      url: this.url(),
      detail: this.init.networkDetail ?? describeNetworkError(error, this.#secrets),
    });
  }

  dispose(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#own.dispose();
  }
}

// The transport's own message helps ("ECONNRESET", "fetch failed") but may quote the request;
// keep it short and redacted, and never attach the original error (it can hold the Request).
function describeNetworkError(error: unknown, secrets: readonly string[]): string {
  const e = error as { message?: unknown; cause?: { code?: unknown; message?: unknown } } | null;
  const parts = [e?.message, e?.cause?.code ?? e?.cause?.message].filter(
    (p): p is string => typeof p === 'string',
  );
  // Redacted before it is cut, so that a cut cannot leave half of a secret.
  return redactText(parts.join(': '), secrets).slice(0, 200) || 'network error';
}
