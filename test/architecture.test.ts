// The parts of src/ and the imports that must never exist between them (docs/architecture.md),
// read from the import lines of the tree.
import { describe, expect, it } from 'vitest';
import { importCycles, importsOf, neverListViolations, sourceFiles, type Import } from './helpers/imports.js';
import { ROOT } from './cli/run-cli.js';

const files = sourceFiles(ROOT);
const imports = importsOf(files);

/** The tree's imports plus one file `path` with `source`. */
function withFile(path: string, source: string): Import[] {
  return [...imports, ...importsOf(new Map([...files, [path, source]]), [path])];
}

describe('the never-list', () => {
  it('reads the import lines of the whole tree', () => {
    expect(files.size).toBeGreaterThan(150);
    // A static import, a re-export, a type-only import and a dynamic import() are all seen.
    expect(imports).toContainEqual({ from: 'src/engine/classifier.ts', target: 'src/rules/index.ts', typeOnly: false });
    expect(imports).toContainEqual({ from: 'src/verify/index.ts', target: 'src/altcha/signature.ts', typeOnly: false });
    expect(imports).toContainEqual({ from: 'src/core/response.ts', target: 'src/core/rule.ts', typeOnly: true });
    expect(imports).toContainEqual({ from: 'src/stores/redis.ts', target: 'ioredis', typeOnly: false });
  });

  it('holds on the tree', () => {
    expect(neverListViolations(imports)).toEqual([]);
  });

  it.each([
    ['an input importing a provider', 'src/text/bad.ts', "import { createDnsProvider } from '../providers/dns.js';", /src\/text\/bad\.ts imports src\/providers\/dns\.ts: an input/],
    ['an input importing a provider type', 'src/email/bad.ts', "import type { DnsProvider } from '../providers/types.js';", /src\/email\/bad\.ts imports src\/providers\/types\.ts \(types\): an input/],
    ['an input importing a fact', 'src/ip/bad.ts', "export { geoFact } from '../facts/ip.js';", /src\/ip\/bad\.ts imports src\/facts\/ip\.ts: an input/],
    ['an input importing the engine', 'src/geo/bad.ts', "const m = await import('../engine/classify.js');", /src\/geo\/bad\.ts imports src\/engine\/classify\.ts: an input/],
    ['an input importing the service', 'src/text/bad.ts', "import { createService } from '../service/service.js';", /imports src\/service\/service\.ts: an input/],
    ['a rule importing a provider value', 'src/rules/email/bad.ts', "import { hashEmailAddress } from '../../providers/reported-email.js';", /src\/rules\/email\/bad\.ts imports src\/providers\/reported-email\.ts: a rule imports no provider values/],
    ['a rule helper importing a provider value', 'src/rules/support/bad.ts', "import { createGeoProvider } from '../../providers/geo.js';", /a rule imports no provider values/],
    ['a rule file importing another rule file', 'src/rules/text/bad.ts', "import url from './url.js';", /src\/rules\/text\/bad\.ts imports src\/rules\/text\/url\.ts: a rule file imports no other rule file/],
    ['a rule file importing a rule of another category', 'src/rules/email/bad.ts', "import { default as tor } from '../ip-address/tor.js';", /imports src\/rules\/ip-address\/tor\.ts: a rule file imports no other rule file/],
    ['a rule importing the engine', 'src/rules/text/bad.ts', "import { classify } from '../../engine/classify.js';", /a rule imports nothing of the engine/],
    ['verify/ importing the service', 'src/verify/bad.ts', "import { createService } from '../service/service.js';", /src\/verify\/bad\.ts imports src\/service\/service\.ts: verify\/ and altcha\//],
    ['altcha/ importing the service', 'src/altcha/bad.ts', "import type { ServiceOptions } from '../service/service.js';", /verify\/ and altcha\/ import nothing of service\//],
    ['altcha/ importing a package', 'src/altcha/bad.ts', "import { Buffer } from 'node:buffer';", /src\/altcha\/bad\.ts imports node:buffer: altcha\/ is a leaf/],
    ['core/ importing the engine', 'src/core/bad.ts', "import { classify } from '../engine/classify.js';", /src\/core\/bad\.ts imports src\/engine\/classify\.ts: core\/ imports nothing of engine\//],
    ['the engine importing the service', 'src/engine/bad.ts', "import { createService } from '../service/service.js';", /the engine imports nothing of service/],
    ['the engine importing a store', 'src/engine/bad.ts', "import { createMemoryStore } from '../stores/memory.js';", /the engine imports nothing of service, stores/],
    ['the engine importing an adapter', 'src/engine/bad.ts', "import type { NodeHandler } from '../adapters/node.js';", /the engine imports nothing of service, stores, adapters/],
    ['the engine importing the CLI', 'src/engine/bad.ts', "import { main } from '../cli/main.js';", /the engine imports nothing of service, stores, adapters or CLI/],
    ['the engine core importing the default rules', 'src/engine/bad.ts', "import { defaultRules } from '../rules/index.js';", /src\/engine\/bad\.ts imports src\/rules\/index\.ts: the engine but src\/engine\/classifier\.ts imports no rule/],
    ['the engine core importing a provider', 'src/engine/classify.ts', "import { createDefaultProviders } from '../providers/default.js';", /imports src\/providers\/default\.ts: the engine but src\/engine\/classifier\.ts imports no rule, lexicon, model, language detector or provider/],
    ['the engine core importing the language detector', 'src/engine/respond.ts', "import { reliableLanguage } from '../language/index.js';", /imports src\/language\/index\.ts: the engine but/],
  ])('fails on %s', (_name, path, source, message) => {
    const violations = neverListViolations(withFile(path, source));
    expect(violations.length).toBeGreaterThan(0);
    expect(violations.every((v) => v.startsWith(`${path} imports `)), violations.join('\n')).toBe(true);
    expect(violations.filter((v) => message.test(v))).toHaveLength(1);
  });

  it.each([
    ['a rule importing provider types', 'src/rules/text/ok.ts', "import type { LanguageGuess } from '../../providers/types.js';"],
    ['a rule importing a type with an inline type modifier', 'src/rules/ip-address/ok.ts', "import { type IpReputation } from '../../providers/types.js';"],
    ['a rule importing a fact and a rule helper', 'src/rules/email/ok.ts', "import { mailRoutingFact } from '../../facts/email.js';\nimport { listOutcome } from '../support/ip-list.js';"],
    ['the registry importing rule files', 'src/rules/ok.ts', "import url from './text/url.js';"],
    ['a fact importing a provider value', 'src/facts/ok.ts', "import { hashEmailAddress } from '../providers/reported-email.js';"],
    ['engine/classifier.ts importing providers and rules', 'src/engine/classifier.ts', "import { createDefaultProviders } from '../providers/default.js';\nimport { defaultRules } from '../rules/index.js';"],
    ['the engine core importing provider types, the call options and the classifier choice', 'src/engine/ok.ts', "import type { Providers } from '../providers/types.js';\nimport { ProviderCall } from '../providers/call.js';\nimport { selectClassifier } from '../language/choice.js';"],
  ])('allows %s', (_name, path, source) => {
    expect(neverListViolations(withFile(path, source))).toEqual([]);
  });
});

describe('import cycles', () => {
  it('none in src/ through the imports that stay in the JavaScript', () => {
    expect(importCycles(imports)).toEqual([]);
  });

  it('through type imports too, only the vocabulary of core/ (erased at run time)', () => {
    // request ↔ rule ↔ response name each other's types, and the explanations' language.
    expect(importCycles(imports, true)).toEqual([['src/core/request.ts', 'src/core/response.ts', 'src/core/rule.ts', 'src/explain/index.ts']]);
  });

  it('finds a cycle it is fed', () => {
    const cycle: Import[] = [
      { from: 'src/service/a.ts', target: 'src/service/b.ts', typeOnly: false },
      { from: 'src/service/b.ts', target: 'src/service/c.ts', typeOnly: false },
      { from: 'src/service/c.ts', target: 'src/service/a.ts', typeOnly: true },
    ];
    expect(importCycles([...imports, ...cycle])).toEqual([]);
    expect(importCycles([...imports, ...cycle], true)).toContainEqual(['src/service/a.ts', 'src/service/b.ts', 'src/service/c.ts']);
    expect(importCycles([...imports, { ...cycle[2]!, typeOnly: false }, ...cycle.slice(0, 2)])).toEqual([['src/service/a.ts', 'src/service/b.ts', 'src/service/c.ts']]);
  });
});

describe('the service stays small', () => {
  const lines = (source: string) => source.split('\n').length - (source.endsWith('\n') ? 1 : 0);

  it('has no file in src/service over 250 lines', () => {
    const service = [...files].filter(([path]) => path.startsWith('src/service/'));
    expect(service.length).toBeGreaterThan(20);
    expect(service.filter(([, source]) => lines(source) > 250).map(([path, source]) => `${path}: ${lines(source)} lines`)).toEqual([]);
  });

  it('keeps createService at most 80 lines', () => {
    const source = files.get('src/service/service.ts')!;
    const body = /export function createService\([^]*?\n\}\n/.exec(source)?.[0];
    expect(body).toBeDefined();
    expect(lines(body!)).toBeLessThanOrEqual(80);
  });
});
