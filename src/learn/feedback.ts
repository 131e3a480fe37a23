/**
 * Recording a site's report on a logged decision: the decision's label is set, and the site
 * model's counts follow it. Idempotent per decision: the same label twice changes nothing; a
 * changed label moves the decision's tokens from one side to the other.
 */
import type { DecisionStore, FeedbackLabel, SiteModelStore } from '../stores/types.js';

/** What a report did: `recorded` (first label), `unchanged` (same label again), `changed` (label moved), `not-found` (no such decision of this key). */
export type FeedbackOutcome = 'recorded' | 'unchanged' | 'changed' | 'not-found';

/**
 * Records `label` for the decision `id` of `apiKey`. A decision of another key is `not-found`
 * (a key cannot report on, or learn from, another site's decisions).
 */
export async function recordFeedback(
  store: DecisionStore & SiteModelStore,
  apiKey: string,
  id: string,
  label: FeedbackLabel,
  at: number,
): Promise<FeedbackOutcome> {
  const decision = await store.getDecision(id);
  if (!decision || decision.apiKey !== apiKey) return 'not-found';
  const previous = await store.labelDecision(id, label, at);
  if (previous === undefined) return 'not-found';
  if (previous === label) return 'unchanged';
  if (previous !== null) await store.addSiteCounts(apiKey, previous, decision.tokens, -1);
  await store.addSiteCounts(apiKey, label, decision.tokens, 1);
  return previous === null ? 'recorded' : 'changed';
}
