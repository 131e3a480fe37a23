/**
 * Stable, machine-readable error codes. A code never changes meaning once released.
 *
 * - `INVALID_REQUEST`: the request is not a valid classification request (wrong type,
 *   unknown property, value out of range). `path` names the offending field.
 * - `UNKNOWN_RULE`: a rule id in `disableRules` or `options.weights` is not known.
 * - `INVALID_OPTIONS`: a programming or configuration mistake in the options passed to
 *   `classify` (thrown at call time, before any work is done) or to a factory (`createService`,
 *   `createHandler`, `protect`, the stores and providers); the message names the factory and
 *   the option.
 * - `INVALID_JSON`: input that should be JSON could not be parsed (CLI, adapters).
 * - `REQUEST_TOO_LARGE`: the text or a list exceeds its configured limit.
 * - `ABORTED`: the caller's `AbortSignal` fired before the classification finished.
 * - `INVALID_MODEL`: a text model file (`text.MODEL`) is not one formspam can read (wrong
 *   magic, truncated, bad header). Thrown when the model is loaded, never per request: the
 *   rule is then skipped and the problem reported in the response's `errors`.
 * - `INVALID_GEO_DATABASE`: a geo database file (`--geo-city-db`, `createGeoProvider`'s
 *   `cityDatabase` or `countryDatabase`) is missing, unreadable or not a MaxMind DB (mmdb) file.
 * - `UNSUPPORTED_EXPLAIN_LANGUAGE`: the request's `explain` (or the HTTP `?explain=`) names a
 *   language the readable reasons are not written in (they are in en, de, fr and es).
 */
export type FormspamErrorCode =
  | 'INVALID_REQUEST'
  | 'UNKNOWN_RULE'
  | 'INVALID_OPTIONS'
  | 'INVALID_JSON'
  | 'REQUEST_TOO_LARGE'
  | 'ABORTED'
  | 'INVALID_MODEL'
  | 'INVALID_GEO_DATABASE'
  | 'UNSUPPORTED_EXPLAIN_LANGUAGE';

/** The JSON shape of a {@link FormspamError}, as printed by the CLI and returned by servers. */
export interface FormspamErrorJSON {
  code: FormspamErrorCode;
  message: string;
  path?: string;
}

/**
 * The one error type formspam throws for bad input or bad options.
 * Check `error.code` (a stable string) rather than `instanceof` across package boundaries.
 *
 * @example
 * try { await classify({ text: 42 }) } catch (e) {
 *   if (isFormspamError(e)) console.log(e.code, e.path) // INVALID_REQUEST $.text
 * }
 */
export class FormspamError extends Error {
  override readonly name = 'FormspamError';
  readonly code: FormspamErrorCode;
  /** JSON path of the offending value, e.g. `$.fields.message`, when the error is about one value. */
  readonly path: string | undefined;

  constructor(code: FormspamErrorCode, message: string, options: { path?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.path = options.path;
  }

  toJSON(): FormspamErrorJSON {
    return this.path === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, path: this.path };
  }
}

/**
 * The error of a factory given a bad option: a {@link FormspamError} `INVALID_OPTIONS` whose
 * message names the factory and the option, e.g. "createService: `bodyLimit` must be a positive
 * integer (bytes)".
 */
export function invalidOption(factory: string, option: string, problem: string): FormspamError {
  return new FormspamError('INVALID_OPTIONS', `${factory}: \`${option}\` ${problem}`);
}

/** True when `value` is a {@link FormspamError} (works across duplicated copies of the package). */
export function isFormspamError(value: unknown): value is FormspamError {
  return (
    value instanceof FormspamError ||
    (typeof value === 'object' && value !== null && (value as { name?: unknown }).name === 'FormspamError' &&
      typeof (value as { code?: unknown }).code === 'string')
  );
}
