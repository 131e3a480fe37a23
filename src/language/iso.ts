/**
 * ISO 639-3 → ISO 639-1 for the languages franc can return (franc 6.2, 186 languages). Codes
 * without a 639-1 code are reported as they are (639-3). Individual languages of a macrolanguage
 * are reported as the macrolanguage's 639-1 code (`arb` → `ar`, `nob` → `no`, `zlm` → `ms`).
 */
export const ISO_639_3_TO_1: Readonly<Record<string, string>> = {
  afr: 'af', aka: 'ak', als: 'sq', amh: 'am', arb: 'ar', ayr: 'ay', azj: 'az', bam: 'bm', bel: 'be', ben: 'bn',
  bod: 'bo', bos: 'bs', bul: 'bg', cat: 'ca', ces: 'cs', ckb: 'ku', cmn: 'zh', dan: 'da', deu: 'de', ekk: 'et',
  ell: 'el', eng: 'en', epo: 'eo', ewe: 'ee', fin: 'fi', fra: 'fr', fuf: 'ff', fuv: 'ff', glg: 'gl', guj: 'gu',
  hat: 'ht', hau: 'ha', heb: 'he', hin: 'hi', hrv: 'hr', hun: 'hu', hye: 'hy', ibo: 'ig', iii: 'ii', ind: 'id',
  ita: 'it', jav: 'jv', jpn: 'ja', kan: 'kn', kat: 'ka', kaz: 'kk', khk: 'mn', khm: 'km', kin: 'rw', kir: 'ky',
  kng: 'kg', knc: 'kr', kor: 'ko', lao: 'lo', lin: 'ln', lit: 'lt', lug: 'lg', lvs: 'lv', mal: 'ml', mar: 'mr',
  mkd: 'mk', mya: 'my', ndo: 'ng', nld: 'nl', nno: 'nn', nob: 'no', npi: 'ne', nya: 'ny', pan: 'pa', pbu: 'ps',
  pes: 'fa', plt: 'mg', pol: 'pl', por: 'pt', prs: 'fa', quy: 'qu', quz: 'qu', qug: 'qu', ron: 'ro', run: 'rn',
  rus: 'ru', sag: 'sg', sin: 'si', slk: 'sk', slv: 'sl', sna: 'sn', som: 'so', sot: 'st', spa: 'es', src: 'sc',
  srp: 'sr', ssw: 'ss', sun: 'su', swe: 'sv', swh: 'sw', tam: 'ta', tat: 'tt', tel: 'te', tgk: 'tg', tgl: 'tl',
  tha: 'th', tir: 'ti', tsn: 'tn', tso: 'ts', tuk: 'tk', tur: 'tr', uig: 'ug', ukr: 'uk', urd: 'ur', uzn: 'uz',
  ven: 've', vie: 'vi', wol: 'wo', xho: 'xh', ydd: 'yi', yor: 'yo', zlm: 'ms', zul: 'zu', zyb: 'za',
};

/** ISO 639-1 where one exists, otherwise the 639-3 code unchanged. */
export function toIso6391(code: string): string {
  return ISO_639_3_TO_1[code] ?? code;
}

/**
 * Groups of closely related languages a detector cannot always tell apart on a short or
 * ordinary text: a text detected as one of a group is accepted for any other member of the
 * group when the detector's runner-up was that member (see docs/decisions/language-detection.md).
 */
export const RELATED_LANGUAGES: readonly (readonly string[])[] = [
  ['no', 'nn', 'da', 'sv'],
  ['cs', 'sk'],
  ['bg', 'ru', 'uk', 'be', 'mk', 'sr'],
  ['hr', 'sr', 'bs', 'sl'],
  ['es', 'pt', 'gl', 'ca'],
  ['id', 'ms'],
];

const RELATED = new Map<string, Set<string>>();
for (const group of RELATED_LANGUAGES) {
  for (const a of group) {
    const set = RELATED.get(a) ?? new Set<string>();
    for (const b of group) if (b !== a) set.add(b);
    RELATED.set(a, set);
  }
}

/** True when `a` and `b` are different but closely related languages (e.g. `cs` and `sk`). */
export function areRelated(a: string, b: string): boolean {
  return RELATED.get(a)?.has(b) ?? false;
}
