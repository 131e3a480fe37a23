/**
 * The salt of the learner's tokens: one per store, kept in its settings as `learner-salt` (8 hex
 * digits), made by the first instance that needs it. The decision log and the site model use the
 * same one, so feedback on a logged decision trains the tokens the model reads.
 */
import { randomBytes } from 'node:crypto';
import type { SettingsStore } from '../stores/types.js';
import { parseSalt } from './tokens.js';

/** The store setting that holds the salt. */
export const LEARNER_SALT_SETTING = 'learner-salt';

/** The store's salt (created now when it has none), as the number `siteTokens` takes. */
export async function learnerSalt(store: Pick<SettingsStore, 'initSetting'>, random: (n: number) => Uint8Array = randomBytes): Promise<number> {
  const fresh = Buffer.from(random(4)).toString('hex').padStart(8, '0').slice(0, 8);
  return parseSalt(await store.initSetting(LEARNER_SALT_SETTING, fresh));
}
