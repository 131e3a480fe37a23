/**
 * `createClassifier(options)` and `classify()`: the engine (engine/classify.ts) with formspam's
 * defaults, the built-in rules and the bundled offline providers.
 */
import { FormspamError } from '../core/errors.js';
import type { ClassifyResponse } from '../core/response.js';
import { createDefaultProviders } from '../providers/default.js';
import type { Providers } from '../providers/types.js';
import { defaultRules, EXTENSION_RULE_IDS, SPEC_RULE_IDS } from '../rules/index.js';
import {
  prepare,
  prepareRules,
  run,
  type ClassifierOptions,
  type ClassifyCallOptions,
  type ClassifyOptions,
  type FormspamClassifier,
  type OptionsOwner,
  type Prepared,
  type RuleSet,
} from './classify.js';

export type { ClassifierOptions, ClassifyCallOptions, ClassifyOptions, FormspamClassifier } from './classify.js';

/**
 * The providers used when none are given: the bundled offline ones (language detection, the
 * text model, geo and ASN data, email lists and the installed IP lists; no DNS), made when first
 * needed and shared. Their data loads lazily, on the first look-up that needs it: importing
 * formspam loads nothing.
 */
let bundled: Providers | undefined;
function bundledProviders(): Providers {
  return (bundled ??= createDefaultProviders({ offline: true }));
}

/** Every id `disableRules` accepts besides the rules in use: the contract's and formspam's own. */
const KNOWN_RULE_IDS: readonly string[] = [...SPEC_RULE_IDS, ...EXTENSION_RULE_IDS];

const CALL_OPTIONS: ReadonlySet<string> = new Set(['clientIp', 'signal', 'id', 'apiKey']);

/** The default rules, prepared once (order, plans) for every classifier and classify() that uses them. */
let defaultRuleSet: RuleSet | undefined;
function rulesOf(rules: unknown, owner: OptionsOwner): RuleSet {
  return rules === undefined ? (defaultRuleSet ??= prepareRules(defaultRules, KNOWN_RULE_IDS, owner)) : prepareRules(rules, KNOWN_RULE_IDS, owner);
}

function notAnObject(owner: OptionsOwner, what: string): never {
  throw new FormspamError('INVALID_OPTIONS', `${owner.factory}: ${what} must be an object`);
}

/**
 * A classifier whose options are checked by `owner` (createService and protect check theirs as
 * `classifyOptions.…`): {@link createClassifier} with the name of who asked.
 */
export function classifierFor(options: ClassifierOptions, owner: OptionsOwner): FormspamClassifier {
  if (typeof options !== 'object' || options === null) notAnObject(owner, owner.prefix ? `\`${owner.prefix.slice(0, -1)}\`` : 'the options');
  for (const key of CALL_OPTIONS) {
    if ((options as Record<string, unknown>)[key] !== undefined) {
      throw new FormspamError('INVALID_OPTIONS', `${owner.factory}: \`${owner.prefix ?? ''}${key}\` is given per call: classifier.classify(request, { ${key} })`);
    }
  }
  const p = prepare(options, rulesOf(options.rules, owner), owner);
  const providers = options.providers ?? bundledProviders();
  if (typeof providers !== 'object' || providers === null) notAnObject(owner, `\`${owner.prefix ?? ''}providers\``);
  return {
    classify(request: unknown, call?: ClassifyCallOptions): Promise<ClassifyResponse> {
      if (call === undefined) return run(p, providers, request, undefined, undefined);
      if (typeof call !== 'object' || call === null) return Promise.reject(callError('the call options must be an object'));
      for (const key in call) {
        if (!CALL_OPTIONS.has(key)) {
          return Promise.reject(callError(`\`${key}\` is not an option of a call (clientIp, signal, id, apiKey); give it to createClassifier()`));
        }
      }
      return run(p, providers, request, call.clientIp, call.signal, call.id, call.apiKey);
    },
  };
}

function callError(message: string): FormspamError {
  return new FormspamError('INVALID_OPTIONS', `classify: ${message}`);
}

/**
 * Prepares rules, weights, providers and timeouts once, for many requests: the options are
 * checked here (a bad one throws a FormspamError `INVALID_OPTIONS` naming it), and
 * `classifier.classify(request, { clientIp, signal })` then only classifies.
 *
 * @example
 * const classifier = createClassifier({ weights: { 'text.URL': 0.5 }, timeoutMs: 500 });
 * const result = await classifier.classify({ text: 'Cheap followers!!! https://spam.example' });
 */
export function createClassifier(options: ClassifierOptions = {}): FormspamClassifier {
  return classifierFor(options, { factory: 'createClassifier' });
}

/** The default options, prepared on the first `classify()` that uses them and shared. */
let defaults: Prepared | undefined;
const CLASSIFY: OptionsOwner = { factory: 'classify' };
const NO_OPTIONS: ClassifyOptions = Object.freeze({});

/**
 * Classifies a form submission: `createClassifier({ ...options, providers }).classify(request,
 * { clientIp, signal })` in one call. Pure apart from the providers it is given: the same request
 * and the same providers give a byte-identical response. The default options are prepared once;
 * other options are checked and prepared on every call, so to classify many requests with the
 * same rules or weights, make a classifier once with {@link createClassifier} (the default rules
 * are prepared once either way).
 *
 * @param request a classification request (2.1 of the spec); validated here.
 * @param providers DNS, geo, IP reputation, language and text-model providers; rules whose
 *   provider is missing are reported as skipped. Left out, the bundled offline providers are
 *   used (everything but DNS: `createDefaultProviders({ offline: true })`); `{}` runs only the
 *   rules that need no provider.
 * @throws FormspamError `INVALID_REQUEST`, `REQUEST_TOO_LARGE` or `UNKNOWN_RULE` for bad
 *   requests, `INVALID_OPTIONS` for bad options, `ABORTED` when `options.signal` fires.
 *   Provider failures never throw: they are reported in `errors` and skip the rules that needed them.
 *
 * @example
 * const result = await classify({ text: 'Buy cheap followers!!! https://spam.example' });
 * result.classification // 'BAD'
 * result.reasons        // ['text.EXCLAMATION', 'text.URL']
 */
export function classify(request: unknown, providers?: Providers, options?: ClassifyOptions): Promise<ClassifyResponse> {
  // Not an async function: it returns run()'s promise itself, and a bad option rejects it as an
  // async function's throw would (never a synchronous throw). An async function returning a
  // promise resolves its own with it: one promise and two microtask turns more per call.
  try {
    const given = providers === undefined ? bundledProviders() : providers;
    const o = options === undefined ? NO_OPTIONS : options;
    if (typeof o !== 'object' || o === null) notAnObject(CLASSIFY, 'the options');
    const p = o.rules === undefined && o.weights === undefined && o.timeoutMs === undefined &&
        o.limits === undefined && o.maxMatches === undefined && o.explain === undefined
      ? (defaults ??= prepare({}, rulesOf(undefined, CLASSIFY), CLASSIFY))
      : prepare(o, rulesOf(o.rules, CLASSIFY), CLASSIFY);
    if (typeof given !== 'object' || given === null) notAnObject(CLASSIFY, '`providers`');
    return run(p, given, request, o.clientIp, o.signal, o.id, o.apiKey);
  } catch (error) {
    return Promise.reject(error);
  }
}
