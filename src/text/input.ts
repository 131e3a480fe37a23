/**
 * The normalised text of a request: one segment per field, in order, each NFKC-normalised
 * with invisible characters removed. Count-based rules scan segments (so every match keeps
 * the field it came from); length- and language-based rules read `joined`.
 */

export interface TextSegment {
  /** `text` for a string, `text[i]` for an array item, the field name for `fields`. */
  readonly field: string;
  readonly text: string;
}

export interface Token {
  readonly field: string;
  readonly value: string;
  /** Offset of the token within its field's normalised text. */
  readonly index: number;
}

// Zero-width space, word joiner, BOM and soft hyphen hide words from filters; they carry no meaning
// in form text. ZWJ and ZWNJ stay: emoji sequences and several scripts need them.
const INVISIBLE = /[\u200B\u2060\uFEFF\u00AD]/g;
// C0 and C1 controls other than tab, line feed and carriage return.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;

/** The normalisation every text rule sees: NFKC, invisible characters removed, controls to spaces. */
export function normalizeText(text: string): string {
  return text.normalize('NFKC').replace(INVISIBLE, '').replace(CONTROL, ' ');
}

export class TextInput {
  readonly segments: readonly TextSegment[];
  /** All segments joined with a line feed, in order. */
  readonly joined: string;
  #tokens: readonly Token[] | undefined;

  constructor(segments: readonly TextSegment[]) {
    this.segments = segments.map((s) => ({ field: s.field, text: normalizeText(s.text) }));
    this.joined = this.segments.map((s) => s.text).join('\n');
  }

  /** Whitespace-separated tokens of every segment, in order. */
  get tokens(): readonly Token[] {
    if (this.#tokens === undefined) {
      const out: Token[] = [];
      for (const { field, text } of this.segments) {
        for (const m of text.matchAll(/\S+/g)) out.push({ field, value: m[0], index: m.index });
      }
      this.#tokens = out;
    }
    return this.#tokens;
  }
}
