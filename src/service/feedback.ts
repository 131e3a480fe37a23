/**
 * The server's site model: a `siteModel` provider over the store (counts per API key, tokens
 * salted with the store's `learner-salt`), on whenever the store keeps site-model counts.
 */
import { invalidOption } from '../core/errors.js';
import { DEFAULT_MIN_REPORTS, keyedSiteModelProvider } from '../learn/learner.js';
import { learnerSalt } from '../learn/salt.js';
import type { SiteModelProvider } from '../providers/types.js';
import type { SiteModelStore, Store } from '../stores/types.js';
import type { RandomBytes } from '../altcha/crypto.js';

/** The provider of `createService`'s `siteModel` option over `store`, or null when it is off or the store keeps no counts. */
export function siteModelOf(store: Store, option: { minReports?: number } | false | undefined, randomBytes: RandomBytes): SiteModelProvider | null {
  if (option === false) return null;
  if (option !== undefined && (typeof option !== 'object' || option === null)) throw invalidOption('createService', 'siteModel', 'must be { minReports } or false');
  const minReports = option?.minReports ?? DEFAULT_MIN_REPORTS;
  if (!Number.isInteger(minReports) || minReports < 1) throw invalidOption('createService', 'siteModel.minReports', 'must be an integer >= 1');
  if (typeof store.addSiteCounts !== 'function' || typeof store.readSiteCounts !== 'function' || typeof store.deleteSiteModel !== 'function') return null;
  let salt: number | undefined;
  let pending: Promise<number> | undefined;
  // Read (or made) once; a store failure is retried on the next request.
  const saltOf = (): Promise<number> | number => {
    if (salt !== undefined) return salt;
    if (!pending) {
      pending = learnerSalt(store, randomBytes).then((s) => (salt = s));
      pending.catch(() => {
        pending = undefined;
      });
    }
    return pending;
  };
  return keyedSiteModelProvider(store as Store & SiteModelStore, saltOf, minReports);
}
