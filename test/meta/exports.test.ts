// The public surface (docs/architecture.md "The public surface"): each subpath of
// package.json "exports" and the runtime names it has, read from the built dist through the
// package's own name (`import('formspam/providers')`, as a user imports it). A name added to or
// taken from a subpath fails here until the list below and a changeset say so.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../cli/run-cli.js';

type Entry = string | { types?: string; default?: string };
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; exports: Record<string, Entry> };

/** Every subpath's runtime names, sorted (types are not runtime names). */
const SURFACE: Record<string, readonly string[]> = {
  '.': [
    'EXPLAIN_LANGUAGES', 'FactUnavailable', 'FormspamError', 'classify', 'createClassifier', 'createDefaultProviders',
    'defaultRules', 'defineFact', 'defineRule', 'explain', 'explainSkipped', 'hit', 'isFormspamError', 'miss', 'skip',
    'warmUp',
  ],
  './providers': [
    'DEFAULT_DNS_TIMEOUT_MS', 'DnsLookupError', 'TextModel', 'createDnsProvider', 'createGeoProvider',
    'createIpReputationProvider', 'createLanguageDetector', 'createReportedEmailProvider', 'createTextModelProvider',
    'detectLanguage', 'hashEmailAddress', 'installedCityDatabases', 'loadLanguageModel', 'offlineDnsProvider',
    'parseModel', 'staticTextModelProvider',
  ],
  './data': ['DEFAULT_LIST_SOURCES', 'datasetStatus', 'defaultDataDir', 'loadListFile', 'updateLists'],
  './testing': [
    'DNS_CONFORMANCE_NAMES', 'DNS_CONFORMANCE_ZONE', 'ENGINE_SKIP_REASONS', 'HTTP_CONFORMANCE_BODY_LIMIT',
    'LANGUAGE_CONFORMANCE_SAMPLES', 'allowedSkipReasons', 'createStaticDnsProvider', 'expectHit', 'expectMiss',
    'expectSkip', 'factFailure', 'runRuleCase', 'testDnsProvider', 'testEmailReputationProvider', 'testGeoProvider',
    'testHttpAdapter', 'testIpReputationProvider', 'testLanguageDetector', 'testRule', 'testStore',
  ],
  './node': ['HttpError', 'createHandler', 'createService', 'protect'],
  './express': ['createRouter', 'createService', 'protect'],
  './fetch': ['HttpError', 'createFetchHandler', 'createService', 'headerRecord', 'protect', 'readStream'],
  './server': [
    'API_KEY_PATTERN', 'ApiKeyRequestError', 'COMPLEXITY', 'DEFAULT_BODY_LIMIT', 'DEFAULT_MIN_REPORTS', 'DEFAULT_RATE_LIMITS',
    'DEFAULT_STORE_TIMEOUT_MS', 'DEFAULT_WIDGET_OPTIONS', 'HttpError', 'M2MGate', 'MASTER_KEY_CHECK_SETTING',
    'MasterKeyError', 'SecretBox', 'StoreUnavailableError', 'clientIpOf', 'constantTimeEqual', 'createChallenge',
    'createMemoryStore', 'createMetrics', 'createRedisStore', 'createService', 'createSiteLearner', 'createSqliteStore', 'errorResponse',
    'formatAltchaAuthorization', 'formatWwwAuthenticate', 'guardStore', 'hashHex', 'hmacHex', 'isStoreUnavailable',
    'masterKeyCheck', 'masterKeyProblem', 'newApiKey', 'openApiDocument', 'openStore', 'parseAltchaAuthorization',
    'parseHostname', 'parseRateLimits', 'parseWwwAuthenticate', 'persistenceWarning', 'refererAllowed',
    'requestApiKey', 'rotateMasterKey', 'saltParams', 'solveChallenge', 'trustedProxySet', 'verifyMasterKey',
    'verifySolution',
  ],
  './verify': [
    'createServerSignaturePayload', 'fieldsHashOf', 'formatVerificationData', 'parseServerSignaturePayload',
    'parseVerificationData', 'signVerificationData', 'verifyFieldsHash', 'verifyServerSignature', 'verifySolution',
  ],
};

const specifier = (subpath: string) => (subpath === '.' ? pkg.name : `${pkg.name}/${subpath.slice(2)}`);

/** Imports each specifier in a fresh node, from the package root (Node resolves the package's own name). */
function importKeys(specifiers: readonly string[]): Record<string, string[] | { error: string }> {
  const script = `
    const out = {};
    for (const s of ${JSON.stringify(specifiers)}) {
      try { out[s] = Object.keys(await import(s)).sort(); } catch (e) { out[s] = { error: e.code ?? String(e) }; }
    }
    console.log(JSON.stringify(out));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', cwd: ROOT }));
}

/** The names a `.d.ts` file exports (tsup writes one `export { a, b as c, … }` list, and `export *`s are not used). */
function declaredNames(file: string): Set<string> {
  const text = readFileSync(file, 'utf8');
  const names = new Set<string>();
  for (const list of text.matchAll(/export\s*(?:type\s*)?\{([^}]*)\}/g)) {
    for (const part of list[1]!.split(',')) {
      const name = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/).pop()!.trim();
      if (name) names.add(name);
    }
  }
  for (const m of text.matchAll(/export\s+(?:declare\s+)?(?:function|const|class|let|interface|type)\s+([A-Za-z_$][\w$]*)/g)) names.add(m[1]!);
  return names;
}

describe('public surface (package.json "exports")', () => {
  const subpaths = Object.keys(pkg.exports).filter((k) => k !== './package.json');

  it('has exactly the subpaths listed here', () => {
    expect(subpaths.sort()).toEqual(Object.keys(SURFACE).sort());
    expect(pkg.exports['./package.json']).toBe('./package.json');
  });

  it.each(subpaths)('%s resolves to a built file and its types', (subpath) => {
    const entry = pkg.exports[subpath]!;
    expect(typeof entry).toBe('object');
    const { types, default: file } = entry as { types?: string; default?: string };
    expect(types).toMatch(/^\.\/dist\/.*\.d\.ts$/);
    expect(file).toMatch(/^\.\/dist\/.*\.js$/);
    // "types" first: TypeScript takes the first condition that matches.
    expect(Object.keys(entry)[0]).toBe('types');
    for (const f of [types!, file!]) {
      expect(existsSync(join(ROOT, f)), f).toBe(true);
      expect(statSync(join(ROOT, f)).size, f).toBeGreaterThan(0);
    }
    // Every runtime name is declared in the types too.
    const declared = declaredNames(join(ROOT, types!));
    expect(SURFACE[subpath]!.filter((name) => !declared.has(name))).toEqual([]);
  });

  it('each subpath, imported by the package name, has exactly its listed runtime names', () => {
    const keys = importKeys(subpaths.map(specifier));
    const expected = Object.fromEntries(subpaths.map((s) => [specifier(s), [...SURFACE[s]!].sort()]));
    expect(keys).toEqual(expected);
  });

  it('the lists above are sorted and the root stays small', () => {
    for (const names of Object.values(SURFACE)) expect([...names]).toEqual([...names].sort());
    expect(SURFACE['.']!.length).toBeLessThanOrEqual(16);
  });

  it('internals have no subpath: a deep import into dist fails', () => {
    const keys = importKeys([`${pkg.name}/dist/internal/bench.js`, `${pkg.name}/dist/index.js`, `${pkg.name}/internal/bench`]);
    for (const value of Object.values(keys)) expect(value).toEqual({ error: 'ERR_PACKAGE_PATH_NOT_EXPORTED' });
  });

  it('main and types point at the root entry', () => {
    const p = pkg as unknown as { main: string; types: string };
    const root = pkg.exports['.'] as { types: string; default: string };
    expect(p.main).toBe(root.default);
    expect(p.types).toBe(root.types);
  });
});
