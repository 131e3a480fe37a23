import { defineRule, matchesOutcome, type Match } from '../../core/rule.js';
import { punctuationBits, punctuationOf } from '../../text/marks.js';

/**
 * Patterns of SQL injection attempts. Each is case-insensitive and uses bounded quantifiers
 * only, so each attempt is constant work and a scan is linear. Overlapping matches in a field
 * are merged: "' OR 1=1 --" is one attempt.
 *
 * Prose shares the words (select, drop, update, or, and) and even the punctuation, so each
 * pattern also asks for what injected SQL has and prose has not: a condition comes right after a
 * closing quote and is followed by the end of the line, a comment, a bracket or another keyword
 * ("'on' or 'off' = both fine" goes on with words); a stacked statement comes after a closed
 * value (`1;`, `';`, `);`), not after a word ("Please remove me; delete from your list").
 */
const PATTERN_LIST: readonly RegExp[] = [
  // Tautologies after a closing quote: ' OR 1=1, ' or 'a'='a, ") OR ("x"="x, ' or x=x--, ' OR TRUE--, ' or 1#
  /['"`][ \t]{0,5}\){0,3}[ \t]{0,5}(?:(?:or|and)(?:\s{1,5}|(?=[('"`]))|\|\||&&)\s{0,5}\(?\s{0,3}(?:(?:['"`][^'"`\n]{0,20}['"`]|\d{1,10}|\w{1,20})\s{0,5}(?:=|like\b)\s{0,5}(?:['"`][^'"`\n]{0,20}['"`]?|\d{1,10})|(?:['"`][^'"`\n]{0,20}['"`]|\d{1,10})\s{0,5}(?:<>|!=|<=|>=|<|>)\s{0,5}(?:['"`][^'"`\n]{0,20}['"`]?|\d{1,10})|(\w{1,20})\s{0,5}=\s{0,5}\1\b)(?=[ \t]{0,5}(?:$|--|#|\/\*|;|\)|&|\b(?:and|or|union|limit|order|group|having|into|from|where)\b))(?:[ \t]{0,3}(?:--|#|\/\*))?|['"`][ \t]{0,5}\){0,3}[ \t]{0,5}(?:or|and|\|\||&&)\s{1,5}(?:(?:true|not\s{1,5}false)[ \t]{0,3}(?:--|#|;|\/\*|$)|\d{1,10}[ \t]{0,3}(?:--|#|\/\*))/gim,
  // Numeric tautology without quotes: 1 OR 1=1, 1) or (2=2
  /\b(?:or|and)\s{1,5}\(?\s{0,3}(\d{1,10})\s{0,3}=\s{0,3}\1\b/gi,
  // Stacked statements after a closed value (1; drop table users / '; delete from x / '); exec xp_cmdshell)
  // or at the start of a line. Prose puts a semicolon after a word ("Please remove me; delete from your list").
  /(?:^|(?<=[\d'"`)]))[ \t]{0,5};\s{0,5}(?:drop\s{1,5}(?:table|database|schema|view|index|procedure|function|user)\b(?:\s{1,5}(?:if\s{1,5}exists\s{1,5})?[\w`"[\].]{1,64})?|(?:delete|truncate)\s{1,5}(?:from|table)\b|insert\s{1,5}into\b|update\s{1,5}[\w`"[\].]{1,64}\s{1,5}set\b|alter\s{1,5}(?:table|database|user)\b|create\s{1,5}(?:table|database|user|procedure|function|trigger)\b|(?:exec(?:ute)?|call)\s{1,5}(?:xp_|sp_|master\.)|shutdown\b|declare\s{1,5}@|select\s{1,5}(?:\*|@@|[\w`"[\].]{1,64}\s{0,5},|[\w`"[\].]{1,64}\s{1,5}from\b)|grant\s{1,5}all\b)/gim,
  // DROP TABLE name as a whole statement, after any semicolon: x; drop table users;--
  /;\s{0,5}drop\s{1,5}(?:table|database|schema)\s{1,5}(?:if\s{1,5}exists\s{1,5})?[\w`"[\].]{1,64}(?=[ \t]{0,5}(?:;|--|#|\/\*|$))/gim,
  // UNION-based: UNION SELECT, UNION ALL SELECT, UNION/**/SELECT
  /\bunion(?:\s|\/\*[^*]{0,20}\*\/){1,10}(?:all(?:\s|\/\*[^*]{0,20}\*\/){1,10}|distinct(?:\s|\/\*[^*]{0,20}\*\/){1,10})?select\b/gi,
  // A comment right after a quote or bracket: admin'/*, ')/*, 1)--
  /['"`][ \t]{0,5}\){0,3}[ \t]{0,5}\/\*|\){1,3}(?:--(?!-)|#)[ \t]{0,3}$/gim,
  // Time-based and out-of-band functions with their argument: SLEEP(5), pg_sleep(5), WAITFOR DELAY '0:0:5'
  /\b(?:(?:pg_)?sleep\s{0,3}\(\s{0,3}\d{1,10}(?:\.\d{1,6})?\s{0,3}\)|benchmark\s{0,3}\(\s{0,3}\d{1,12}\s{0,3},|waitfor\s{1,5}delay\s{1,5}['"][\d:.]{1,16}['"]?|load_file\s{0,3}\(|extractvalue\s{0,3}\(|updatexml\s{0,3}\(|dbms_pipe\.receive_message\s{0,3}\()/gi,
  // System objects no form text needs: information_schema, xp_cmdshell, @@version
  /\b(?:information_schema\b|xp_cmdshell\b|sysobjects\b)|@@version\b/gi,
  // SELECT * FROM table (then the end of the line, a terminator, a comment or an SQL keyword),
  // SELECT NULL, SELECT @@x, SELECT CONCAT(. "Select * from the menu and pick a dessert" is prose:
  // the word after the table name is neither.
  /\bselect\s{1,5}(?:\*\s{0,5}from\s{1,5}[\w`"[\].]{1,64}(?=[ \t]{0,5}(?:$|[;)#,]|--|\/\*|(?:where|limit|union|join|having|offset|(?:order|group)\s{1,5}by|(?:left|right|inner|outer|cross|full)\s{1,5}(?:outer\s{1,5})?join)\b))|null\s{0,3},|@@\w{1,20}|(?:group_)?concat\s{0,3}\()/gim,
];

/**
 * A cheap test per pattern of something its matches cannot do without (a quote, "=", ";", a
 * keyword), so that ordinary text skips most patterns. The punctuation they ask for is read from
 * the field's bits (found in the tokens' pass, see punctuationOf), the keywords by one scan per
 * field (see {@link Hints}).
 */
type Hint = (value: string, h: Hints) => boolean;
const HINTS: readonly Hint[] = [
  (value, h) => h.quote && quoteThenOperator(value),
  (_, h) => (h.bits & EQUALS) !== 0,
  (_, h) => h.semicolon,
  (_, h) => h.semicolon,
  (_, h) => (h.words & UNION) !== 0,
  // A quote then "/*", or ")" then "--" or "#" (prose has quotes and brackets, rarely these).
  (value, h) => (h.quote && (h.bits & SLASH) !== 0 && value.includes('/*')) || ((h.bits & CLOSE) !== 0 && hasDashesOrHash(value, h.bits)),
  // Each alternative has one of these words (prose has brackets).
  (_, h) => (h.words & TIME_WORDS) !== 0,
  (_, h) => (h.words & SYSTEM_WORDS) !== 0,
  (_, h) => (h.words & SELECT) !== 0,
];

/** Every quote of the tautology pattern, to jump from one to the next. */
const QUOTES = /['"`]/g;
/** 1 for the code units that the tautology pattern allows between its quote and operator: space, tab, ")". */
const QUOTE_GAP = new Uint8Array(128);
QUOTE_GAP[0x20] = QUOTE_GAP[0x09] = QUOTE_GAP[0x29] = 1;
/** 1 for the first code unit of the tautology pattern's operators: "or", "and" (any case), "||", "&&". */
const OPERATOR_START = new Uint8Array(128);
for (const c of 'oOaA|&') OPERATOR_START[c.charCodeAt(0)] = 1;

/**
 * What every match of the tautology pattern (the first of PATTERN_LIST) has: a quote, then at
 * most 13 spaces, tabs and ")" (its `[ \t]{0,5}\){0,3}[ \t]{0,5}`), then "or" or "and" (any case:
 * the expression's `i` flag without `u` folds no other character to these) or "||" or "&&". So
 * the first code unit after the quote that is none of those three must start an operator. Prose
 * has quotes (apostrophes in "it's", quoted words), which sent the whole field through the
 * expression; a quote followed by an operator is rare in it. A test, not a search: the pattern
 * still finds the matches.
 */
function quoteThenOperator(value: string): boolean {
  QUOTES.lastIndex = 0;
  while (QUOTES.test(value)) {
    // `test` with the g flag leaves lastIndex after the quote, without a match object.
    let i = QUOTES.lastIndex;
    const end = Math.min(value.length, i + 14);
    while (i < end && value.charCodeAt(i) < 128 && QUOTE_GAP[value.charCodeAt(i)] === 1) i++;
    const d = value.charCodeAt(i);
    if (i < end && d < 128 && OPERATOR_START[d] === 1) return true;
  }
  return false;
}

/** The hints shared by several patterns, found once per field. */
interface Hints {
  /** The field's ASCII punctuation (see punctuationBits). */
  bits: number;
  quote: boolean;
  semicolon: boolean;
  /** The keyword groups below that occur in the field (case-insensitively), a bit each. */
  words: number;
}

// The keywords the hints of four patterns ask for, by group.
const TIME_WORDS = 1;
const UNION = 2;
const SYSTEM_WORDS = 4;
const SELECT = 8;
const KEYWORD_GROUPS: Readonly<Record<string, number>> = {
  sleep: TIME_WORDS, benchmark: TIME_WORDS, waitfor: TIME_WORDS, load_file: TIME_WORDS, extractvalue: TIME_WORDS,
  updatexml: TIME_WORDS, dbms_pipe: TIME_WORDS, union: UNION, information_schema: SYSTEM_WORDS,
  xp_cmdshell: SYSTEM_WORDS, sysobjects: SYSTEM_WORDS, '@@version': SYSTEM_WORDS, select: SELECT,
};
/**
 * Every keyword in one expression, case-insensitive as the four tests it replaces (a scan of the
 * field each): prose has none of them, and one scan tells. No keyword is a prefix of another,
 * and the search goes on one character after each match, so every occurrence of every keyword
 * is found, overlapping ones too.
 */
const KEYWORDS = new RegExp(Object.keys(KEYWORD_GROUPS).join('|'), 'gi');

/** The KEYWORD_GROUPS bits of the keywords in `value`. */
function keywordGroups(value: string): number {
  let words = 0;
  KEYWORDS.lastIndex = 0;
  for (let m = KEYWORDS.exec(value); m !== null; m = KEYWORDS.exec(value)) {
    words |= KEYWORD_GROUPS[m[0].toLowerCase()]!;
    if (words === (TIME_WORDS | UNION | SYSTEM_WORDS | SELECT)) break;
    KEYWORDS.lastIndex = m.index + 1;
  }
  return words;
}

/**
 * For a pattern whose every match has a given character at most `lead` characters after its
 * start (the stacked-statement pattern: a ";" after at most five blanks), the search jumps to
 * that character instead of trying the pattern's start at every position: the same matches,
 * found without the per-position look-behind.
 */
const ANCHORS: readonly ({ char: string; lead: number } | undefined)[] = [undefined, undefined, { char: ';', lead: 5 }];
const PATTERNS: readonly { re: RegExp; hint: Hint; anchor: { char: string; lead: number } | undefined }[] = PATTERN_LIST.map((re, i) => ({ re, hint: HINTS[i]!, anchor: ANCHORS[i] }));

/** The spans of `re` in `value`, as `value.matchAll(re)` finds them (the expression has no empty matches). */
function anchoredSpans(value: string, re: RegExp, anchor: { char: string; lead: number }, spans: [number, number][]): void {
  // Only the starts within `lead` blanks before each anchor are tried, with a sticky copy of
  // the expression (a global search would go on through the rest of the text after a miss).
  // Anchors in order and starts in ascending order: the leftmost match first, as matchAll.
  let sticky = STICKY.get(re);
  if (sticky === undefined) STICKY.set(re, (sticky = new RegExp(re.source, re.flags.replace('g', '') + 'y')));
  let from = 0;
  let q = value.indexOf(anchor.char);
  while (q !== -1) {
    let next = q + 1;
    // Between a match's start and its anchor there are only blanks (the pattern's [ \t]{0,5}).
    let first = q;
    while (first > from && q - first < anchor.lead && (value.charCodeAt(first - 1) === 32 || value.charCodeAt(first - 1) === 9)) first--;
    for (let start = first; start <= q; start++) {
      sticky.lastIndex = start;
      const m = sticky.exec(value);
      if (m === null) continue;
      spans.push([start, start + m[0].length]);
      from = next = start + m[0].length;
      break;
    }
    q = value.indexOf(anchor.char, next);
  }
}
const STICKY = new Map<RegExp, RegExp>();

/**
 * A comment ending the line right after a quote: admin'--, admin' #, ') --. Not "---" (a dash
 * in prose) and not across lines (an e-mail signature "-- " under a line ending in a quote).
 * The injected quote is left open, the comment swallowing the application's closing one; a quote
 * that closes a pair on its line is prose ("He said 'no' --") and is checked in code, see
 * {@link opensQuote}.
 */
const QUOTE_BITS = punctuationBits('\'"`');
const EQUALS = punctuationBits('=');
const SLASH = punctuationBits('/');
const CLOSE = punctuationBits(')');
const SEMICOLON = punctuationBits(';');
const HASH = punctuationBits('#');
const DASH_OR_HASH = punctuationBits('-#');

/** Whether `value` (whose ASCII punctuation is `bits`) has "--" or "#". */
function hasDashesOrHash(value: string, bits: number): boolean {
  return (bits & DASH_OR_HASH) !== 0 && ((bits & HASH) !== 0 || value.includes('--'));
}
const QUOTE_COMMENT = /['"`][ \t]{0,5}\){0,3}[ \t]{0,5}(?:--(?!-)|#)[ \t]{0,3}$/gm;

const LETTER = /\p{L}/u;

/**
 * True when the quote at `at` leaves its line with an odd number of such quotes, i.e. it is not
 * the closing half of a quoted word. Apostrophes inside words (it's, l'or) are not counted. At
 * most one QUOTE_COMMENT match ends each line, so counting the line is linear overall.
 */
function opensQuote(value: string, at: number): boolean {
  const quote = value[at]!;
  const start = value.lastIndexOf('\n', at) + 1;
  let count = 0;
  for (let i = start; i <= at; i++) {
    if (value[i] !== quote) continue;
    if (quote === "'" && i > start && LETTER.test(value[i - 1]!) && LETTER.test(value[i + 1] ?? '')) continue;
    count++;
  }
  return count % 2 === 1;
}

export default defineRule({
  id: 'text.SQL_INJECTION',
  significance: 'high',
  formula: { per: 5 },
  description:
    'SQL injection attempts: quote-breaking tautologies (\' OR 1=1), stacked statements (1; DROP TABLE users), UNION SELECT, trailing comments after a quote, time-based functions and system tables.',
  skipReasons: [],
  score({ text }) {
    if (!text) return matchesOutcome([]);
    const matches: Match[] = [];
    // Which ASCII punctuation each field has (from the tokens' pass): a field without a quote,
    // ";", "-" or "#" is not searched for them.
    const punctuation = punctuationOf(text);
    const segments = text.segments;
    for (let g = 0; g < segments.length; g++) {
      const { field, text: value } = segments[g]!;
      const bits = punctuation[g]!;
      const spans: [number, number][] = [];
      // Every keyword has ASCII letters (the expression's `i` flag without `u` folds no other
      // character to one).
      const words = text.mayHaveLatin(g) ? keywordGroups(value) : 0;
      const h: Hints = { bits, quote: (bits & QUOTE_BITS) !== 0, semicolon: (bits & SEMICOLON) !== 0, words };
      for (const { re, hint, anchor } of PATTERNS) {
        if (!hint(value, h)) continue;
        if (anchor) anchoredSpans(value, re, anchor, spans);
        else for (const m of value.matchAll(re)) spans.push([m.index, m.index + m[0].length]);
      }
      // Every QUOTE_COMMENT match has "--" or "#" (prose has quotes and hyphens, rarely "--").
      if (h.quote && hasDashesOrHash(value, bits)) for (const m of value.matchAll(QUOTE_COMMENT)) {
        if (opensQuote(value, m.index)) spans.push([m.index, m.index + m[0].length]);
      }
      spans.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      let current: [number, number] | undefined;
      const merged: [number, number][] = [];
      for (const span of spans) {
        if (current && span[0] <= current[1]) current[1] = Math.max(current[1], span[1]);
        else merged.push((current = [span[0], span[1]]));
      }
      for (const [start, end] of merged) matches.push({ field, value: value.slice(start, end).trim(), index: start });
    }
    return matchesOutcome(matches);
  },
});
