/**
 * The response of a classification, shaped from what the rules gave: the classification and
 * reasons, one object per category given (its score and rule results in name order), the text's
 * language and classifier, the geo parts (the `ipAddress` object's location, the `timeZone`
 * object's country, the `country` object), the errors and the explanations.
 */
import type { ClassifyRequest, NormalizedRequest } from '../core/request.js';
import { classificationOf, type CategoryResult, type ClassifyResponse, type ProblemReport, type RuleResult } from '../core/response.js';
import type { Category } from '../core/rule.js';
import { emailDomainOf } from '../email/address.js';
import { explain, type ExplainLanguage } from '../explain/index.js';
import { countryResult, type CountryResult } from '../geo/countries.js';
import { timeZoneCountry } from '../geo/time-zone.js';
import { reliableLanguage, selectClassifier } from '../language/choice.js';
import type { LanguageGuess } from '../providers/types.js';

/** A category's score in hundredths and its rule results, in the order of its rules' names. */
export interface CategoryTally {
  cents: number;
  results: RuleResult[];
}

/** What a classification gave, for {@link respond}. */
export interface Tally {
  /** The response's `id`. */
  id: string;
  /** The request as given (its `explain` wins over the option) and as normalised. */
  request: unknown;
  req: NormalizedRequest;
  /** The categories given, and per category its rules' results and their names (in the response's order). */
  given: readonly Category[];
  categories: readonly CategoryTally[];
  names: readonly (readonly string[])[];
  /**
   * Per category, the template of its rule objects when the request's plan is a kept one (see
   * {@link rulesTemplate}), else null.
   */
  templates: readonly (object | null)[] | null;
  /** The rules that added to the score, with their share in hundredths, in any order. */
  reasons: { id: string; cents: number }[];
  /** The score in hundredths. */
  total: number;
  /** The language and the geo fact, when they were fetched. */
  language: { ok: boolean; value?: unknown } | undefined;
  geo: { ok: boolean; value?: unknown } | undefined;
  problems: readonly ProblemReport[];
  /** The language of `explanations` the options ask for, or null. */
  explain: ExplainLanguage | null;
}

/** A rule name that JSON.parse and an assignment both make an ordinary own key of, in insertion order. */
const PLAIN_NAME = /^[A-Z][A-Z0-9_]*$/;

/**
 * The template of a category's rule objects in a kept plan: its active rules' names in the
 * response's order, with null values, made by JSON.parse so that it is a fast-mode object; made
 * once per plan and category. Null when a name is not one defineRule() allows (a hand-made
 * rule): then the object is built key by key.
 */
export function rulesTemplate(names: readonly string[]): object | null {
  return names.every((name) => PLAIN_NAME.test(name)) && new Set(names).size === names.length
    ? (JSON.parse(`{${names.map((name) => `"${name}":null`).join(',')}}`) as object)
    : null;
}

/** The response to a request whose rules have run. */
/**
 * The reasons by share, highest first, then by id, sorted in place: by insertion up to 16 (a
 * request has a few; `Array.prototype.sort` with a comparator costs more than the sorting of
 * three), beyond by `sort`. The order is total (ids are distinct), so it is the one any sort gives.
 */
export function sortReasons(reasons: { id: string; cents: number }[]): { id: string; cents: number }[] {
  if (reasons.length > 16) return reasons.sort((a, b) => b.cents - a.cents || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (let i = 1; i < reasons.length; i++) {
    const r = reasons[i]!;
    let j = i - 1;
    for (; j >= 0; j--) {
      const q = reasons[j]!;
      if (q.cents > r.cents || (q.cents === r.cents && q.id < r.id)) break;
      reasons[j + 1] = q;
    }
    reasons[j + 1] = r;
  }
  return reasons;
}

export function respond(t: Tally): ClassifyResponse {
  const { req, given, categories, names, templates } = t;
  const reasons = sortReasons(t.reasons);
  const response: ClassifyResponse = {
    id: t.id,
    classification: classificationOf(t.total),
    score: t.total / 100,
    reasons: reasons.map((r) => r.id),
  };
  const categoryResult = (category: Category): CategoryResult => {
    const c = given.indexOf(category);
    const { cents, results } = categories[c]!;
    const ruleNames = names[c]!;
    // What Object.fromEntries gives (rule names are never array indices or __proto__), faster.
    // For a kept plan, a copy of the category's template (its keys already in order) filled
    // in: an object of 20 keys added one by one is a dictionary-mode object, slower to build and
    // to serialise; the copy of a fast-mode template stays fast. The same keys in the same order.
    const template = templates === null ? null : templates[c]!;
    const rules: Record<string, RuleResult> = template === null ? {} : { ...template };
    for (let i = 0; i < results.length; i++) rules[ruleNames[i]!] = results[i]!;
    return { score: cents / 100, rules };
  };
  if (req.text) {
    const { score, rules } = categoryResult('text');
    const language = t.language;
    const guesses = language?.ok && Array.isArray(language.value) ? (language.value as LanguageGuess[]) : undefined;
    response.text = { classifier: selectClassifier(req, guesses), detectedLanguage: reliableLanguage(guesses) ?? null, score, rules };
  }
  if (req.email !== null) response.email = { domain: emailDomainOf(req), ...categoryResult('email') };
  if (req.ipAddress !== null) {
    const { score, rules } = categoryResult('ipAddress');
    const { city, cityMissing, country, region, zip } = ipLocationOf(t.geo);
    response.ipAddress = cityMissing === undefined
      ? { city, country, ipAddress: req.ipAddress, region, rules, score, zip }
      : { city, cityMissing, country, ipAddress: req.ipAddress, region, rules, score, zip };
  }
  if (req.timeZone !== null) {
    const { score, rules } = categoryResult('timeZone');
    response.timeZone = { country: timeZoneCountryCode(req.timeZone), rules, score, timeZone: req.timeZone };
  }
  const country = detectedCountry(response.timeZone, response.ipAddress);
  if (country !== undefined) response.country = country;
  if (t.problems.length > 0) response.errors = t.problems as ProblemReport[];
  // The request's `explain` (validated) wins over the option.
  const asked = t.request === undefined ? undefined : (t.request as ClassifyRequest).explain;
  const language = asked === undefined ? t.explain : asked === false ? null : asked === true ? 'en' : asked;
  if (language !== null) response.explanations = explain(response, { language });
  return response;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value.slice(0, 200) : null;
}

/** A reason as the response may carry it: a short kebab-case code, else null. */
function reasonText(value: unknown): string | null {
  return typeof value === 'string' && /^[a-z][a-z0-9-]{0,39}$/.test(value) ? value : null;
}

/** The `ipAddress` object's location fields. */
export interface IpLocation {
  city: string | null;
  /** Why `city` is null; absent when it is not. */
  cityMissing?: string;
  country: string | null;
  region: string | null;
  zip: string | null;
}

/**
 * City, country (lower case), region (ISO 3166-2, lower case) and zip from the result of the
 * `ip.geo` fact, if it was fetched; when the city is null, `cityMissing` says why: the
 * provider's reason (`no-city-database`, `not-in-city-database`), the fact's failure
 * (`non-public`, `no-provider`, `timeout`, `provider-error`), or `unknown` when a provider
 * gave no city without saying why.
 */
export function ipLocationOf(result: unknown): IpLocation {
  const r = result as { ok?: unknown; reason?: unknown; value?: { country?: unknown; city?: unknown; zip?: unknown; region?: unknown; cityMissing?: unknown } | null } | undefined;
  if (r === undefined || r.ok !== true) {
    return { city: null, cityMissing: reasonText(r?.reason) ?? 'no-provider', country: null, region: null, zip: null };
  }
  const v = r.value;
  if (!v || typeof v !== 'object') return { city: null, cityMissing: 'unknown', country: null, region: null, zip: null };
  const country = typeof v.country === 'string' && /^[A-Za-z]{2}$/.test(v.country) ? v.country.toLowerCase() : null;
  const region = typeof v.region === 'string' && /^[A-Za-z]{2}-[A-Za-z0-9]{1,3}$/.test(v.region) ? v.region.toLowerCase() : null;
  const city = text(v.city);
  const out: IpLocation = { city, country, region, zip: text(v.zip) };
  if (city === null) out.cityMissing = reasonText(v.cityMissing) ?? 'unknown';
  return out;
}

/** The lower-case country of a time zone, or null. */
export function timeZoneCountryCode(zone: string): string | null {
  const tz = timeZoneCountry(zone);
  return tz.status === 'country' ? tz.country.toLowerCase() : null;
}

/**
 * The response's `country`: from the time zone when it names one (often more accurate than
 * the IP address), else from the IP address; null when neither tells; undefined when neither
 * was given.
 */
export function detectedCountry(
  timeZone: { country: string | null } | undefined,
  ipAddress: { country: string | null } | undefined,
): CountryResult | null | undefined {
  if (timeZone === undefined && ipAddress === undefined) return undefined;
  const code = timeZone?.country ?? ipAddress?.country ?? null;
  return code === null ? null : countryResult(code);
}
