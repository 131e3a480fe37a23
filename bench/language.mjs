// Language-detection candidates, measured the same way: accuracy on the reference corpora
// (fixtures/language/, copies of ../shared/reference/langdetect-*.json) and on sentences written
// for formspam; µs per detection on ~50, ~800 and 10,000 characters; load time; RSS after load.
// Each candidate runs in its own process so load time and memory are its own. Run after a build:
//   npm run build && node bench/language.mjs            (all candidates, a markdown table)
//   node bench/language.mjs formspam                    (one candidate, JSON)
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LONG, TYPICAL } from './texts.mjs';

const NINETEEN = ['bg', 'cs', 'da', 'nl', 'en', 'fi', 'fr', 'de', 'el', 'hu', 'it', 'no', 'pl', 'pt', 'ro', 'ru', 'sk', 'es', 'sv'];
const ISO3 = { bul: 'bg', ces: 'cs', dan: 'da', nld: 'nl', eng: 'en', fin: 'fi', fra: 'fr', deu: 'de', ell: 'el', hun: 'hu', ita: 'it', nob: 'no', nno: 'no', pol: 'pl', por: 'pt', ron: 'ro', rus: 'ru', slk: 'sk', spa: 'es', swe: 'sv', ukr: 'uk', tur: 'tr' };
const toIso1 = (c) => ISO3[c] ?? c;

// Written for formspam (the same sentences as test/language/detector.test.ts, 19 + 1 per language).
const OWN = {
  bg: 'Здравейте, бих искал да получа оферта за ремонт на покрива на къщата ни.',
  cs: 'Dobrý den, chtěl bych se zeptat na cenu vašich služeb pro malou firmu.',
  sk: 'Dobrý deň, chcel by som sa opýtať na cenu vašich služieb pre malú firmu.',
  da: 'Hej, jeg vil gerne bestille et bord til fire personer i aften.',
  no: 'Hei, jeg vil gjerne bestille et bord for fire personer i kveld.',
  sv: 'Hej, jag skulle vilja boka ett bord för fyra personer ikväll.',
  nl: 'Goedemiddag, kunt u mij een offerte sturen voor twintig bureaustoelen?',
  en: 'Hello, could you send me a quote for twenty office chairs delivered next month?',
  fi: 'Hyvää päivää, voisitteko lähettää tarjouksen kahdestakymmenestä toimistotuolista?',
  fr: "Bonjour, pourriez-vous m'envoyer un devis pour vingt chaises de bureau ?",
  de: 'Guten Tag, könnten Sie mir ein Angebot für zwanzig Bürostühle schicken?',
  el: 'Καλημέρα σας, θα ήθελα μια προσφορά για είκοσι καρέκλες γραφείου.',
  hu: 'Jó napot, kérnék egy árajánlatot húsz irodai székre, szállítással együtt.',
  it: 'Buongiorno, potreste inviarmi un preventivo per venti sedie da ufficio?',
  pl: 'Dzień dobry, proszę o przesłanie oferty na dwadzieścia krzeseł biurowych.',
  pt: 'Bom dia, poderiam enviar-me um orçamento para vinte cadeiras de escritório?',
  ro: 'Bună ziua, ați putea să-mi trimiteți o ofertă pentru douăzeci de scaune de birou?',
  ru: 'Здравствуйте, пришлите, пожалуйста, коммерческое предложение на двадцать офисных кресел.',
  es: 'Buenos días, ¿podrían enviarme un presupuesto para veinte sillas de oficina?',
  uk: 'Добрий день, надішліть, будь ласка, комерційну пропозицію на двадцять офісних крісел.',
  tr: 'Merhaba, yirmi ofis sandalyesi için bana bir fiyat teklifi gönderebilir misiniz?',
};
const SIZES = [
  ['~50', 'Guten Tag, ich hätte gerne ein Angebot für Sie.', 5000],
  ['~800', TYPICAL, 2000],
  ['10,000', LONG.slice(0, 10_000), 300],
];

const CANDIDATES = {
  async formspam() {
    const { detectLanguage, loadLanguageModel } = await import('../dist/providers/index.js');
    await loadLanguageModel();
    await detectLanguage('Habari, ningependa kujua bei ya huduma zenu kwa kampuni ndogo.'); // loads the franc fallback too
    return { detect: async (t) => (await detectLanguage(t))[0]?.language ?? '', languages: '60 + franc 186 (≈200)' };
  },
  async tinyld() {
    const { detect } = await import('tinyld');
    return { detect: (t) => detect(t), languages: 62 };
  },
  async 'tinyld only-19'() {
    const { detect } = await import('tinyld');
    return { detect: (t) => detect(t, { only: NINETEEN }), languages: 19 };
  },
  async 'eld small'() {
    const { eld } = await import('eld/small');
    return { detect: (t) => eld.detect(t).language, languages: 60 };
  },
  async 'eld extrasmall'() {
    const { eld } = await import('eld/extrasmall');
    return { detect: (t) => eld.detect(t).language, languages: 60 };
  },
  async 'eld large'() {
    const { eld } = await import('eld/large');
    return { detect: (t) => eld.detect(t).language, languages: 60 };
  },
  async franc() {
    const { franc } = await import('franc');
    return { detect: (t) => toIso1(franc(t, { minLength: 1 })), languages: 186 };
  },
  async 'franc only-19'() {
    const { franc } = await import('franc');
    const only = Object.keys(ISO3).filter((k) => NINETEEN.includes(ISO3[k]) && k !== 'nno');
    return { detect: (t) => toIso1(franc(t, { minLength: 1, only })), languages: 19 };
  },
  async compromise() {
    // Not a detector: the cost of one English parse, for docs/decisions/compromise.md.
    const nlp = (await import('compromise')).default;
    return { detect: (t) => (nlp(t).terms().length >= 0 ? 'en' : ''), languages: 'en only (parser)', parserOnly: true };
  },
};

async function accuracy(detect, data) {
  let ok = 0;
  let n = 0;
  for (const [lang, texts] of Object.entries(data)) {
    for (const t of [texts].flat()) {
      n++;
      if ((await detect(t)) === lang) ok++;
    }
  }
  return { ok, n };
}

async function runOne(name) {
  const before = process.memoryUsage().rss;
  const t0 = performance.now();
  const c = await CANDIDATES[name]();
  await c.detect('warm up');
  const loadMs = performance.now() - t0;
  const rssMb = (process.memoryUsage().rss - before) / 2 ** 20;
  const read = (f) => JSON.parse(readFileSync(fileURLToPath(new URL(`../fixtures/language/${f}`, import.meta.url)), 'utf8'));
  const out = { name, languages: c.languages, loadMs, rssMb };
  if (!c.parserOnly) {
    out.corpus = await accuracy(c.detect, read('langdetect-corpus.json'));
    out.short = await accuracy(c.detect, read('langdetect-short.json'));
    out.own = await accuracy(c.detect, OWN);
  }
  out.us = {};
  for (const [label, text, n] of SIZES) {
    for (let i = 0; i < Math.min(n, 200); i++) await c.detect(text);
    const times = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const s = performance.now();
      await c.detect(text);
      times[i] = performance.now() - s;
    }
    times.sort();
    out.us[label] = times[Math.floor(n / 2)] * 1000;
  }
  out.rssAfterMb = process.memoryUsage().rss / 2 ** 20;
  return out;
}

const arg = process.argv[2];
if (arg) {
  console.log(JSON.stringify(await runOne(arg)));
} else {
  const pct = (a) => `${((100 * a.ok) / a.n).toFixed(1)}% (${a.ok}/${a.n})`;
  console.log(`node ${process.version}; µs = p50 per detection; RSS = growth of the process from loading + first detection`);
  console.log('');
  console.log('| candidate | languages | corpus (215) | short (40) | own (21) | µs ~50 ch | µs ~800 ch | µs 10,000 ch | load ms | RSS MB |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const name of Object.keys(CANDIDATES)) {
    const r = JSON.parse(execFileSync(process.execPath, [fileURLToPath(import.meta.url), name], { encoding: 'utf8' }));
    const acc = (a) => (a ? pct(a) : '—');
    console.log(
      `| ${r.name} | ${r.languages} | ${acc(r.corpus)} | ${acc(r.short)} | ${acc(r.own)} | ${r.us['~50'].toFixed(1)} | ${r.us['~800'].toFixed(1)} | ${r.us['10,000'].toFixed(1)} | ${r.loadMs.toFixed(0)} | ${r.rssMb.toFixed(0)} |`,
    );
  }
}
