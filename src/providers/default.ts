import type { Providers } from './types.js';

/** Options of {@link createDefaultProviders}. */
export interface DefaultProvidersOptions {
  /** No network: live providers (DNS) are left out and their rules report `skipped: "offline"`. */
  offline?: boolean;
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
  void options;
  return {};
}
