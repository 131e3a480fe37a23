/**
 * Readable reasons: one sentence per reason of a response, in English, German,
 * French or Spanish, from the message tables in `./messages/<language>.json` (one file per
 * language, keyed by rule id; a translator edits only those files). A placeholder such as
 * `{matches}` or `{country}` is filled from the rule's matches and evidence; which placeholders
 * a rule's message may use is listed in {@link PLACEHOLDERS}. A test checks that every rule has a
 * message in every language and that the messages use only their rule's placeholders.
 */
import { FormspamError } from '../core/errors.js';
import { EXPLAIN_LANGUAGES } from '../core/schema.js';
import type { ClassifyResponse, Explanation, MatchResult, RuleResult } from '../core/response.js';

export type { Explanation } from '../core/response.js';
import de from './messages/de.json' with { type: 'json' };
import en from './messages/en.json' with { type: 'json' };
import es from './messages/es.json' with { type: 'json' };
import fr from './messages/fr.json' with { type: 'json' };

/** The languages of the explanations (`['en', 'de', 'fr', 'es']`; defined beside the request schema, which names them). */
export { EXPLAIN_LANGUAGES };
export type ExplainLanguage = (typeof EXPLAIN_LANGUAGES)[number];

/** A message: one sentence, or a sentence for one occurrence and one for several (by the language's plural rules). */
export type Message = string | { readonly one: string; readonly other: string };

/** One language's message table (the shape of `messages/<language>.json`). */
export interface MessageTable {
  /** The language's own name. */
  readonly language: string;
  /** The opening and closing quotation marks around a quoted value. */
  readonly quotes: readonly string[];
  /** What follows a list of quoted values when some were left out ("and more"). */
  readonly more: string;
  /** The sentence of a rule that has no message of its own (a custom rule): `{rule}`, `{score}`. */
  readonly generic: string;
  /** One message per built-in rule id. */
  readonly rules: Readonly<Record<string, Message>>;
  /** One message per skip reason (`{rule}`, `{reason}`); `other` for the reasons not listed. */
  readonly skipped: Readonly<Record<string, string>>;
  /** The `{reason}` of `email.INVALID` and `email.MX`, by code (a clause, e.g. "it has no @"). */
  readonly details: Readonly<Record<string, string>>;
}

/** The message tables, by language. */
export const MESSAGES: Readonly<Record<ExplainLanguage, MessageTable>> = { en, de, fr, es };

/** The placeholders every rule's message may use. */
const COMMON = ['rule', 'score', 'count', 'matches'] as const;
const IP = [...COMMON, 'ip', 'lists'];
const GEO = [...COMMON, 'ip', 'country', 'expected'];
const TZ = [...COMMON, 'timeZone', 'country', 'expected'];
const EMAIL = [...COMMON, 'domain', 'reason'];

/** The placeholders each built-in rule's message may use (besides these, `{rule}` and `{score}` in `generic`). */
export const PLACEHOLDERS: Readonly<Record<string, readonly string[]>> = {
  'email.DISPOSABLE': EMAIL,
  'email.DMARC': EMAIL,
  'email.FREE_PROVIDER': EMAIL,
  'email.INVALID': EMAIL,
  'email.MX': EMAIL,
  'email.REPORTED': EMAIL,
  'ipAddress.BLOCKED_COUNTRY': GEO,
  'ipAddress.HOSTING': IP,
  'ipAddress.MALICIOUS': IP,
  'ipAddress.PROXY': IP,
  'ipAddress.TOR': IP,
  'ipAddress.UNEXPECTED_COUNTRY': GEO,
  'text.CAPITALIZATION': COMMON,
  'text.CURRENCY': COMMON,
  'text.EMOJI': COMMON,
  'text.EXCLAMATION': COMMON,
  'text.HASH_TAGS': COMMON,
  'text.HTML': COMMON,
  'text.HTML_INJECTION': COMMON,
  'text.MODEL': [...COMMON, 'probability', 'words'],
  'text.NUMBERS_ONLY': COMMON,
  'text.OBFUSCATION': COMMON,
  'text.PROFANITY': COMMON,
  'text.RANDOM_CHARS': COMMON,
  'text.SENTIMENT': COMMON,
  'text.SHORT_TEXT': [...COMMON, 'length', 'threshold'],
  'text.SITE_MODEL': [...COMMON, 'probability', 'words'],
  'text.SPAM_WORDS': COMMON,
  'text.SPECIAL_CHARS': COMMON,
  'text.SQL_INJECTION': COMMON,
  'text.UNEXPECTED_LANGUAGE': [...COMMON, 'language', 'expected'],
  'text.UNKNOWN_LANGUAGE': [...COMMON, 'length'],
  'text.URL': COMMON,
  'timeZone.BLOCKED_COUNTRY': TZ,
  'timeZone.INVALID': TZ,
  'timeZone.UNEXPECTED_COUNTRY': TZ,
};

/** The skip reasons the tables explain (besides `other`). */
export const SKIP_REASONS: readonly string[] = [
  'no-provider',
  'timeout',
  'provider-error',
  'rule-error',
  'offline',
  'resolver-unhealthy',
  'invalid-email',
  'no-data',
  'no-input',
  'non-public',
  'no-country',
  'invalid-time-zone',
  'too-few-reports',
  'no-api-key',
];

/** The codes of {@link MessageTable.details}: why an address is invalid, why mail cannot be delivered. */
export const DETAIL_CODES: readonly string[] = [
  'empty', 'missing-at', 'empty-domain', 'ip-literal', 'bad-characters', 'bad-idn', 'empty-label', 'no-dot', 'label-too-long',
  'domain-too-long', 'bad-hyphen', 'ip-address', 'unknown-tld', 'bad-address',
  'nxdomain', 'null-mx', 'no-mail-host',
];

/** One rule that could not be evaluated, explained. */
export interface SkippedExplanation {
  rule: string;
  skipped: string;
  text: string;
}

export interface ExplainOptions {
  /** `en` (default), `de`, `fr` or `es`. */
  language?: ExplainLanguage;
}

/** The language of `explain` options; FormspamError `INVALID_OPTIONS` for an unknown one. */
export function explainLanguage(language: unknown): ExplainLanguage {
  if (language === undefined) return 'en';
  if (typeof language === 'string' && (EXPLAIN_LANGUAGES as readonly string[]).includes(language)) return language as ExplainLanguage;
  throw new FormspamError('INVALID_OPTIONS', `explain: language must be one of ${EXPLAIN_LANGUAGES.join(', ')}, not ${JSON.stringify(language)}`);
}

/** How many values a sentence quotes at most, and how long each may be. */
const MAX_QUOTED = 3;
const MAX_QUOTED_LENGTH = 40;

const PLACEHOLDER = /\{([A-Za-z]+)\}/g;

/** The names of the placeholders a message uses. */
export function placeholdersOf(message: Message): string[] {
  const texts = typeof message === 'string' ? [message] : [message.one, message.other];
  const names = new Set<string>();
  for (const t of texts) for (const m of t.matchAll(PLACEHOLDER)) names.add(m[1]!);
  return [...names];
}

function fill(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => values[name] ?? whole);
}

function shorten(value: string): string {
  const flat = value.replace(/\s+/g, ' ').trim();
  return [...flat].length > MAX_QUOTED_LENGTH ? `${[...flat].slice(0, MAX_QUOTED_LENGTH - 1).join('')}…` : flat;
}

function displayName(language: ExplainLanguage, type: 'region' | 'language', code: string): string {
  try {
    const name = new Intl.DisplayNames([language], { type, fallback: 'none' }).of(type === 'region' ? code.toUpperCase() : code);
    return name ?? code;
  } catch {
    return code;
  }
}

/** A country code's name; other entries of a country list (`continent:eu`, `list:eu`) as they are. */
function countryName(language: ExplainLanguage, code: string): string {
  return /^[A-Za-z]{2}$/.test(code) ? displayName(language, 'region', code) : code;
}

function numberText(language: ExplainLanguage, n: number): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(n);
}

function stringsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : typeof value === 'string' ? [value] : [];
}

/** The placeholders' values for one rule result. */
function valuesOf(id: string, r: RuleResult, response: ClassifyResponse, language: ExplainLanguage, table: MessageTable): Record<string, string> {
  const [open = '"', close = '"'] = table.quotes;
  const quoteList = (matches: readonly MatchResult[], total: number): string => {
    const seen: string[] = [];
    for (const m of matches) {
      const v = shorten(m.value);
      if (v !== '' && !seen.includes(v)) seen.push(v);
    }
    const shown = seen.slice(0, MAX_QUOTED).map((v) => `${open}${v}${close}`);
    const more = seen.length > MAX_QUOTED || total > matches.length;
    return more ? `${shown.join(', ')} ${table.more}` : shown.join(', ');
  };
  const matches = r.matches ?? [];
  const count = r.count ?? Math.max(matches.length, 1);
  const evidence = r.evidence ?? {};
  const first = matches[0];
  const values: Record<string, string> = {
    rule: id,
    score: numberText(language, r.score),
    count: numberText(language, count),
    matches: quoteList(matches, count),
  };
  const category = id.slice(0, id.indexOf('.'));
  if (category === 'email') {
    values.domain = response.email?.domain ?? first?.value ?? '';
    const code = first?.reason ?? '';
    values.reason = Object.hasOwn(table.details, code) ? table.details[code]! : code;
  }
  if (category === 'ipAddress') {
    values.ip = response.ipAddress?.ipAddress ?? '';
    const lists = [...new Set(matches.map((m) => m.reason).filter((l): l is string => typeof l === 'string'))];
    values.lists = (lists.length > 0 ? lists : stringsOf(evidence.lists)).join(', ');
  }
  if (category === 'timeZone') values.timeZone = response.timeZone?.timeZone ?? first?.value ?? '';
  if (id.endsWith('_COUNTRY')) {
    const country = typeof evidence.country === 'string' ? evidence.country : (first?.value ?? '');
    // A region (ISO 3166-2, from a city database) follows its country: "Germany (DE-BY)".
    const region = typeof evidence.region === 'string' ? ` (${evidence.region.toUpperCase()})` : '';
    values.country = `${countryName(language, country)}${region}`;
    values.expected = stringsOf(evidence.expected).map((c) => countryName(language, c)).join(', ');
  }
  if (id === 'text.MODEL' || id === 'text.SITE_MODEL') {
    const p = typeof evidence.probability === 'number' ? evidence.probability : 0;
    values.probability = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(p);
    const spam = matches.filter((m) => m.reason === 'spam');
    values.words = quoteList(spam.length > 0 ? spam : matches, 0);
  }
  if (typeof evidence.length === 'number') values.length = numberText(language, evidence.length);
  if (typeof evidence.threshold === 'number') values.threshold = numberText(language, evidence.threshold);
  if (id === 'text.UNEXPECTED_LANGUAGE') {
    const detected = typeof evidence.detectedLanguage === 'string' ? evidence.detectedLanguage : (first?.value ?? '');
    values.language = displayName(language, 'language', detected);
    values.expected = stringsOf(evidence.expectedLanguages).map((l) => displayName(language, 'language', l)).join(', ');
  }
  return values;
}

function ruleResultOf(response: ClassifyResponse, id: string): RuleResult | undefined {
  const dot = id.indexOf('.');
  const category = response[id.slice(0, dot) as 'text' | 'email' | 'ipAddress' | 'timeZone'];
  return category?.rules[id.slice(dot + 1)];
}

function pick(message: Message, language: ExplainLanguage, count: number): string {
  if (typeof message === 'string') return message;
  return new Intl.PluralRules(language).select(count) === 'one' ? message.one : message.other;
}

/**
 * One sentence per reason of a response (the rules that scored, in the order of `reasons`), with
 * the rule's evidence: at most three quoted values, shortened.
 *
 * @throws FormspamError `INVALID_OPTIONS` for a language other than en, de, fr or es.
 * @example
 * explain(await classify({ text: 'WIN A PRIZE!!! https://spam.example' }), { language: 'de' })
 * // [{ rule: 'text.SPAM_WORDS', score: 2, text: 'Die Nachricht enthält …' }, …]
 */
export function explain(response: ClassifyResponse, options: ExplainOptions = {}): Explanation[] {
  const language = explainLanguage(options.language);
  const table = MESSAGES[language];
  const out: Explanation[] = [];
  for (const id of response.reasons) {
    const r = ruleResultOf(response, id);
    if (!r) continue;
    const values = valuesOf(id, r, response, language, table);
    const message = Object.hasOwn(table.rules, id) ? table.rules[id]! : table.generic;
    out.push({ rule: id, score: r.score, text: fill(pick(message, language, r.count ?? 1), values) });
  }
  return out;
}

/** One sentence per rule of a response that was skipped, saying why it was not evaluated. */
export function explainSkipped(response: ClassifyResponse, options: ExplainOptions = {}): SkippedExplanation[] {
  const language = explainLanguage(options.language);
  const table = MESSAGES[language];
  const out: SkippedExplanation[] = [];
  for (const category of ['text', 'email', 'ipAddress', 'timeZone'] as const) {
    for (const [name, r] of Object.entries(response[category]?.rules ?? {})) {
      if (r.skipped === undefined) continue;
      const template = Object.hasOwn(table.skipped, r.skipped) ? table.skipped[r.skipped]! : table.skipped.other!;
      out.push({ rule: `${category}.${name}`, skipped: r.skipped, text: fill(template, { rule: `${category}.${name}`, reason: r.skipped }) });
    }
  }
  return out;
}

/**
 * The language of the explanations for an HTTP `Accept-Language` header: the first of en, de,
 * fr and es in the order of the client's preferences (quality values, then position; a region
 * such as `de-CH` counts as its language; `q=0` excludes one), else English. `*` matches the
 * first language not excluded, in the order en, de, fr, es.
 *
 * @example
 * negotiateExplainLanguage('fr-CH, fr;q=0.9, en;q=0.8') // 'fr'
 * negotiateExplainLanguage('it, de;q=0.5')              // 'de'
 * negotiateExplainLanguage(undefined)                   // 'en'
 */
export function negotiateExplainLanguage(acceptLanguage: string | null | undefined): ExplainLanguage {
  if (typeof acceptLanguage !== 'string' || acceptLanguage === '') return 'en';
  const ranges: { tag: string; q: number; at: number }[] = [];
  const excluded = new Set<string>();
  const parts = acceptLanguage.slice(0, 1000).split(',');
  for (let at = 0; at < parts.length && at < 50; at++) {
    const [range = '', ...params] = parts[at]!.split(';');
    const tag = range.trim().toLowerCase().split('-')[0]!;
    if (tag === '') continue;
    let q = 1;
    for (const param of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(param);
      if (m) q = Number(m[1]);
    }
    if (!(q >= 0 && q <= 1)) continue;
    if (q === 0) excluded.add(tag);
    else ranges.push({ tag, q, at });
  }
  ranges.sort((a, b) => b.q - a.q || a.at - b.at);
  for (const { tag } of ranges) {
    if (tag === '*') {
      const any = EXPLAIN_LANGUAGES.find((l) => !excluded.has(l));
      if (any) return any;
    } else if ((EXPLAIN_LANGUAGES as readonly string[]).includes(tag) && !excluded.has(tag)) return tag as ExplainLanguage;
  }
  return 'en';
}
