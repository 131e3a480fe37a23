/**
 * The block-list provider of email.REPORTED: domains and hashed addresses reported for spam,
 * read from data files (written by the list updater) or given directly.
 *
 * File format (both files): UTF-8 text, one entry per line; blank lines and lines starting
 * with `#` are ignored, and a `# generated: <ISO date>` (or `# fetched:`) header line is kept
 * as the list's date. The `formspam update-lists` list files (`# formspam list v1`) qualify.
 * - domains file: a domain per line (ASCII or Unicode, any case); subdomains of an entry match;
 * - address file: the SHA-256, in hex, of `local@domain` in lower case with the domain in
 *   ASCII (see {@link hashEmailAddress}); the updater hashes addresses so no address is stored.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { domainToASCII } from 'node:url';
import { matchDomainOrParent } from '../email/lists.js';
import { FactUnavailable } from '../core/rule.js';
import type { EmailReputation, EmailReputationProvider } from './types.js';

export interface ReportedEmailListOptions {
  /** Path of the domains file; a missing file means no domain list. */
  domainsFile?: string;
  /** Path of the address-hash file; a missing file means no address list. */
  addressHashesFile?: string;
  /** Listed domains, instead of a file. */
  domains?: Iterable<string>;
  /** Listed address hashes (SHA-256 hex), instead of a file. */
  addressHashes?: Iterable<string>;
}

export interface ReportedEmailListInfo {
  /** Entries loaded, or `null` when the list is not loaded. */
  domains: number | null;
  addresses: number | null;
  /** The `# generated:` header of each file, when present. */
  generated: { domains: string | null; addresses: string | null };
}

export interface ReportedEmailProvider extends EmailReputationProvider {
  /** Loads the lists (once) and says what was loaded. */
  info(): Promise<ReportedEmailListInfo>;
  /**
   * Reads the list files again (after `formspam update-lists` or `serve`'s refresh replaced
   * them); look-ups use the lists in place until the new ones are read, and keep them when
   * reading fails (the promise then rejects).
   */
  reload(): Promise<void>;
}

/** SHA-256 (hex) of an address as the address list stores it: `local@domain`, lower case, ASCII domain. */
export function hashEmailAddress(address: string): string {
  const at = address.lastIndexOf('@');
  const domain = at === -1 ? '' : domainToASCII(address.slice(at + 1)) || address.slice(at + 1);
  const normalized = at === -1 ? address : `${address.slice(0, at)}@${domain}`;
  return createHash('sha256').update(normalized.toLowerCase()).digest('hex');
}

interface Loaded {
  set: Set<string> | null;
  generated: string | null;
}

async function readList(file: string | undefined, entries: Iterable<string> | undefined, map: (s: string) => string | null): Promise<Loaded> {
  let lines: Iterable<string> | null = entries ?? null;
  let generated: string | null = null;
  if (file !== undefined) {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      if ((error as { code?: unknown }).code === 'ENOENT') return { set: null, generated: null };
      throw error;
    }
    const all = text.split('\n');
    for (const line of all) {
      const m = /^#\s*(?:generated|fetched):\s*(\S{1,40})/.exec(line);
      if (m) generated = m[1]!;
    }
    lines = entries === undefined ? all : [...entries, ...all];
  }
  if (lines === null) return { set: null, generated };
  const set = new Set<string>();
  for (const raw of lines) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const value = map(line);
    if (value) set.add(value);
  }
  return { set, generated };
}

const HEX64 = /^[0-9a-f]{64}$/;

/**
 * Creates the REPORTED list provider. The files are read on the first look-up; with neither
 * list loaded, every look-up rejects with `FactUnavailable('no-data')`.
 */
/** The form the lists are kept in: lower-case ASCII (punycode), without a final dot. */
function lookupDomain(domain: string): string {
  const lower = domain.toLowerCase().replace(/\.$/, '');
  return /^[\x00-\x7f]*$/.test(lower) ? lower : domainToASCII(lower);
}

export function createReportedEmailProvider(options: ReportedEmailListOptions = {}): ReportedEmailProvider {
  // The error of every look-up without a list, made once: each new one would cost a stack trace.
  let noData: FactUnavailable | undefined;
  let loading: Promise<{ domains: Loaded; addresses: Loaded }> | undefined;
  const read = () =>
    Promise.all([
      readList(options.domainsFile, options.domains, (d) => {
        const ascii = domainToASCII(d.toLowerCase().replace(/\.$/, ''));
        return ascii.includes('.') ? ascii : null;
      }),
      readList(options.addressHashesFile, options.addressHashes, (h) => (HEX64.test(h.toLowerCase()) ? h.toLowerCase() : null)),
    ]).then(([domains, addresses]) => ({ domains, addresses }));
  const load = () => (loading ??= read());
  return {
    name: 'reported-email-lists',
    async lookup(query): Promise<EmailReputation> {
      const { domains, addresses } = await load();
      if (domains.set === null && addresses.set === null) throw (noData ??= new FactUnavailable('no-data', 'no list of reported email senders is loaded'));
      return {
        domain: domains.set === null ? null : matchDomainOrParent(domains.set, lookupDomain(query.domain)),
        address: query.addressHash !== null && addresses.set !== null && addresses.set.has(query.addressHash),
      };
    },
    async reload() {
      const next = read();
      await next; // a failure leaves the lists in place
      loading = next;
    },
    async info() {
      const { domains, addresses } = await load();
      return {
        domains: domains.set?.size ?? null,
        addresses: addresses.set?.size ?? null,
        generated: { domains: domains.generated, addresses: addresses.generated },
      };
    },
  };
}
