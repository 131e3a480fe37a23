// Checks that a performance change leaves every result as it was: classifies a large fixed set
// of texts (the labelled corpora of ../shared/data, the contact-form phrases, the language
// fixtures, the bench texts, the adversarial inputs, hand-written edge cases and seeded random
// texts), each as `text` and as `fields`, with no providers, with the default offline providers
// without the text model and with it (text.MODEL: its probability, features and top words), and
// writes every JSON response without its random `id`, one a line, to a file; prints the count and a SHA-256 of the file.
//
//   npm run build && node bench/identical.mjs [out-file] [dist-dir]
// (FORMSPAM_SHARED_DATA: the corpora directory when not ../shared/data)
//   diff <(…before) <(…after)   # or compare the hashes
//
// Word-list data (data/lexicons) changes results legitimately: compare builds of the same lexicons.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { csv } from './csv.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');
const out = process.argv[2] ?? '/tmp/formspam-identical.jsonl';
const dist = resolve(process.argv[3] ?? join(root, 'dist'));
const { classify, createDefaultProviders } = await import(pathToFileURL(join(dist, 'index.js')).href);
const { ADVERSARIAL_INPUTS } = await import('./adversarial-inputs.mjs');
const { LONG, SHORT, TYPICAL } = await import('./texts.mjs');


const texts = [];
const data = resolve(process.env.FORMSPAM_SHARED_DATA ?? join(root, '../shared/data'));
const read = (p) => (existsSync(p) ? readFileSync(p, 'utf8') : '');
for (const n of ['01-Psy', '02-KatyPerry', '03-LMFAO', '04-Eminem', '05-Shakira']) {
  for (const r of csv(read(join(data, `youtube-spam-collection/Youtube${n}.csv`))).slice(1)) if (r[3]) texts.push(r[3]);
}
for (const line of read(join(data, 'sms-spam-collection/SMSSpamCollection')).split('\n')) {
  const tab = line.indexOf('\t');
  if (tab !== -1) texts.push(line.slice(tab + 1));
}
for (const r of csv(read(join(data, 'sms-spam-multilingual/data-en-hi-de-fr.csv'))).slice(1)) for (const t of r.slice(2)) if (t) texts.push(t);
for (const f of ['messages', 'names', 'emails']) {
  const p = join(data, `contact-form-spam-phrases/${f}.json`);
  if (existsSync(p)) for (const t of JSON.parse(read(p))) if (typeof t === 'string') texts.push(t);
}
for (const f of ['language/langdetect-corpus.json', 'language/langdetect-short.json']) {
  for (const list of Object.values(JSON.parse(read(join(root, 'fixtures', f)) || '{}'))) if (Array.isArray(list)) texts.push(...list);
}
{
  const real = JSON.parse(read(join(root, 'fixtures/real-text-19-languages.json')) || '{}');
  for (const lang of Object.values(real.languages ?? {})) for (const list of Object.values(lang)) if (Array.isArray(list)) texts.push(...list.filter((t) => typeof t === 'string'));
}
texts.push(SHORT, TYPICAL, LONG);
for (const { text } of ADVERSARIAL_INPUTS) texts.push(text, text.slice(0, 300), text.slice(0, 3000));

// Hand-written edge cases for the fast paths: every rule's triggers and near-misses.
const EDGE = [
  '', ' ', '\n\n', 'a', 'Thanks!', 'ok', '12345', '+420 777 123 456', '1; drop table users', "admin' OR 1=1 --", "x'; DROP TABLE users;--",
  'UNION/**/SELECT password FROM users', 'SELECT * FROM users', 'sleep(5)', 'WAITFOR DELAY \'0:0:5\'', '@@version', "it's 'fine' --",
  '<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '&lt;script&gt;', 'javascript:alert(1)', 'java\tscript:alert(1)',
  '%3Cscript%3E', 'data:text/html;base64,xxx', '<b>bold</b> <a href="https://x.example">x</a>', '[url=https://spam.example]x[/url]',
  '$100', '€ 50', '100€', '100 USD', 'USD 1,000.50', '50 евро', '20 Kč', '1 000,- Kč', '$$$$$$$$$$$$$$$', '¥¥¥', '₿0.5', '10 ft',
  'Visit www.example.com or https://example.com/page?x=1#y', 'example.com', 'called.No', 'ASP.NET', 'e.g.so', 'blog.firma.de',
  'href="example.com">', '(example.com)', '„example.com“', 'thangam.it\'s', 'http://' + 'a'.repeat(3000), 'user@example.com',
  'BUY NOW!!! CHEAP!!!', 'HI DARLIN I HOPE YOU HAD A NICE NIGHT', 'MMXXIV', 'DID you', 'STRAßE', 'ÉCOLE ÉTÉ', 'ПРИВЕТ ДРУГ',
  'qwerty asdfg zxcvb фыва ασδφ', 'mbmnm dsdsdsd hmmmm prst vlk čtvrt scvrnkl', 'frndshp jstfrnd', 'QWERTY keyboard',
  '😀😀😀 👍 👍 👍 ❤️❤️ ❤ 🇨🇿 1️⃣ 👨‍👩‍👧‍👦 🏴󠁧󠁢󠁳󠁣󠁴󠁿 ©️ © ™', '#growth #1 C# #FF5733 #4B &#39;', '!!!!!!!!!!', '-------', '$$$!!!###',
  'Fr33 m0n3y, cl1ck h3r3', 'frее', 'f u c k', 'fuuuuuck', 'Scunthorpe classic assassin', 'retard', 'Dick Müller', 'kut fan del',
  'I am not happy at all, this is terrible and awful', 'I will kill you', 'not bad', 'Dobrý den, děkuji', 'Ďakujem veľmi pekne',
  'Ｆｕｌｌ－ｗｉｄｔｈ　ｔｅｘｔ！', 'zero\u200Bwidth soft\u00ADhyphen', 'ctrl\u0001chars\u007f', 'tab\there', 'nbsp\u00A0here',
  '\uD800 lone surrogate \uDC00', 'a\u0301e\u0301 combining', 'ǅemal Ǆ title case', 'ﬁ ligature', '𝐁𝐨𝐥𝐝 𝕸𝖆𝖙𝖍', '中文文本测试 日本語のテキスト',
  'مرحبا بكم في موقعنا', 'שלום עולם', 'नमस्ते दुनिया', 'สวัสดีครับ', '  leading and trailing   ', 'a\r\nb\rc',
];
texts.push(...EDGE);

// Seeded random texts: characters from every class the rules and the tables look at, and words
// from the corpora mixed with rule triggers.
let seed = 0x2f6e2b1;
const rand = () => {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) / 0x100000000;
};
const pick = (a) => a[Math.floor(rand() * a.length)];
const POOL = [
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
  ...'     \n\t.,;:!?\'"`-_()[]{}<>/\\|@#$%^&*+=~',
  ...'áčďéěíňóřšťúůýžäöüßàâçèêëîïôûœæøåłńśźżőű', ...'ÁČĎÉĚÍŇÓŘŠŤÚŮÝŽÄÖÜ', ...'абвгдеёжзийклмнопрстуфхцчшщъыьэюяАБВГДЕЁЖЗИЙ',
  ...'αβγδεζηθικλμνξοπρσςτυφχψωάέήίόύώΑΒΓΔΕ', ...'€£¥₽₹¢₿', ...'’‘“”„«»…–—', '\u00A0', '\u2009', '\u3000', '\u200B', '\u200D', '\uFE0F',
  '\u0301', '\u0308', ...'中文字日本語한국어', '😀', '👍', '❤', '🇨', '🇿', '🏻', '©', '®', '™', '１', 'Ａ', '！', 'ﬁ', '\u0007', '\uD800',
];
const WORDS = texts.slice(0, 20000).join(' ').split(/\s+/).filter((w) => w.length > 0 && w.length < 40);
const TRIGGERS = [
  'https://spam.example/x', 'www.example.com', 'example.com/p', "' OR 1=1 --", '; DROP TABLE t;', 'UNION SELECT', '<script>', '<b>',
  'onerror=x', 'javascript:x()', '$100', '100 €', 'EUR 5', 'FREE!!!', 'WIN', 'qwerty', 'mbmnm', '#tag', '😀😀', '!!!', '$$$$$$',
  'viagra', 'casino', 'fuck', 'bitcoin', 'kill', 'hate', 'not', 'SEO', 'backlinks', '&#x3C;script&#x3E;', '%3Cscript%3E',
];
for (let k = 0; k < 3000; k++) {
  let s = '';
  const len = 1 + Math.floor(rand() * (k % 10 === 0 ? 2000 : 200));
  while (s.length < len) s += pick(POOL);
  texts.push(s);
}
for (let k = 0; k < 3000; k++) {
  const parts = [];
  const n = 1 + Math.floor(rand() * (k % 10 === 0 ? 400 : 60));
  for (let j = 0; j < n; j++) parts.push(rand() < 0.1 ? pick(TRIGGERS) : pick(WORDS));
  texts.push(parts.join(rand() < 0.8 ? ' ' : pick([' ', '\n', '  ', ', ', '. '])));
}

// Pieces of injections and markup, shuffled: the pre-filters of SQL_INJECTION and HTML_INJECTION.
const PIECES = [
  ';', '; ', ' ', '\t', '\n', '  ', '1', "'", '"', '`', ')', '(', '=', 'drop table users', 'DROP TABLE x', 'select a, b from t', 'SELECT *',
  'delete from t', 'insert into t', 'union', ' all ', '/**/', '--', '#', '/*', 'sleep(5)', 'or 1=1', 'if exists ', 'users',
  '<', '>', '<script', 'img src=x onerror=', 'javascript:', 'java', 'script:', 'data:', 'text/html', ':', '&#', '&lt;', '%3C', 'a', 't',
];
for (let k = 0; k < 3000; k++) {
  let s = '';
  const n = 1 + Math.floor(rand() * 40);
  for (let j = 0; j < n; j++) s += pick(PIECES);
  texts.push(s);
}

const providers = createDefaultProviders({ offline: true, textModel: false });
const withModel = createDefaultProviders({ offline: true, textModel: true });
const hash = createHash('sha256');
const lines = [];
let n = 0;
const t0 = performance.now();
for (const [i, t] of texts.entries()) {
  // As `text`, as two `fields` (the second half of the text in its own field), and as an array.
  const half = t.length >> 1;
  const requests = [{ text: t }, { fields: { name: t.slice(0, Math.min(half, 60)), message: t.slice(Math.min(half, 60)) } }];
  if (i % 7 === 0) requests.push({ text: [t, t.slice(0, 50)] });
  for (const request of requests) {
    // {}: no providers (classify(request) alone uses the bundled ones).
    for (const p of [{}, providers, withModel]) {
      let line;
      try {
        // `id` is random per call: everything else must stay the same.
        const { id: _id, ...response } = await classify(request, p);
        line = JSON.stringify(response);
      } catch (error) {
        line = `error ${error?.code ?? error?.name}: ${error?.message}`;
      }
      hash.update(line + '\n');
      lines.push(line);
      n++;
    }
  }
}
writeFileSync(out, lines.join('\n') + '\n');
console.log(`${texts.length} texts, ${n} responses in ${((performance.now() - t0) / 1000).toFixed(1)} s → ${out}`);
console.log(`sha256 ${hash.digest('hex')}`);
