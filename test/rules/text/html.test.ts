import { describe, it } from 'vitest';
import { fill, SIZE } from '../../../bench/adversarial-inputs.mjs';
import rule from '../../../src/rules/text/html.js';
import { expectHit, expectMiss, testRule } from '../../../src/testing/rule.js';

testRule(rule, {
  hits: [
    { request: 'Visit <a href="http://spam.example">cheap pills</a>', count: 1, values: ['<a href="http://spam.example">'], score: 1 },
    { name: 'closing tags do not count', request: '<b>bold</b> and <i>italic</i>', count: 2, values: ['<b>', '<i>'] },
    { name: 'void and self-closing tags, any case', request: 'line<br>line<br/>line<BR />', count: 3, values: ['<br>', '<br/>', '<BR />'] },
    { name: 'nested elements', request: '<div class="x"><p><span style="color:red">y</span></p></div>', count: 3 },
    { name: 'attributes over several lines', request: '<a\nhref="http://x.example"\n>x</a>', count: 1 },
    { name: 'BBCode links and images', request: '[url=http://x.example]x[/url] [URL]http://y.example[/URL] [link]z[/link] [img]http://x.example/a.png[/img]', count: 4, values: ['[url=http://x.example]', '[URL]', '[link]', '[img]'] },
    { name: 'de (text around tags)', request: 'Günstige <b>Kredite</b> hier: <a href=//x.example>klicken</a>', count: 2 },
    { name: 'ru (Cyrillic)', request: '<h1>Скидки</h1><p>Купите сейчас</p>', count: 2, values: ['<h1>', '<p>'] },
    { name: 'el (Greek)', request: '<strong>Προσφορά</strong> <font color=red>τώρα</font>', count: 2 },
    { name: 'cs, pl', request: '<p>Výhodná nabídka</p><p>Najlepsza oferta</p>', count: 2 },
    { name: 'obsolete elements used in spam', request: '<center><marquee>WIN</marquee></center>', count: 2 },
    { name: 'full-width brackets are folded by NFKC', request: '＜b＞hi＜/b＞', count: 1, values: ['<b>'] },
    {
      name: 'several fields',
      request: { fields: { name: '<b>Anna</b>', website: 'none', message: 'See <img src=x.png> and [url=http://x.example]this[/url]' } },
      count: 3,
      values: ['<b>', '<img src=x.png>', '[url=http://x.example]'],
      fields: ['name', 'message', 'message'],
    },
  ],
  misses: [
    'Is a < b and c > d? Then if a<b and c>d holds, x<y and y>z too.',
    'I <3 your product, thanks <3',
    'My address is John Smith <john@example.com>, or <a.smith@example.org>.',
    'Flow: draft -> review -> done, and back <- again; => is an arrow too.',
    'Please fill in <unknown-thing> and <name> and <your company>.',
    'Prose in angle brackets: <time is money>, <map of the area>, <select one option>.',
    'Prices: <100 USD and >50 EUR; temperature < 5 °C.',
    'Closing tags only: </a></b></div>',
    '<!-- a comment --> <!DOCTYPE html>',
    'BBCode for style is fine: [b]bold[/b] [quote]x[/quote]',
    { name: 'de', request: 'Sehr geehrte Damen und Herren, die Maße sind 3 < x < 5 cm. Grüße' },
    { name: 'cs', request: 'Dobrý den, cena < 1000 Kč by byla ideální. Děkuji' },
    { name: 'ru (Cyrillic)', request: 'Добрый день, <Иван Петров> ivan@example.ru' },
    { name: 'el (Greek)', request: 'Καλημέρα, η θερμοκρασία είναι < 10 βαθμούς.' },
  ],
});

describe('adversarial 100 KB inputs', () => {
  it('counts no tag in 100 KB of "<"', () => expectMiss(rule, fill('<')));
  it('counts no tag in 100 KB of unclosed "<a "', () => expectMiss(rule, fill('<a ')));
  it('counts no tag in an unclosed tag with 100 KB of attributes', () => expectMiss(rule, '<div ' + fill('x', SIZE - 5)));
  it('counts no tag in 100 KB of closing tags', () => expectMiss(rule, fill('</b>')));
  it('counts no tag in 100 KB of "<b and c>" prose', () => expectMiss(rule, fill('a<b and c>d ')));
  it('counts no tag in 100 KB of "[url="', () => expectMiss(rule, fill('[url=')));
  it('counts no tag in 100 KB of "[url" near-misses', () => expectMiss(rule, fill('[url ')));
  it('counts no tag in 100 KB of encoded "&#x3c;"', () => expectMiss(rule, fill('&#x3c;')));
  it('counts every tag of 100 KB of "<br>"', () => expectHit(rule, { request: fill('<br>'), count: SIZE / 4 }));
  it('counts every tag of 100 KB of "<a x=y>" (the last one is cut)', () =>
    expectHit(rule, { request: fill('<a x=y>'), count: Math.floor(SIZE / 7) }));
  it('counts every tag of 100 KB of "[img]"', () => expectHit(rule, { request: fill('[img]'), count: SIZE / 5 }));
});
