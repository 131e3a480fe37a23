// Files, the registry and docs/rules.md must agree: every rule file is registered, every
// registered rule has its file, its table tests and its documentation section, and the
// documented significance and formula are the rule's.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultRules, EXTENSION_RULE_IDS, SPEC_RULE_IDS } from '../../src/rules/index.js';
import { ENGINE_SKIP_REASONS } from '../../src/testing/index.js';
import { ROOT } from '../cli/run-cli.js';

const kebab = (name: string) => name.toLowerCase().replace(/_/g, '-');
const DOCS = readFileSync(join(ROOT, 'docs/rules.md'), 'utf8');

function formulaText(rule: (typeof defaultRules)[number]): string {
  const f = rule.formula;
  if ('per' in f) return `n × ${f.per}`;
  if ('fixed' in f) return `0 or ${f.fixed}`;
  if ('buckets' in f) {
    const max = Object.entries(f.maxByFormType ?? {}).map(([type, m]) => `; at most ${m} with formType ${type}`).join('');
    const min = Object.entries(f.minByFormType ?? {}).map(([type, m]) => `; at least ${m} with formType ${type}`).join('');
    return `buckets ${f.buckets.map((b) => `p ≥ ${b.min} → ${b.score}`).join(', ')}${max}${min}`;
  }
  return `Σ match weights × ${f.weighted}`;
}

/** The declared skip reasons of each rule as docs/rules.md writes them ("skipped with"). */
const skipText = (rule: (typeof defaultRules)[number]): string =>
  rule.skipReasons?.length ? rule.skipReasons.map((r) => `\`${r}\``).join(', ') : '—';

/**
 * Declared skip reasons no skip case covers, and why. A known gap that must shrink: a reason
 * that gets a case must leave this table (the test fails until it does), and no reason may join it.
 */
const UNCOVERED_SKIP_REASONS: Readonly<Record<string, readonly string[]>> = {
  // nonPublic()'s guard for a request without a parsed address: the ipAddress rules only run
  // when the request has one (an unparseable ipAddress is rejected as INVALID_REQUEST), so no
  // request reaches it.
  'ipAddress.BLOCKED_COUNTRY': ['no-input'],
  'ipAddress.HOSTING': ['no-input'],
  'ipAddress.MALICIOUS': ['no-input'],
  'ipAddress.PROXY': ['no-input'],
  'ipAddress.TOR': ['no-input'],
  'ipAddress.UNEXPECTED_COUNTRY': ['no-input'],
};

describe('rule registry', () => {
  it('has unique ids in id order', () => {
    const ids = defaultRules.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort());
  });

  it('registers every file under src/rules/<category>/ and nothing else', () => {
    const files: string[] = [];
    for (const category of ['text', 'email', 'ip-address', 'time-zone']) {
      const dir = join(ROOT, 'src/rules', category);
      if (!existsSync(dir)) continue;
      for (const f of readdirSync(dir)) if (f.endsWith('.ts')) files.push(`${category}/${f}`);
    }
    const expected = defaultRules.map((r) => `${kebab(r.category.replace(/([A-Z])/g, '-$1'))}/${kebab(r.name)}.ts`);
    expect(files.sort()).toEqual(expected.sort());
  });

  it('uses only ids of the service contract and the documented extensions', () => {
    for (const rule of defaultRules) expect([...SPEC_RULE_IDS, ...EXTENSION_RULE_IDS]).toContain(rule.id);
  });
});

describe.each(defaultRules.map((r) => [r.id, r] as const))('%s', (id, rule) => {
  const file = `${kebab(rule.name)}.ts`;
  const category = kebab(rule.category.replace(/([A-Z])/g, '-$1'));

  it('has table tests written with testRule', () => {
    const testFile = join(ROOT, 'test/rules', category, file.replace(/\.ts$/, '.test.ts'));
    expect(existsSync(testFile), `${testFile} is missing`).toBe(true);
    expect(readFileSync(testFile, 'utf8')).toMatch(/testRule\(/);
  });

  it('declares its skip reasons, none of them an engine reason', () => {
    expect(rule.skipReasons, `${id} has no skipReasons in defineRule`).toBeDefined();
    for (const reason of rule.skipReasons!) expect(ENGINE_SKIP_REASONS as readonly string[]).not.toContain(reason);
    expect(new Set(rule.skipReasons).size).toBe(rule.skipReasons!.length);
  });

  it('has a skip case for every declared skip reason, or lists it as a known gap', () => {
    const tests = readFileSync(join(ROOT, 'test/rules', category, file.replace(/\.ts$/, '.test.ts')), 'utf8');
    const covered = (reason: string) => tests.includes(`reason: '${reason}'`);
    const gaps = UNCOVERED_SKIP_REASONS[id] ?? [];
    for (const reason of rule.skipReasons ?? []) {
      if (gaps.includes(reason)) expect(covered(reason), `${id}: "${reason}" has a skip case now: take it out of UNCOVERED_SKIP_REASONS`).toBe(false);
      else expect(covered(reason), `${id} declares "${reason}" but no skip case in its test file has it`).toBe(true);
    }
    for (const reason of gaps) expect(rule.skipReasons, `UNCOVERED_SKIP_REASONS lists "${reason}", which ${id} does not declare`).toContain(reason);
  });

  it('has a section in docs/rules.md with its significance, formula and skip reasons', () => {
    const start = DOCS.indexOf(`## \`${id}\``);
    expect(start, `docs/rules.md has no section "## \`${id}\`"`).toBeGreaterThan(-1);
    const end = DOCS.indexOf('\n## ', start + 1);
    const section = DOCS.slice(start, end === -1 ? undefined : end);
    expect(section).toContain(`| ${rule.significance} | ${formulaText(rule)} | ${skipText(rule)} |`);
    expect(section).toMatch(/\*\*Examples\*\*/);
  });
});

describe('docs/rules.md', () => {
  it('names every engine skip reason', () => {
    for (const reason of ENGINE_SKIP_REASONS) expect(DOCS.slice(0, DOCS.indexOf('\n## '))).toContain(`\`${reason}\``);
  });

  it('lists no rule in the known gaps of skip cases that is not registered', () => {
    expect(Object.keys(UNCOVERED_SKIP_REASONS).filter((id) => !defaultRules.some((r) => r.id === id))).toEqual([]);
    // Six today: it may only shrink.
    expect(Object.values(UNCOVERED_SKIP_REASONS).flat().length).toBeLessThanOrEqual(6);
  });

  it('documents no rule that is not registered', () => {
    const documented = [...DOCS.matchAll(/^## `([a-zA-Z]+\.[A-Z_]+)`/gm)].map((m) => m[1]);
    expect(documented.sort()).toEqual(defaultRules.map((r) => r.id).sort());
  });
});
