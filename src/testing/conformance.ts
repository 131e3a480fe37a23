/**
 * What the provider conformance suites (`testGeoProvider`, `testIpReputationProvider`,
 * `testEmailReputationProvider`, `testLanguageDetector`) share: skipping a case with its reason,
 * and the checks every provider call must pass (no synchronous throw, an aborted call).
 */
import assert from 'node:assert/strict';

/**
 * Skips the running case with `reason`: through the test context's `skip` (vitest's
 * `ctx.skip(note)`, node:test's `t.skip(message)`), the first argument the runner gives the
 * test function. A runner that gives none (mocha, jest) passes the case instead. Return right
 * after calling it: node:test's `skip` does not stop the test function.
 */
export function skipCase(context: unknown, reason: string): void {
  const skip = (context as { skip?: unknown } | null | undefined)?.skip;
  if (typeof skip === 'function') (skip as (note: string) => void).call(context, reason);
}

/** A signal that never fires. */
export function liveSignal(): { signal: AbortSignal } {
  return { signal: new AbortController().signal };
}

/** A signal that has already fired. */
export function abortedSignal(): { signal: AbortSignal } {
  const controller = new AbortController();
  controller.abort(new Error('formspam conformance: aborted'));
  return { signal: controller.signal };
}

/**
 * Calls `call` and returns how it settled. A synchronous throw fails the case: a provider
 * method returns a promise, and a failure is a rejection of it.
 */
export async function settle<T>(what: string, call: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> {
  let promise: Promise<T>;
  try {
    promise = call();
  } catch (error) {
    assert.fail(`${what} threw synchronously (${(error as Error)?.message ?? String(error)}): a provider method must return a promise, and fail by rejecting it`);
  }
  assert.ok(promise !== null && typeof (promise as { then?: unknown } | null)?.then === 'function', `${what} did not return a promise`);
  try {
    return { ok: true, value: await promise };
  } catch (error) {
    return { ok: false, error };
  }
}

/**
 * The aborted-call contract: the signal fires when the engine's timeout is reached or the
 * caller aborts, and the engine then drops the answer. A provider may stop and reject, or may
 * answer anyway (a synchronous look-up has nothing to stop); it must not answer something
 * else than it would have.
 */
export async function checkAbortedCall<T>(what: string, call: (options: { signal: AbortSignal }) => Promise<T>): Promise<void> {
  const normal = await call(liveSignal());
  const aborted = await settle(what, () => call(abortedSignal()));
  if (aborted.ok) assert.deepEqual(aborted.value, normal, `${what} with an aborted signal answered differently than without: reject, or answer the same`);
}

/** Deep-equal answers to the same question, asked one after another and 20 times at once. */
export async function checkSameAnswers<T>(what: string, call: () => Promise<T>): Promise<void> {
  const first = await call();
  assert.deepEqual(await call(), first, `${what} answered differently the second time`);
  const concurrent = await Promise.all(Array.from({ length: 20 }, () => call()));
  for (const answer of concurrent) assert.deepEqual(answer, first, `${what} answered concurrent callers differently`);
}
