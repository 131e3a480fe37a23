/**
 * The one registry of built-in rules. Explicit imports, no globbing: a rule that is not listed
 * here does not run. A meta-test checks that files, this table and docs/rules.md agree.
 */
import type { AnyRule } from '../rule.js';
import capitalization from './text/capitalization.js';
import currency from './text/currency.js';
import emoji from './text/emoji.js';
import exclamation from './text/exclamation.js';
import hashTags from './text/hash-tags.js';
import htmlInjection from './text/html-injection.js';
import html from './text/html.js';
import numbersOnly from './text/numbers-only.js';
import randomChars from './text/random-chars.js';
import shortText from './text/short-text.js';
import specialChars from './text/special-chars.js';
import sqlInjection from './text/sql-injection.js';
import url from './text/url.js';

/** Every built-in rule, in id order. Spread and filter it to build your own set. */
export const defaultRules: readonly AnyRule[] = [
  capitalization,
  currency,
  emoji,
  exclamation,
  hashTags,
  html,
  htmlInjection,
  numbersOnly,
  randomChars,
  shortText,
  specialChars,
  sqlInjection,
  url,
] as const satisfies readonly AnyRule[];

/** Rule ids formspam adds beyond the service contract (documented in docs/rules.md). */
export const EXTENSION_RULE_IDS: readonly string[] = ['email.DISPOSABLE'];

/**
 * Every rule id of the service contract (spec 2.3), including rules that later versions of
 * formspam implement. `disableRules` accepts these and the ids of the rules in use.
 */
export const SPEC_RULE_IDS: readonly string[] = [
  'text.CAPITALIZATION', 'text.CURRENCY', 'text.EMOJI', 'text.EXCLAMATION', 'text.HASH_TAGS', 'text.HTML',
  'text.HTML_INJECTION', 'text.NUMBERS_ONLY', 'text.PROFANITY', 'text.RANDOM_CHARS', 'text.SENTIMENT',
  'text.SHORT_TEXT', 'text.SPAM_WORDS', 'text.SPECIAL_CHARS', 'text.SQL_INJECTION', 'text.UNEXPECTED_LANGUAGE',
  'text.UNKNOWN_LANGUAGE', 'text.URL',
  'email.FREE_PROVIDER', 'email.DMARC', 'email.MX', 'email.REPORTED', 'email.INVALID',
  'ipAddress.BLOCKED_COUNTRY', 'ipAddress.HOSTING', 'ipAddress.MALICIOUS', 'ipAddress.PROXY', 'ipAddress.TOR',
  'ipAddress.UNEXPECTED_COUNTRY',
  'timeZone.BLOCKED_COUNTRY', 'timeZone.UNEXPECTED_COUNTRY',
];
