// Small helpers that make every wait of the client abortable, including waits on transports that
// ignore `Request.signal` (an in-process handler, for example) and backoff sleeps.

/** The error an aborted signal stands for: its reason, or a standard AbortError. @internal */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

/** Settles like `promise`, or rejects with the signal's reason as soon as it aborts. @internal */
export function raceSignal<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) {
    promise.catch(() => {});
    return Promise.reject(abortReason(signal));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      promise.catch(() => {});
      reject(abortReason(signal));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** Waits `ms`, rejecting early with the signal's reason if it aborts. @internal */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(abortReason(signal));
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal!));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * A controller that also aborts when `parent` does, with the parent's reason. Cheaper than
 * `AbortSignal.any` per request, and `dispose` drops the listener so a long-lived parent signal
 * does not collect one per request.
 * @internal
 */
export function linkedController(parent: AbortSignal | undefined): {
  controller: AbortController;
  dispose(): void;
} {
  const controller = new AbortController();
  if (!parent) return { controller, dispose() {} };
  if (parent.aborted) {
    controller.abort(abortReason(parent));
    return { controller, dispose() {} };
  }
  const onAbort = () => controller.abort(abortReason(parent));
  parent.addEventListener('abort', onAbort, { once: true });
  return { controller, dispose: () => parent.removeEventListener('abort', onAbort) };
}
