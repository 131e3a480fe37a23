/**
 * The word lists of SPAM_WORDS, PROFANITY and SENTIMENT for the 19 classifier languages, and
 * which of them apply to a request.
 *
 * Which lists apply (documented in the text.SPAM_WORDS section of docs/rules.md):
 * - the language is known (the request names a `classifier`, or the detector's guess is one
 *   of the 19 and selectClassifier took it, or it is English): the classifier's list plus
 *   English, because English spam phrases in a German form are common. SPAM_WORDS and
 *   PROFANITY use both; SENTIMENT uses only the classifier's list.
 * - the language is unknown (no detector configured, it could not tell, or the text is in a
 *   language outside the 19): every list of the 19, except the single words of the
 *   non-English lists shorter than five letters in Latin script or four in Cyrillic and Greek
 *   (stems: one more), which is where innocent words of one language are rude in another
 *   (Swedish "fan", Dutch "kut", "del"). SENTIMENT uses English.
 * - a known language's ordinary words that are entries of another applied list (French
 *   "retard", German "dick": `<lang>/innocent.txt`) are left out of that other list.
 *
 * - `formType: "comment"`: SPAM_WORDS also applies the comment lists of the same languages
 *   (`<lang>/spam-words.comment.txt`), whose entries replace lighter ones of the base lists.
 *
 * The lists of one choice of languages (all three kinds, and SPAM_WORDS with the comment
 * lists) are built into one trie on first use and cached, so a text is scanned once for the
 * three rules whatever the number of lists.
 */
import { selectClassifier, FULLY_SUPPORTED_LANGUAGES, type SupportedLanguage } from '../language/choice.js';
import type { LanguageGuess } from '../providers/types.js';
import type { FormType, NormalizedRequest } from '../core/request.js';
import { INNOCENT, NEGATORS, PROFANITY, PROFANITY_EN_FORMS, SENTIMENT, SPAM_WORDS, SPAM_WORDS_COMMENT } from '../data/lexicons.generated.js';
import { Trie, type Lexicon, type TrieMatch } from './matcher.js';
import { normalizePhrase, wordsOf, type Words } from './normalize.js';
import type { Match } from '../core/rule.js';
import type { TextInput } from '../text/input.js';

export type LexiconKind = 'spam-words' | 'profanity' | 'sentiment';

const SOURCES: Readonly<Record<LexiconKind, Readonly<Record<string, string>>>> = {
  'spam-words': SPAM_WORDS,
  profanity: PROFANITY,
  sentiment: SENTIMENT,
};

/**
 * Shortest single word of a non-English list applied when the language is unknown: five
 * letters in Latin script, four in Cyrillic and Greek (stems: one more).
 */
export const MIN_FOREIGN_WORD = 5;
const LATIN = /^[a-z]/;

/** The lists that apply to a request: its classifier and the languages whose lists are used. */
export interface LexiconChoice {
  readonly classifier: SupportedLanguage;
  /** Languages whose lists apply; `all` when the language is unknown. */
  readonly languages: readonly SupportedLanguage[] | 'all';
}

export function chooseLexicons(request: NormalizedRequest, guesses: readonly LanguageGuess[] | undefined): LexiconChoice {
  const classifier = selectClassifier(request, guesses);
  // Known: a requested classifier, a detected language of the 19 that selectClassifier took,
  // or English detected. Unknown: no detector, no guess, or a guess it did not take (too
  // short or ambiguous to tell, or a language outside the 19).
  const known = Boolean(request.classifier) || classifier !== 'en' || guesses?.[0]?.language === 'en';
  if (!known) return { classifier, languages: 'all' };
  return { classifier, languages: classifier === 'en' ? ['en'] : [classifier, 'en'] };
}

function parseList(text: string, add: (phrase: string, weight: number) => void): void {
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const tab = text.indexOf('\t', start);
    if (tab !== -1 && tab < end) add(text.slice(tab + 1, end), Number(text.slice(start, tab)));
    start = end + 1;
  }
}

const TRIES = new Map<string, Lexicon>();

/** The normalised innocent words of `languages` (an empty set when they have none). */
function innocentFor(languages: readonly SupportedLanguage[]): ReadonlySet<string> {
  return new Set(languages.flatMap((l) => (INNOCENT[l] ?? '').split(' ').filter(Boolean).map(normalizePhrase)));
}

/**
 * Adds the entries of `kind` for `languages` (with the comment lists when `comment`) to kind
 * `slot` of `trie`.
 */
function fill(trie: Trie, slot: number, kind: LexiconKind, languages: readonly SupportedLanguage[] | 'all', comment: boolean): void {
  const all = languages === 'all';
  // English first: on equal weights the first list's entry is kept (and named in the evidence).
  const order = all ? ['en' as const, ...FULLY_SUPPORTED_LANGUAGES.filter((l) => l !== 'en')] : languages;
  const lists: Readonly<Record<string, string>>[] = comment ? [SOURCES[kind], SPAM_WORDS_COMMENT] : [SOURCES[kind]];
  for (const source of lists) for (const lang of order) {
    // A known language's ordinary words (data/lexicons/<lang>/innocent.txt: French "retard")
    // are not matched by the entries of the other lists applied with it (English "retard").
    const innocent = all ? undefined : innocentFor(languages.filter((l) => l !== lang));
    parseList(source[lang] ?? '', (phrase, weight) => {
      if (innocent !== undefined && innocent.size > 0 && innocent.has(normalizePhrase(phrase))) return;
      if (all && lang !== 'en') {
        const stem = phrase.endsWith('*');
        const norm = normalizePhrase(stem ? phrase.slice(0, -1) : phrase);
        const min = (LATIN.test(norm) ? MIN_FOREIGN_WORD : MIN_FOREIGN_WORD - 1) + (stem ? 1 : 0);
        if (!norm.includes(' ') && norm.length < min) return;
      }
      trie.add(phrase, weight, lang, slot);
    });
  }
  // English insults and threats written as forms (data/lexicons/en/profanity.forms.txt): with the
  // English classifier and when the language is unknown, not beside every other language's lists
  // (thousands of entries in each of 20 tries).
  if (kind === 'profanity' && (all || (languages.length === 1 && languages[0] === 'en'))) {
    parseList(PROFANITY_EN_FORMS, (phrase, weight) => trie.add(phrase, weight, 'en', slot));
  }
}

/**
 * The lists of one choice of languages (`all`, `en`, or another of the 19 with English), in one
 * trie of four kinds, so that one walk over a text serves all three rules: SPAM_WORDS,
 * PROFANITY and SENTIMENT (the first language's list; English for `all`) as the rules apply
 * them, and SPAM_WORDS with the comment lists.
 */
interface Group {
  readonly trie: Trie;
  /** Keys of the memoised scans of a text, `formType` contact and comment. */
  readonly contact: object;
  readonly comment: object;
}
const SPAM = 0;
const PROFANITY_KIND = 1;
const SENTIMENT_KIND = 2;
const SPAM_COMMENT = 3;
/** The kinds a request scans: SPAM_WORDS (with the comment lists or not), PROFANITY, SENTIMENT. */
const CONTACT_MASK = (1 << SPAM) | (1 << PROFANITY_KIND) | (1 << SENTIMENT_KIND);
const COMMENT_MASK = (1 << SPAM_COMMENT) | (1 << PROFANITY_KIND) | (1 << SENTIMENT_KIND);
const GROUPS = new Map<string, Group>();
const SUPPORTED: ReadonlySet<string> = new Set(FULLY_SUPPORTED_LANGUAGES);

/**
 * The languages of the group a choice of lists belongs to (`all`, `['en']`, `[lang, 'en']`),
 * or undefined for a choice that is no group's (e.g. SENTIMENT for `['de', 'en']`).
 */
function groupLanguages(kind: LexiconKind, languages: readonly SupportedLanguage[] | 'all'): readonly SupportedLanguage[] | 'all' | undefined {
  if (kind === 'sentiment') {
    if (languages === 'all' || languages.length !== 1 || !SUPPORTED.has(languages[0]!)) return undefined;
    return languages[0] === 'en' ? ['en'] : [languages[0]!, 'en'];
  }
  if (languages === 'all') return 'all';
  if (languages.length === 1 && languages[0] === 'en') return languages;
  if (languages.length === 2 && languages[1] === 'en' && languages[0] !== 'en' && SUPPORTED.has(languages[0]!)) return languages;
  return undefined;
}

/** The group of `languages` (one groupLanguages returns: its first language names it). */
function groupFor(languages: readonly SupportedLanguage[] | 'all'): Group {
  const key = languages === 'all' ? 'all' : languages[0]!;
  let group = GROUPS.get(key);
  if (group === undefined) {
    const trie = new Trie(4);
    fill(trie, SPAM, 'spam-words', languages, false);
    fill(trie, PROFANITY_KIND, 'profanity', languages, false);
    fill(trie, SENTIMENT_KIND, 'sentiment', [languages === 'all' ? 'en' : languages[0]!], false);
    fill(trie, SPAM_COMMENT, 'spam-words', languages, true);
    trie.seal();
    group = { trie, contact: {}, comment: {} };
    GROUPS.set(key, group);
  }
  return group;
}

/**
 * The lexicon of `kind` for `languages` (built on first use, then cached). With `formType`
 * `comment`, the SPAM_WORDS lexicon also holds the comment lists of the same languages. The
 * choices the rules make are kinds of their group's trie (see {@link scanLexicon}); others are
 * tries of their own.
 */
export function trieFor(kind: LexiconKind, languages: readonly SupportedLanguage[] | 'all', formType: FormType = 'contact'): Lexicon {
  const comment = formType === 'comment' && kind === 'spam-words';
  const key = `${kind}:${languages === 'all' ? 'all' : languages.join('+')}${comment ? ':comment' : ''}`;
  let lexicon = TRIES.get(key);
  if (lexicon === undefined) {
    const group = groupLanguages(kind, languages);
    if (group !== undefined) {
      const slot = kind === 'profanity' ? PROFANITY_KIND : kind === 'sentiment' ? SENTIMENT_KIND : comment ? SPAM_COMMENT : SPAM;
      lexicon = groupFor(group).trie.view(slot);
    } else {
      const trie = new Trie();
      fill(trie, 0, kind, languages, comment);
      trie.seal();
      lexicon = trie;
    }
    TRIES.set(key, lexicon);
  }
  return lexicon;
}

/**
 * Builds every lexicon the word-list rules can ask for (SPAM_WORDS and PROFANITY for English,
 * for each other of the 19 languages with English, and for all lists; SPAM_WORDS also for
 * `formType: "comment"`; SENTIMENT for each of the 19), so that no request pays for building
 * one. Idempotent; `formspam serve` calls it (through `warmUp`) before it starts listening.
 */
export function buildAllTries(): void {
  for (const lang of ['all', ...FULLY_SUPPORTED_LANGUAGES] as const) {
    const languages = lang === 'all' ? 'all' : lang === 'en' ? (['en'] as const) : ([lang, 'en'] as const);
    trieFor('spam-words', languages, 'contact');
    trieFor('spam-words', languages, 'comment');
    trieFor('profanity', languages);
    if (lang !== 'all') trieFor('sentiment', [lang]);
  }
}

/** The keys of the lexicons built so far (`kind:languages`), for tests. */
export function builtTries(): string[] {
  return [...TRIES.keys()];
}

const NEGATOR_SETS = new Map<string, ReadonlySet<string>>();

/** The normalised negators of a language ("not", "nicht", "nem", …). */
export function negatorsOf(language: string): ReadonlySet<string> {
  let set = NEGATOR_SETS.get(language);
  if (set === undefined) {
    set = new Set((NEGATORS[language] ?? '').split(' ').filter(Boolean).map(normalizePhrase));
    NEGATOR_SETS.set(language, set);
  }
  return set;
}

/** One rule match per trie match: the text as written, its field and offset, the entry's weight. */
export function toMatch(text: TextInput, words: Words, m: TrieMatch, weight = m.entry.weight): Match {
  const segment = text.segments[words.segment[m.first]!]!;
  const from = words.from[m.first]!;
  return {
    field: segment.field,
    value: segment.text.slice(from, words.to[m.last]!),
    index: from,
    weight,
    reason: `${m.entry.language}: ${m.entry.phrase}${m.entry.stem ? '*' : ''}`,
  };
}

/**
 * An entry of weight 0 is an ordinary phrase that contains an entry ("my channel list"): it won
 * as the longest match so that the shorter entry does not count, and is no match itself.
 * Filtered only when present, so that the usual scan allocates nothing more.
 */
function weighted(matches: TrieMatch[]): TrieMatch[] {
  return matches.some((m) => m.entry.weight === 0) ? matches.filter((m) => m.entry.weight !== 0) : matches;
}

/** Scans a request's text with the lists of `kind` for `languages`. */
export function scanText(
  text: TextInput,
  kind: LexiconKind,
  languages: readonly SupportedLanguage[] | 'all',
  formType: FormType = 'contact',
): { words: Words; matches: TrieMatch[] } {
  const words = wordsOf(text);
  return { words, matches: weighted(trieFor(kind, languages, formType).scan(words)) };
}

interface GroupScan {
  readonly words: Words;
  readonly matches: readonly TrieMatch[][];
}

/**
 * Scans a request's text with the lists of `kind` that `choice` applies (SENTIMENT: the
 * classifier's list, English when the language is unknown): the lists of all three rules in one
 * walk, done once per text, choice and form type and shared by the rules.
 */
export function scanLexicon(text: TextInput, kind: LexiconKind, choice: LexiconChoice, formType: FormType = 'contact'): { words: Words; matches: TrieMatch[] } {
  const languages = choice.languages;
  // A choice chooseLexicons makes is a group's; another is scanned list by list.
  if (groupLanguages('spam-words', languages) === undefined || (languages !== 'all' && languages[0] !== choice.classifier)) {
    return scanText(text, kind, kind === 'sentiment' ? [languages === 'all' ? 'en' : choice.classifier] : languages, formType);
  }
  const group = groupFor(languages);
  const comment = formType === 'comment';
  const scan = text.memo(comment ? group.comment : group.contact, (t): GroupScan => {
    const words = wordsOf(t);
    return { words, matches: group.trie.scanKinds(words, comment ? COMMENT_MASK : CONTACT_MASK) };
  });
  const slot = kind === 'profanity' ? PROFANITY_KIND : kind === 'sentiment' ? SENTIMENT_KIND : comment ? SPAM_COMMENT : SPAM;
  return { words: scan.words, matches: weighted(scan.matches[slot]!) };
}
