/**
 * The one registry of built-in rules. Explicit imports, no globbing: a rule that is not listed
 * here does not run. A meta-test checks that files, this table and docs/rules.md agree.
 */
import type { AnyRule } from '../core/rule.js';
import disposable from './email/disposable.js';
import dmarc from './email/dmarc.js';
import freeProvider from './email/free-provider.js';
import invalid from './email/invalid.js';
import mx from './email/mx.js';
import reported from './email/reported.js';
import ipBlockedCountry from './ip-address/blocked-country.js';
import ipHosting from './ip-address/hosting.js';
import ipMalicious from './ip-address/malicious.js';
import ipProxy from './ip-address/proxy.js';
import ipTor from './ip-address/tor.js';
import ipUnexpectedCountry from './ip-address/unexpected-country.js';
import capitalization from './text/capitalization.js';
import currency from './text/currency.js';
import emoji from './text/emoji.js';
import exclamation from './text/exclamation.js';
import hashTags from './text/hash-tags.js';
import htmlInjection from './text/html-injection.js';
import html from './text/html.js';
import model from './text/model.js';
import numbersOnly from './text/numbers-only.js';
import obfuscation from './text/obfuscation.js';
import profanity from './text/profanity.js';
import randomChars from './text/random-chars.js';
import sentiment from './text/sentiment.js';
import shortText from './text/short-text.js';
import siteModel from './text/site-model.js';
import spamWords from './text/spam-words.js';
import specialChars from './text/special-chars.js';
import sqlInjection from './text/sql-injection.js';
import unexpectedLanguage from './text/unexpected-language.js';
import unknownLanguage from './text/unknown-language.js';
import url from './text/url.js';
import tzBlockedCountry from './time-zone/blocked-country.js';
import tzInvalid from './time-zone/invalid.js';
import tzUnexpectedCountry from './time-zone/unexpected-country.js';

/** Every built-in rule, in id order. Spread and filter it to build your own set. */
export const defaultRules: readonly AnyRule[] = [
  disposable,
  dmarc,
  freeProvider,
  invalid,
  mx,
  reported,
  ipBlockedCountry,
  ipHosting,
  ipMalicious,
  ipProxy,
  ipTor,
  ipUnexpectedCountry,
  capitalization,
  currency,
  emoji,
  exclamation,
  hashTags,
  html,
  htmlInjection,
  model,
  numbersOnly,
  obfuscation,
  profanity,
  randomChars,
  sentiment,
  shortText,
  siteModel,
  spamWords,
  specialChars,
  sqlInjection,
  unexpectedLanguage,
  unknownLanguage,
  url,
  tzBlockedCountry,
  tzInvalid,
  tzUnexpectedCountry,
] as const satisfies readonly AnyRule[];

/** Rule ids formspam adds beyond the service contract (documented in docs/rules.md). */
export const EXTENSION_RULE_IDS: readonly string[] = ['email.DISPOSABLE', 'text.MODEL', 'text.OBFUSCATION', 'text.SITE_MODEL', 'timeZone.INVALID'];

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
