import { describe, it } from 'vitest';
import { fill, SIZE } from '../../../bench/adversarial-inputs.mjs';
import rule from '../../../src/rules/text/url.js';
import { expectHit, expectMiss, testRule } from '../../../src/testing/rule.js';

testRule(rule, {
  hits: [
    { request: 'Visit https://example.com/path?q=1.', count: 1, values: ['https://example.com/path?q=1'], score: 0.5 },
    { request: 'www.example.org', count: 1, values: ['www.example.org'] },
    { request: 'example.com', count: 1, values: ['example.com'] },
    { request: 'See shop.example.co.uk/path and bit.ly/abc', count: 2, values: ['shop.example.co.uk/path', 'bit.ly/abc'], score: 1 },
    { request: 'Link: HTTPS://EXAMPLE.COM/PATH', count: 1, values: ['HTTPS://EXAMPLE.COM/PATH'] },
    { request: 'ftp://files.example.net/pub/file.zip', count: 1, values: ['ftp://files.example.net/pub/file.zip'] },
    { name: 'port', request: 'example.com:8080/admin', count: 1, values: ['example.com:8080/admin'] },
    {
      name: 'inside href, with and without a scheme',
      request: '<p>Visit <a href="https://shop.example.com/sale?id=1">our shop</a> or <a href="example.org">this</a></p>',
      count: 2,
      values: ['https://shop.example.com/sale?id=1', 'example.org'],
    },
    { name: 'single-quoted href', request: "<a href='www.example.net'>x</a>", count: 1, values: ['www.example.net'] },
    { name: 'in brackets and Markdown', request: 'my site (example.com), and [docs](docs.example.io/start).', count: 2, values: ['example.com', 'docs.example.io/start'] },
    { name: 'a URL inside a URL is one URL', request: 'https://a.example/redirect?to=https://b.example', count: 1 },
    { name: 'de', request: 'Mehr unter www.beispiel.de/kontakt oder https://beispiel.de.', count: 2, values: ['www.beispiel.de/kontakt', 'https://beispiel.de'] },
    { name: 'cs', request: 'Navštivte www.priklad.cz nebo priklad.cz/kontakt.', count: 2, values: ['www.priklad.cz', 'priklad.cz/kontakt'] },
    { name: 'pl', request: 'Odwiedź sklep.pl, a potem bit.ly/abc', count: 2, values: ['sklep.pl', 'bit.ly/abc'] },
    { name: 'ru (Cyrillic IDN)', request: 'Посетите пример.рф или https://пример.рф/каталог', count: 2, values: ['пример.рф', 'https://пример.рф/каталог'] },
    { name: 'bg (Cyrillic IDN)', request: 'Вижте сайта магазин.бг', count: 1, values: ['магазин.бг'] },
    { name: 'el (Greek IDN)', request: 'Επισκεφθείτε το παράδειγμα.ελ ή https://example.gr', count: 2, values: ['παράδειγμα.ελ', 'https://example.gr'] },
    { name: 'punycode', request: 'xn--e1afmkfd.xn--p1ai', count: 1 },
    { name: 'de, fr: typographic quotes and guillemets', request: 'Besuchen Sie „firma-xy.com“ oder «site.fr»', count: 2, values: ['firma-xy.com', 'site.fr'] },
    { name: 'a TLD that is a word counts with a path or a sub-domain', request: 'about.me/anna youtu.be/xyz blog.firma.de', count: 3 },
    {
      name: 'several fields',
      request: { fields: { name: 'Anna', website: 'anna.example.com', message: 'Please check https://example.org/offer and www.example.net' } },
      count: 3,
      values: ['anna.example.com', 'https://example.org/offer', 'www.example.net'],
      fields: ['website', 'message', 'message'],
      score: 1.5,
    },
  ],
  misses: [
    'Write to john.doe@example.com or <sales@example.org>, or mailto:info@example.net',
    'Examples, e.g. this, i.e. that, etc.',
    'Files: report.pdf, index.html, readme.md, notes.txt, photo.jpg, main.py, setup.exe',
    'Version 1.2.3 costs 3.14 EUR; we meet at 10.30; v2.0.1 is out.',
    'The router is at 192.168.0.1 and the DNS at 8.8.8.8.',
    'I called.No answer. Then.It was late.',
    {
      name: 'missing space before a word that is also a TLD',
      request: 'I might come for 2 days.so you can plan. I am home.love you. Saw your message.my mom is here.',
    },
    'We build on ASP.NET, Node.js and Vue.js.',
    {
      name: 'business enquiry',
      request:
        'Dear Sir or Madam, we need a quote for 200 office chairs (model no. 4.12) delivered to our warehouse by 15.03. ' +
        'Please reply by e-mail. Best regards, J. Smith, Acme Ltd.',
    },
    { name: 'de, abbreviations and a missing space', request: 'Sehr geehrte Damen und Herren, z.B. Müller GmbH bzw. e.V. usw. Blöd.es geht nicht.' },
    { name: 'cs, pl, sk company forms', request: 'ACME s.r.o., Sp. z o.o., a.s. Dobrý den.Je to hotovo? Dziękuję.Do zobaczenia.' },
    { name: 'fr', request: "Bonjour, c'est-à-dire M.Dupont. Stupide.il n'est pas là. Merci." },
    { name: 'it, es, pt', request: 'Buongiorno, S.p.A. Grazie.Arrivederci. Hola.es todo. Obrigado.ao senhor.' },
    { name: 'sv, da, no', request: 'Hej.vi ses. Tak.er det klart? Takk.nu er det ferdig.' },
    { name: 'ru (Cyrillic)', request: 'Здравствуйте! Цена 1.500 руб., т.е. недорого. Спасибо.' },
    { name: 'el (Greek)', request: 'Καλημέρα σας. Η τιμή είναι 12.50 ευρώ, π.χ. με ΦΠΑ.' },
  ],
});

describe('adversarial 100 KB inputs', () => {
  it('counts 100 KB of "http://" as one URL (one token)', () => expectHit(rule, { request: fill('http://'), count: 1 }));
  it('counts 100 KB of "www." as one URL', () => expectHit(rule, { request: fill('www.'), count: 1 }));
  it('counts a 100 KB URL as one URL, past the expression bound', () =>
    expectHit(rule, { request: 'https://' + fill('a', SIZE - 8), count: 1 }));
  it('finds nothing in one 100 KB dotted token', () => expectMiss(rule, fill('a.')));
  it('finds nothing in a 100 KB domain-like token', () => expectMiss(rule, fill('ab-') + '.com'));
  it('finds nothing in a word with 100 KB of trailing punctuation', () => expectMiss(rule, 'example' + fill('.,', SIZE - 7)));
  it('counts every "example.com " in 100 KB (the cut last one is not)', () =>
    expectHit(rule, { request: fill('example.com '), count: Math.floor(SIZE / 12) }));
  it('counts every "(example.com) " in 100 KB', () => expectHit(rule, { request: fill('(example.com) '), count: Math.floor(SIZE / 14) }));
  it('counts every href in 100 KB of links', () => expectHit(rule, { request: fill('<a href="https://x.io">'), count: Math.floor(SIZE / 23) }));
  it('finds nothing in 100 KB of e-mail addresses', () => expectMiss(rule, fill('john@example.com ')));
  it('finds nothing in 100 KB of version numbers', () => expectMiss(rule, fill('1.2.3 ')));
  it('finds nothing in 100 KB of missing spaces before "so"', () => expectMiss(rule, fill('days.so ')));
  it('finds nothing in 100 KB of file names', () => expectMiss(rule, fill('report.pdf ')));
});
