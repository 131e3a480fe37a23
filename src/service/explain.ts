/**
 * Readable reasons over HTTP: how a request to `POST /api/v1/classify` or the
 * widget's `POST /api/v1/verify` asks for `explanations`.
 *
 * - the body's `explain` (an extension of the request schema): `"en" | "de" | "fr" | "es"`, or
 *   `true` for the best of those in the request's `Accept-Language` header (else `en`);
 * - else the query parameter `?explain=de` (`?explain` or `?explain=true`: `Accept-Language`;
 *   `?explain=false`: none), which the widget's challenge URL carries to its verify URL.
 *
 * Another language is a 400 with `code: UNSUPPORTED_EXPLAIN_LANGUAGE`. A request that asks for
 * nothing is passed on untouched, so its response is byte-identical to one without this feature.
 */
import { FormspamError } from '../core/errors.js';
import { EXPLAIN_LANGUAGES, negotiateExplainLanguage, type ExplainLanguage } from '../explain/index.js';
import { checkExplainLanguage } from '../core/request.js';
import { isPlainObject } from '../core/validate.js';

/**
 * The `explain` query parameter: undefined when absent, `true` for `?explain`/`?explain=true`
 * (the `Accept-Language` header decides), `false` for `?explain=false`, or a language.
 *
 * @throws FormspamError `UNSUPPORTED_EXPLAIN_LANGUAGE` for any other value.
 */
export function explainParam(value: string | null): boolean | ExplainLanguage | undefined {
  if (value === null) return undefined;
  if (value === '' || value === 'true') return true;
  if (value === 'false') return false;
  if ((EXPLAIN_LANGUAGES as readonly string[]).includes(value)) return value as ExplainLanguage;
  throw new FormspamError(
    'UNSUPPORTED_EXPLAIN_LANGUAGE',
    `?explain=${JSON.stringify(value.slice(0, 35))}: explanations are written in ${EXPLAIN_LANGUAGES.join(', ')}; or true (the language of the Accept-Language header) or false`,
  );
}

/**
 * The classify request of an HTTP request: its body with `explain` resolved. The body's own
 * `explain` wins over the query's; `true` becomes the best language of `acceptLanguage`. The
 * body is copied when anything changes, never modified, and returned as it is otherwise (also
 * when it is not an object: classify refuses it then).
 *
 * @throws FormspamError `UNSUPPORTED_EXPLAIN_LANGUAGE` for a language of neither the query nor
 *   the body (classify checks the body's again, and its other properties).
 */
export function withExplain(body: unknown, query: string | null, acceptLanguage: string | undefined): unknown {
  // The common case first: no query parameter and no `explain` in the body.
  if (query === null && (typeof body !== 'object' || body === null || (body as { explain?: unknown }).explain === undefined)) return body;
  const fromQuery = explainParam(query);
  if (!isPlainObject(body)) return body;
  // The body's own language is checked here too, so that a widget's proof is not used up first.
  checkExplainLanguage(body);
  const own = body.explain;
  if (own === true || (own === undefined && fromQuery === true)) return { ...body, explain: negotiateExplainLanguage(acceptLanguage) };
  if (own === undefined && fromQuery !== undefined) return { ...body, explain: fromQuery };
  return body;
}

