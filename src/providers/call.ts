import type { ProviderCallOptions } from './types.js';

/**
 * The options classify() gives every provider call of one classification: one `signal` for all
 * of them, which aborts when the timeout is reached or the caller aborts.
 *
 * The AbortController behind `signal` is made only when a provider reads `signal`. Making one
 * costs about 3 % of a typical request with the language detector, the only provider of the
 * default offline set, which answers synchronously and only asks whether the call was aborted
 * (see {@link callAborted}). A signal read after the abort comes back already aborted, with the
 * same reason, so a provider cannot tell the difference.
 */
export class ProviderCall implements ProviderCallOptions {
  #controller: AbortController | undefined;
  #aborted = false;
  #reason: unknown;

  get signal(): AbortSignal {
    if (this.#controller === undefined) {
      this.#controller = new AbortController();
      if (this.#aborted) this.#controller.abort(this.#reason);
    }
    return this.#controller.signal;
  }

  get aborted(): boolean {
    return this.#aborted;
  }

  /** As AbortController.abort: the first reason stays. */
  abort(reason: unknown): void {
    if (this.#aborted) return;
    this.#aborted = true;
    this.#reason = reason;
    this.#controller?.abort(reason);
  }
}

/** `options?.signal?.aborted`, without making the signal of a {@link ProviderCall}. */
export function callAborted(options: ProviderCallOptions | undefined): boolean {
  if (options instanceof ProviderCall) return options.aborted;
  return Boolean(options?.signal?.aborted);
}
