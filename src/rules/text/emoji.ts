import { defineRule, matchesOutcome, type Match } from '../../core/rule.js';
import { findEmojiAt } from '../../text/emoji.js';
import { emojiStartsOf } from '../../text/marks.js';

const VS16 = /\uFE0F/g;

/** The same emoji, U+FE0F ignored ("❤" and "❤️"). */
function sameEmoji(a: string, b: string): boolean {
  return a === b || a.replace(VS16, '') === b.replace(VS16, '');
}

/** True when `s` between `from` and `to` is white space only (or empty). */
function onlySpace(s: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (!(c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x2009 || c === 0x202f || c === 0x3000)) return false;
  }
  return true;
}

/**
 * The emoji of one field, with each row (emoji adjacent or separated only by white space) merged
 * into one match: the same emoji repeated ("❤️❤️❤️", "👍 👍 👍") is one emoji typed several times
 * (`reason: "repeated"`; U+FE0F is ignored when comparing, "❤" and "❤️" are the same), and a row
 * of different emoji ("🙊😀🔥😊") is one expression (`reason: "row"`).
 */
function emojiOf(text: string, field: string, starts: readonly number[]): Match[] {
  if (starts.length === 0) return [];
  const found = findEmojiAt(text, field, starts);
  if (found.length < 2) return found;
  const out: Match[] = [];
  let run = found[0]!;
  let end = run.index! + run.value.length;
  let same = true;
  for (let k = 1; k <= found.length; k++) {
    const m = found[k];
    if (m !== undefined && onlySpace(text, end, m.index!)) {
      if (same && !sameEmoji(m.value, run.value)) same = false;
      end = m.index! + m.value.length;
      continue;
    }
    out.push(rowOf(text, run, end, same));
    if (m === undefined) break;
    same = true;
    run = m;
    end = m.index! + m.value.length;
  }
  return out;
}

/** The match for a row of emoji that starts with `run` and ends at `end` (`run` itself when it is alone). */
function rowOf(text: string, run: Match, end: number, same: boolean): Match {
  if (end - run.index! === run.value.length) return run;
  return { field: run.field, value: text.slice(run.index!, end), index: run.index, reason: same ? 'repeated' : 'row' };
}

export default defineRule({
  id: 'text.EMOJI',
  significance: 'low',
  formula: { per: 0.25 },
  description:
    'Emoji; a multi-part emoji (family, flag, keycap, skin tone) counts once, and so does a row of emoji with nothing but white space between them (❤️❤️❤️, 🙊😀🔥). ©, ®, ™ and arrows count only in emoji style (with U+FE0F).',
  skipReasons: [],
  score({ text }) {
    if (!text) return matchesOutcome([]);
    // A loop, not flatMap (V8's flatMap costs about as much as finding the emoji of a field).
    const segments = text.segments;
    // Where an emoji may start, found in the pass over the text text.CAPITALIZATION,
    // CURRENCY and SPECIAL_CHARS share (marksOf): no search of its own.
    const starts = emojiStartsOf(text);
    if (segments.length === 1) return matchesOutcome(emojiOf(segments[0]!.text, segments[0]!.field, starts[0]!));
    const matches: Match[] = [];
    for (let g = 0; g < segments.length; g++) {
      const found = emojiOf(segments[g]!.text, segments[g]!.field, starts[g]!);
      for (let k = 0; k < found.length; k++) matches.push(found[k]!);
    }
    return matchesOutcome(matches);
  },
});
