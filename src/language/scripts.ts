/**
 * Detection by writing system, before any n-gram scoring: most scripts are written in one
 * language (Thai, Hangul, Georgian, Armenian, Greek, Tamil…), a few in a handful that their
 * letters and commonest words tell apart (Arabic script: ar/fa/ur/ps/ku/ug/sd; Devanagari:
 * hi/mr/ne; Bengali: bn/as; Ethiopic: am/ti; Hebrew: he/yi; Han with or without kana: zh/ja).
 * Latin, Cyrillic and Greek text goes to the n-gram scorer; afterwards Malay and Indonesian
 * (one n-gram language in eld's model, `ms`) are told apart by their distinguishing words.
 *
 * Everything here is a table look-up or a bounded loop over at most {@link MARKER_SCAN} characters.
 * The marker letters and words were written for formspam (standard orthographies and the
 * commonest function words of each language); see docs/decisions/language-detection.md.
 */
import type { LanguageGuess } from '../providers/types.js';

export const Script = {
  None: 0,
  Latin: 1,
  Greek: 2,
  Cyrillic: 3,
  Armenian: 4,
  Hebrew: 5,
  Arabic: 6,
  Syriac: 7,
  Thaana: 8,
  Devanagari: 9,
  Bengali: 10,
  Gurmukhi: 11,
  Gujarati: 12,
  Oriya: 13,
  Tamil: 14,
  Telugu: 15,
  Kannada: 16,
  Malayalam: 17,
  Sinhala: 18,
  Thai: 19,
  Lao: 20,
  Tibetan: 21,
  Myanmar: 22,
  Georgian: 23,
  Hangul: 24,
  Ethiopic: 25,
  Cherokee: 26,
  Khmer: 27,
  Mongolian: 28,
  Kana: 29,
  Han: 30,
  Yi: 31,
  Tifinagh: 32,
  Javanese: 33,
  Other: 34,
} as const;
export const SCRIPT_COUNT = 35;

/** Letter ranges of the BMP by script (block granularity is enough: only letters are looked up). */
const RANGES: readonly (readonly [number, number, number])[] = [
  [0x41, 0x24f, Script.Latin], [0x250, 0x2af, Script.Latin], [0x1e00, 0x1eff, Script.Latin], [0x2c60, 0x2c7f, Script.Latin],
  [0xa720, 0xa7ff, Script.Latin], [0xab30, 0xab6f, Script.Latin], [0xff21, 0xff5a, Script.Latin], [0xfb00, 0xfb06, Script.Latin],
  [0x370, 0x3ff, Script.Greek], [0x1f00, 0x1fff, Script.Greek],
  [0x400, 0x52f, Script.Cyrillic], [0x1c80, 0x1c8f, Script.Cyrillic], [0x2de0, 0x2dff, Script.Cyrillic], [0xa640, 0xa69f, Script.Cyrillic],
  [0x530, 0x58f, Script.Armenian], [0xfb13, 0xfb17, Script.Armenian],
  [0x590, 0x5ff, Script.Hebrew], [0xfb1d, 0xfb4f, Script.Hebrew],
  [0x600, 0x6ff, Script.Arabic], [0x750, 0x77f, Script.Arabic], [0x870, 0x8ff, Script.Arabic], [0xfb50, 0xfdff, Script.Arabic], [0xfe70, 0xfeff, Script.Arabic],
  [0x700, 0x74f, Script.Syriac], [0x860, 0x86f, Script.Syriac],
  [0x780, 0x7bf, Script.Thaana],
  [0x900, 0x97f, Script.Devanagari], [0xa8e0, 0xa8ff, Script.Devanagari],
  [0x980, 0x9ff, Script.Bengali],
  [0xa00, 0xa7f, Script.Gurmukhi],
  [0xa80, 0xaff, Script.Gujarati],
  [0xb00, 0xb7f, Script.Oriya],
  [0xb80, 0xbff, Script.Tamil],
  [0xc00, 0xc7f, Script.Telugu],
  [0xc80, 0xcff, Script.Kannada],
  [0xd00, 0xd7f, Script.Malayalam],
  [0xd80, 0xdff, Script.Sinhala],
  [0xe00, 0xe7f, Script.Thai],
  [0xe80, 0xeff, Script.Lao],
  [0xf00, 0xfff, Script.Tibetan],
  [0x1000, 0x109f, Script.Myanmar], [0xa9e0, 0xa9ff, Script.Myanmar], [0xaa60, 0xaa7f, Script.Myanmar],
  [0x10a0, 0x10ff, Script.Georgian], [0x1c90, 0x1cbf, Script.Georgian], [0x2d00, 0x2d2f, Script.Georgian],
  [0x1100, 0x11ff, Script.Hangul], [0x3130, 0x318f, Script.Hangul], [0xa960, 0xa97f, Script.Hangul], [0xac00, 0xd7ff, Script.Hangul], [0xffa0, 0xffdf, Script.Hangul],
  [0x1200, 0x139f, Script.Ethiopic], [0x2d80, 0x2ddf, Script.Ethiopic], [0xab00, 0xab2f, Script.Ethiopic],
  [0x13a0, 0x13ff, Script.Cherokee], [0xab70, 0xabbf, Script.Cherokee],
  [0x1780, 0x17ff, Script.Khmer], [0x19e0, 0x19ff, Script.Khmer],
  [0x1800, 0x18af, Script.Mongolian],
  [0x3040, 0x30ff, Script.Kana], [0x31f0, 0x31ff, Script.Kana], [0xff66, 0xff9f, Script.Kana],
  [0x3005, 0x3007, Script.Han], [0x3021, 0x3029, Script.Han], [0x3038, 0x303b, Script.Han], [0x3100, 0x312f, Script.Han], [0x31a0, 0x31bf, Script.Han],
  [0x3400, 0x4dbf, Script.Han], [0x4e00, 0x9fff, Script.Han], [0xf900, 0xfaff, Script.Han],
  [0xa000, 0xa4cf, Script.Yi],
  [0x2d30, 0x2d7f, Script.Tifinagh],
  [0xa980, 0xa9df, Script.Javanese],
];

/** The script of every BMP letter (`cls[c] === 1`); other letters are `Other`, non-letters `None`. */
export function buildScripts(cls: Uint8Array): Uint8Array {
  const out = new Uint8Array(0x10000);
  for (let c = 0; c < 0x10000; c++) if (cls[c] === 1) out[c] = Script.Other;
  for (const [from, to, script] of RANGES) for (let c = from; c <= to; c++) if (cls[c] === 1) out[c] = script;
  return out;
}

/** The script of an astral letter: Han (ideograph extensions), kana (supplement), or other. */
export function astralScript(cp: number): number {
  if (cp >= 0x20000 && cp <= 0x3ffff) return Script.Han;
  if (cp >= 0x1b000 && cp <= 0x1b16f) return Script.Kana;
  return Script.Other;
}

/** Scripts written in one language (that formspam reports) only. */
const SINGLE: Readonly<Partial<Record<number, string>>> = {
  [Script.Armenian]: 'hy',
  [Script.Thaana]: 'dv',
  [Script.Gurmukhi]: 'pa',
  [Script.Gujarati]: 'gu',
  [Script.Oriya]: 'or',
  [Script.Tamil]: 'ta',
  [Script.Telugu]: 'te',
  [Script.Kannada]: 'kn',
  [Script.Malayalam]: 'ml',
  [Script.Sinhala]: 'si',
  [Script.Thai]: 'th',
  [Script.Lao]: 'lo',
  [Script.Tibetan]: 'bo',
  [Script.Myanmar]: 'my',
  [Script.Georgian]: 'ka',
  [Script.Hangul]: 'ko',
  [Script.Cherokee]: 'chr',
  [Script.Khmer]: 'km',
  [Script.Mongolian]: 'mn',
  [Script.Yi]: 'ii',
  [Script.Tifinagh]: 'zgh',
  [Script.Javanese]: 'jv',
};

/** Characters of the text read for marker letters, at most. */
export const MARKER_SCAN = 1000;
/** Characters of the text read for marker words, at most (60–100 words). */
export const WORD_SCAN = 500;
/** A script's letters must be at least this many for a reliable answer. */
const MIN_SCRIPT_LETTERS = 2;

const round = (x: number): number => Math.round(x * 1000) / 1000;

/**
 * The script that decides the language: the one with most letters, CJK letters (a syllable or
 * a word each) counted twice; `Latin`, `Greek`, `Cyrillic`, `None` and `Other` go to the
 * n-gram scorer. `share` is its fraction of the (weighted) letters.
 */
export function dominantScript(counts: Int32Array): { script: number; letters: number; share: number } {
  let best = Script.None as number;
  let bestWeight = 0;
  let total = 0;
  for (let s = 1; s < SCRIPT_COUNT; s++) {
    const n = counts[s]!;
    if (n === 0) continue;
    const weight = s === Script.Han || s === Script.Kana || s === Script.Hangul ? 2 * n : n;
    total += weight;
    if (weight > bestWeight) {
      bestWeight = weight;
      best = s;
    }
  }
  // Kana and Han together are Japanese: the pair is one script for the choice.
  const kana = counts[Script.Kana]!;
  const han = counts[Script.Han]!;
  if ((best === Script.Han || best === Script.Kana) && kana > 0) {
    return { script: Script.Kana, letters: kana + han, share: total > 0 ? (2 * (kana + han)) / total : 0 };
  }
  return { script: best, letters: counts[best] ?? 0, share: total > 0 ? bestWeight / total : 0 };
}

/** True when the n-gram scorer decides for this script (alphabets of many languages). */
export function isNgramScript(script: number): boolean {
  return script === Script.None || script === Script.Latin || script === Script.Greek || script === Script.Cyrillic || script === Script.Other || script === Script.Syriac;
}

type Counter = (text: string, end: number) => Record<string, number>;

/** Per language, its marker letters (each occurrence counts 1); one table look-up per character. */
function letterCounter(markers: Readonly<Record<string, string>>): Counter {
  const languages = Object.keys(markers);
  // Per code unit: a bit per language (at most 8) whose marker it is.
  const table = new Uint8Array(0x10000);
  languages.forEach((language, l) => {
    for (const ch of markers[language]!) table[ch.charCodeAt(0)]! |= 1 << l;
  });
  const totals = new Int32Array(languages.length);
  return (text, end) => {
    totals.fill(0);
    for (let i = 0; i < end; i++) {
      const bits = table[text.charCodeAt(i)]!;
      if (bits !== 0) for (let l = 0; l < languages.length; l++) if ((bits & (1 << l)) !== 0) totals[l]!++;
    }
    const counts: Record<string, number> = {};
    languages.forEach((language, l) => (counts[language] = totals[l]!));
    return counts;
  };
}

/**
 * Per language, its marker words (whole words, lower case; each occurrence counts 2). A word is
 * a run of letters and combining marks (Devanagari vowel signs are marks). Only words of a
 * marker's length that start with a marker's first letter are looked up. `caseless`: the words
 * are compared as written; otherwise A–Z are read as a–z (the word characters of a cased counter
 * must be ASCII letters, whose lower case is that).
 *
 * The look-up is made on the text's code units, without a string per word: a hash of the word's
 * (lower-cased) code units, computed while the word is read, finds its slot in an open-addressing
 * table of the markers, and the marker there is compared unit by unit.
 */
function wordCounter(markers: Readonly<Record<string, string>>, isWordChar: (c: number) => boolean, caseless = false): Counter {
  const languages = Object.keys(markers);
  const words: string[] = [];
  const languageOf: number[] = [];
  const first = new Uint8Array(0x10000);
  // The word characters as a table: one read per character, the same for every counter.
  const wordChar = new Uint8Array(0x10000);
  for (let c = 0; c < 0x10000; c++) if (isWordChar(c)) wordChar[c] = 1;
  let shortest = Infinity;
  let longest = 0;
  languages.forEach((language, l) => {
    for (const w of markers[language]!.split(' ')) {
      if (!w) continue;
      // A word listed twice counts for the language listed last (as a Map set in turn would).
      const k = words.indexOf(w);
      if (k !== -1) {
        languageOf[k] = l;
        continue;
      }
      words.push(w);
      languageOf.push(l);
      first[w.charCodeAt(0)] = 1;
      first[w.toUpperCase().charCodeAt(0)] = 1;
      shortest = Math.min(shortest, w.length);
      longest = Math.max(longest, w.length);
    }
  });
  let size = 16;
  while (size < 4 * words.length) size *= 2;
  const mask = size - 1;
  /** Slot → 1 + index in `words`; 0 empty. */
  const slots = new Int32Array(size);
  const hashOf = (w: string): number => {
    let h = 0;
    for (let i = 0; i < w.length; i++) h = (Math.imul(h, 31) + w.charCodeAt(i)) | 0;
    return h;
  };
  words.forEach((w, k) => {
    let slot = (hashOf(w) ^ (hashOf(w) >>> 7)) & mask;
    while (slots[slot] !== 0) slot = (slot + 1) & mask;
    slots[slot] = k + 1;
  });
  const totals = new Int32Array(languages.length);
  return (text, end) => {
    totals.fill(0);
    let i = 0;
    while (i < end) {
      while (i < end && wordChar[text.charCodeAt(i)] === 0) i++;
      const from = i;
      let h = 0;
      while (i < end) {
        let c = text.charCodeAt(i);
        if (wordChar[c] === 0) break;
        if (!caseless && c <= 0x5a) c |= 0x20;
        h = (Math.imul(h, 31) + c) | 0;
        i++;
      }
      const length = i - from;
      if (length < shortest || length > longest || first[text.charCodeAt(from)] === 0) continue;
      for (let slot = (h ^ (h >>> 7)) & mask; slots[slot] !== 0; slot = (slot + 1) & mask) {
        const k = slots[slot]! - 1;
        const w = words[k]!;
        if (w.length !== length) continue;
        let j = 0;
        while (j < length) {
          const c = text.charCodeAt(from + j);
          if ((caseless || c > 0x5a ? c : c | 0x20) !== w.charCodeAt(j)) break;
          j++;
        }
        if (j === length) {
          totals[languageOf[k]!]! += 2;
          break;
        }
      }
    }
    const counts: Record<string, number> = {};
    for (let l = 0; l < languages.length; l++) counts[languages[l]!] = totals[l]!;
    return counts;
  };
}

/**
 * Arabic script. Urdu (ے ں ٹ ڈ ڑ ھ ہ), Pashto (ټ ډ ړ ږ ښ ځ څ ۍ ګ ڼ), Sorani Kurdish (ڕ ڵ ۆ ێ ە),
 * Uyghur (ۇ ۈ ۋ ڭ ې) and Sindhi (ڄ ڃ ڀ ٻ ڦ ڪ ڳ ٺ ٽ ڏ ڊ) have letters of their own; Persian has
 * پ چ ژ گ and its own yeh and keheh (ی ک, shared with those above but not with Arabic); Arabic
 * has teh marbuta, alef maksura, its own yeh and kaf and the hamza seats (ة ى ي ك أ إ ؤ).
 */
const arabicLetters = letterCounter({
  ur: 'ےںٹڈڑھہۓ',
  ps: 'ټډړږښځڅۍګڼ',
  ku: 'ڕڵۆێە',
  ug: 'ۇۈۋڭې',
  sd: 'ڄڃڀٻڦڪڳٺٽڏڊ',
  fa: 'پچژگیک',
  ar: 'ةىيكأإؤ',
});
/** Languages with letters of their own beside Persian's: a few of them outweigh Persian's letters, which they share. */
const OWN_LETTERS = ['ur', 'ps', 'ku', 'ug', 'sd'];

const isDevanagariWordChar = (c: number): boolean => c >= 0x900 && c <= 0x97f && c !== 0x964 && c !== 0x965;
/** Hindi, Marathi and Nepali: their commonest words that the other two do not use. */
const devanagariWords = wordCounter(
  {
    hi: 'है हैं और में नहीं की का के को से यह वह था थे थी भी कर रहा रहे रही हूँ हूं गया लिए मैं मुझे हम क्या आपका आपकी आपके कृपया बहुत',
    mr: 'आहे आहेत आहात आणि नाही मी तुम्ही आम्ही माझे माझा माझी मला तुमच्या आमच्या हे आपण साठी पण होते झाले करा काय खूप',
    ne: 'छ छन् छु छौं र मा गर्न लागि भएको तपाईं तपाईंको हामी हाम्रो म मेरो यो पनि थियो गरेको हुन्छ रहेको दिनुहोस् चाहन्छु धेरै',
  },
  isDevanagariWordChar,
  true,
);
/** Marathi's ळ (rare in Hindi and Nepali), counted with indexOf: one letter needs no table read per character. */
const marathiLetter = (text: string, end: number): { mr: number } => {
  // Searched in the first `end` characters only (a slice of a long text is a view, not a copy).
  const head = end < text.length ? text.slice(0, end) : text;
  let mr = 0;
  for (let i = head.indexOf('ळ'); i !== -1; i = head.indexOf('ळ', i + 1)) mr++;
  return { mr };
};

/** Assamese ৰ ৱ (Bengali writes র ব). */
const bengaliLetters = letterCounter({ as: 'ৰৱ' });
/** Tigrinya ኣ and the ቐ series (Amharic writes አ and has no ቐ). */
const ethiopicLetters = letterCounter({ ti: 'ኣቐቑቒቓቔቕቖቘቚቛቜቝ' });
/** Yiddish's double-letter ligatures װ ױ ײ (Hebrew writes none). */
const hebrewLetters = letterCounter({ yi: 'װױײ' });

/** The best and the runner-up of marker counts. */
function top(counts: Record<string, number>): [string, number, number] {
  let best = '';
  let n = 0;
  let second = 0;
  for (const [l, c] of Object.entries(counts)) {
    if (c > n) {
      second = n;
      n = c;
      best = l;
    } else if (c > second) second = c;
  }
  return [best, n, second];
}

/**
 * The guesses for a text whose dominant script is not one the n-gram scorer decides (see
 * {@link isNgramScript}); undefined for those, and for Arabic-script or Devanagari text without
 * one telling letter or word (the n-gram scorer, which knows ar/fa/ur/ku and hi/mr, decides).
 */
export function detectByScript(text: string, script: number, letters: number, share: number): LanguageGuess[] | undefined {
  if (isNgramScript(script)) return undefined;
  const end = Math.min(text.length, MARKER_SCAN);
  // Reliable: enough letters of the script, and most of the text's letters.
  const clear = letters >= MIN_SCRIPT_LETTERS && share > 0.5;
  const one = (language: string, reliable = clear): LanguageGuess[] => [{ language, confidence: round(Math.min(1, share)), reliable }];
  const single = SINGLE[script];
  if (single !== undefined) return one(single);
  switch (script) {
    case Script.Kana:
      return one('ja');
    case Script.Han:
      return one('zh');
    case Script.Hebrew:
      return one(hebrewLetters(text, end).yi! >= 2 ? 'yi' : 'he');
    case Script.Bengali:
      return one(bengaliLetters(text, end).as! >= 1 ? 'as' : 'bn');
    case Script.Ethiopic:
      return one(ethiopicLetters(text, end).ti! >= 2 ? 'ti' : 'am');
    case Script.Arabic: {
      const counts = arabicLetters(text, end);
      // A language with letters of its own: those letters decide against Persian's, which it shares.
      let own = '';
      let ownCount = 0;
      for (const l of OWN_LETTERS) {
        if (counts[l]! > ownCount) {
          own = l;
          ownCount = counts[l]!;
        }
      }
      if (ownCount >= 2 || (ownCount === 1 && counts.ar! === 0)) {
        const rest = Math.max(...OWN_LETTERS.filter((l) => l !== own).map((l) => counts[l]!), counts.ar!);
        return one(own, clear && ownCount > 2 * rest);
      }
      const fa = counts.fa!;
      const ar = counts.ar!;
      // No telling letter (a word or two): the n-gram scorer decides, as for any text.
      if (fa === 0 && ar === 0) return undefined;
      if (fa > ar) return one('fa', clear && fa >= 2 && fa > 2 * ar);
      return one('ar', clear && ar >= 2 && ar > 2 * fa);
    }
    case Script.Devanagari: {
      const counts = devanagariWords(text, Math.min(end, WORD_SCAN));
      counts.mr! += marathiLetter(text, end).mr!;
      const [best, n, second] = top(counts);
      if (n === 0) return undefined;
      return one(best, clear && n >= 2 && n >= 1.5 * second);
    }
    default:
      return undefined;
  }
}

const isLatinLetter = (c: number): boolean => (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
/**
 * Indonesian and Malay: the words in which the standard languages differ (Indonesian bisa,
 * karena, uang, saja, kantor, mobil… against Malay boleh, kerana, wang, sahaja, pejabat,
 * kereta…), and the commonest colloquial particles of each.
 */
const malayWords = wordCounter(
  {
    id: 'bisa karena uang saja aja nggak gak enggak banget sih dong kok kantor perusahaan mobil dokter kapan mau gimana situs daring persen biaya toko kue sepeda telepon pemerintah silakan kemarin besok cuma bikin lewat surel yaitu sore pelayanan layanan nomor ponsel karyawan gratis rekening',
    ms: 'boleh kerana wang sahaja mahu hendak awak encik percuma kedai syarikat kerajaan telefon polis universiti teksi peratus jabatan pejabat kereta hospital doktor sila hantar akaun perkhidmatan petang esok iaitu nombor kakitangan emel talian',
  },
  isLatinLetter,
);

/**
 * Indonesian or Malay for a text the n-gram scorer (or franc) gave as one of the two: by their
 * distinguishing words. The other stays listed as an alternative unless the words clearly
 * exclude it.
 */
export function refineMalay(text: string, guesses: LanguageGuess[]): LanguageGuess[] {
  const first = guesses[0];
  if (first === undefined || (first.language !== 'ms' && first.language !== 'id')) return guesses;
  const counts = malayWords(text, Math.min(text.length, WORD_SCAN));
  const id = counts.id!;
  const ms = counts.ms!;
  if (id === ms) return guesses;
  const [language, other, n, m] = id > ms ? ['id', 'ms', id, ms] : ['ms', 'id', ms, id];
  const rest = guesses.slice(1).filter((g) => g.language !== 'id' && g.language !== 'ms');
  const out: LanguageGuess[] = [{ ...first, language }];
  if (m > 0 || n < 4) out.push({ language: other, confidence: round(first.confidence * 0.5), reliable: false });
  return [...out, ...rest];
}

/**
 * Latin-script languages that neither the n-gram model (eld's 60) nor franc tells reliably
 * (Irish and Welsh are in neither; Afrikaans is read as Dutch, short Swahili as anything): their
 * commonest words that no language of the 19 uses. Asked only when the scorer is unsure or
 * names Dutch (see detector.ts).
 */
const EXTRA_WORDS: Readonly<Record<string, string>> = {
  af: 'ek jy julle hulle vir nie sal asseblief baie dankie hierdie goeie sy my moenie gesê kry',
  ga: 'agat agam againn agaibh agus raibh maith mhaith duit dhuit liom leat atá tá bhfuil níl sé sí mé tú bhur conas slán féin freisin anseo ansin chomh nach beidh',
  cy: 'mae ydy ydw wedi gyda diolch chi eich ein hoffwn hefyd iawn yr oedd fydd bydd gallwch allwch croeso hwn hon rhaid eisiau gennych gennym dros cwmni',
  sw: 'asante sana habari tafadhali karibu yangu yako yetu wetu zenu yenu kwamba hii hiyo lakini mimi wewe sisi ninyi ndiyo hapana jambo nzuri kwa ningependa tunataka kampuni huduma rafiki kazi leo kesho siku pia sasa kutoka kuhusu hizi wao',
};
const EXTRA = new Map<string, string>();
/** First letters (both cases) and longest length of the words of EXTRA: other words are not looked up. */
const EXTRA_FIRST = new Uint8Array(0x250);
let EXTRA_LONGEST = 0;
for (const [language, words] of Object.entries(EXTRA_WORDS)) {
  for (const w of words.split(' ')) {
    EXTRA.set(w, language);
    EXTRA_FIRST[w.charCodeAt(0)] = 1;
    EXTRA_FIRST[w.toUpperCase().charCodeAt(0)] = 1;
    EXTRA_LONGEST = Math.max(EXTRA_LONGEST, w.length);
  }
}

/** A letter of a Latin-script word (ASCII, Latin-1 and Latin Extended-A letters, apostrophe-free). */
const isLatinWordChar = (c: number): boolean => (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0xc0 && c <= 0x24f && c !== 0xd7 && c !== 0xf7);

/**
 * A language of {@link EXTRA_WORDS} when its words are at least 2 and a fifth of the words read
 * (ordinary text in any language is a third or more function words); otherwise undefined.
 */
export function detectByWords(text: string): LanguageGuess | undefined {
  const end = Math.min(text.length, WORD_SCAN);
  const counts: Record<string, number> = {};
  let words = 0;
  let i = 0;
  while (i < end) {
    while (i < end && !isLatinWordChar(text.charCodeAt(i))) i++;
    const from = i;
    while (i < end && isLatinWordChar(text.charCodeAt(i))) i++;
    if (i === from) continue;
    words++;
    if (i - from > EXTRA_LONGEST || EXTRA_FIRST[text.charCodeAt(from)] !== 1) continue;
    const language = EXTRA.get(text.slice(from, i).toLowerCase());
    if (language !== undefined) counts[language] = (counts[language] ?? 0) + 1;
  }
  const [best, n, second] = top(counts);
  if (n < 2 || n < 0.2 * words || n < 2 * second) return undefined;
  return { language: best, confidence: round(Math.min(1, n / words + 0.5)), reliable: words >= 3 };
}

/**
 * Letters that Cyrillic and Latin alphabets of languages outside the n-gram model have and the
 * 19 (and Russian, Ukrainian, Bulgarian, Serbian) never use: cue number per code unit, counted
 * in the detector's sample pass.
 */
export const Cue = { Ba: 1, Tt: 2, Tg: 3, KkOnly: 4, Schwa: 5, QaGha: 6, Ha: 7, OU: 8, Ng: 9, Mk: 10, Hausa: 11, Maltese: 12, Esperanto: 13 } as const;
export const CUE_COUNT = 14;
const CUE_LETTERS: readonly (readonly [string, number])[] = [
  ['ҙҘҫҪҡҠ', Cue.Ba],
  ['җҖ', Cue.Tt],
  ['ӣӢӯӮҷҶ', Cue.Tg],
  ['ұҰ', Cue.KkOnly],
  ['әӘ', Cue.Schwa],
  ['қҚғҒ', Cue.QaGha],
  ['ҳҲ', Cue.Ha],
  ['өӨүҮ', Cue.OU],
  ['ңҢ', Cue.Ng],
  ['ѓЃќЌѕЅ', Cue.Mk],
  ['ƙƘɗƊɓƁƴƳ', Cue.Hausa],
  ['ħĦ', Cue.Maltese],
  ['ĉĈĝĜĥĤĵĴŝŜŭŬ', Cue.Esperanto],
];
/** The cue of each BMP code unit (0: none). */
export const CUES: Uint8Array = (() => {
  const t = new Uint8Array(0x10000);
  for (const [letters, cue] of CUE_LETTERS) for (const ch of letters) t[ch.charCodeAt(0)] = cue;
  return t;
})();

/**
 * The language the cue letters of a sample name, when they are at least 2 and 2% of its
 * letters; otherwise undefined (the n-gram scorer decides). Cyrillic: Bashkir ҙ ҫ ҡ, Tatar җ
 * (or ә without қ ғ), Tajik ӣ ӯ ҷ, Kazakh ұ (or ә with қ ғ), Uzbek қ ғ with ҳ, Kyrgyz ө ү with ң,
 * Mongolian ө ү without, Macedonian ѓ ќ ѕ. Latin: Hausa ƙ ɗ ɓ ƴ, Maltese ħ, Esperanto ĉ ĝ ĥ ĵ ŝ ŭ.
 */
export function detectByCues(cues: Int32Array, letters: number): LanguageGuess[] | undefined {
  let total = 0;
  for (let q = 1; q < CUE_COUNT; q++) total += cues[q]!;
  if (total < 2 || total < 0.02 * letters) return undefined;
  const guess = (language: string): LanguageGuess[] => [{ language, confidence: round(Math.min(1, 0.5 + total / 10)), reliable: true }];
  if (cues[Cue.Hausa]! >= 2) return guess('ha');
  if (cues[Cue.Maltese]! >= 2) return guess('mt');
  if (cues[Cue.Esperanto]! >= 2) return guess('eo');
  if (cues[Cue.Ba]! > 0) return guess('ba');
  if (cues[Cue.Tt]! > 0) return guess('tt');
  if (cues[Cue.Tg]! > 0) return guess('tg');
  if (cues[Cue.KkOnly]! > 0 || (cues[Cue.Schwa]! > 0 && cues[Cue.QaGha]! > 0)) return guess('kk');
  if (cues[Cue.Schwa]! > 0) return guess('tt');
  if (cues[Cue.QaGha]! > 0 && cues[Cue.Ha]! > 0) return guess('uz');
  if (cues[Cue.OU]! > 0) return guess(cues[Cue.Ng]! > 0 ? 'ky' : 'mn');
  if (cues[Cue.Mk]! >= 2) return guess('mk');
  return undefined;
}
