import { describe, it } from 'vitest';
import { fill, SIZE } from '../../../bench/adversarial-inputs.mjs';
import rule from '../../../src/rules/text/html-injection.js';
import { expectHit, expectMiss, testRule } from '../../../src/testing/rule.js';

testRule(rule, {
  hits: [
    { request: 'Hi <script>alert(1)</script>', count: 1, values: ['<script>'], score: 5 },
    { name: 'any case, with attributes', request: '<SCRIPT SRC=//x.example/x.js></SCRIPT>', count: 1, values: ['<SCRIPT SRC=//x.example/x.js>'] },
    {
      name: 'every dangerous element',
      request: '<iframe src="//x.example"><style>body{}</style><object data=x><embed src=x><meta http-equiv="refresh" content="0;url=//x.example"><link rel=stylesheet href=x><base href=//x.example/><form action=//x.example>',
      count: 8,
    },
    { name: 'event handlers inside tags', request: '<img src=x onerror=alert(1)> <svg/onload=alert(1)> <body onload=x()>', count: 3, values: ['onerror=', 'onload=', 'onload='] },
    { name: 'a dangerous tag with a handler counts twice', request: '<script onload=x()>', count: 2, values: ['<script onload=x()>', 'onload='] },
    { name: 'handler after a quoted "<" or in a tag the page closes later', request: '<img alt="<" onerror=alert(1)> <img src=x onerror=alert(2)', count: 2, values: ['onerror=', 'onerror='] },
    { name: 'script URLs', request: '<a href="javascript:alert(1)">x</a> vbscript:msgbox(1) JAVASCRIPT:void(0)', count: 3, values: ['javascript:', 'vbscript:', 'JAVASCRIPT:'] },
    { name: 'script URL with a space before a call', request: 'go to javascript: alert(document.cookie)', count: 1, values: ['javascript:'] },
    { name: 'data: URL with HTML', request: '<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>', count: 1, values: ['data:text/html;'] },
    { name: 'HTML-entity encoded', request: '&lt;script&gt;alert(1)&lt;/script&gt; &#60;iframe src=x&#62;', count: 2, values: ['<script>', '<iframe src=x>'] },
    { name: 'entity-encoded scheme, with leading zeros and a tab', request: 'java&#x09;script:alert(1) &#0000106;avascript:alert(2) javascript&colon;alert(3)', count: 3 },
    { name: 'percent encoded', request: '%3Cscript%3Ealert(1)%3C/script%3E %3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E', count: 2, values: ['<script>', 'onerror='] },
    { name: 'tag split to dodge filters', request: '<scr<script>ipt>alert(1)</script>', count: 1, values: ['<script>'] },
    { name: 'ru (Cyrillic) around the markup', request: 'Привет <script>alert("Привет")</script>', count: 1 },
    { name: 'el (Greek) around the markup', request: 'Γεια σας <img src=x onerror="alert(\'Γεια\')">', count: 1, values: ['onerror='] },
    { name: 'full-width brackets are folded by NFKC', request: '＜script＞alert(1)＜/script＞', count: 1 },
    {
      name: 'several fields',
      request: { fields: { name: '<script>x()</script>', company: 'Acme', message: 'See <a href=javascript:alert(1)>here</a>' } },
      count: 2,
      values: ['<script>', 'javascript:'],
      fields: ['name', 'message'],
    },
  ],
  misses: [
    'I loved "JavaScript: the good parts" and "JavaScript: The Definitive Guide".',
    'The onload event fires after the images; use onclick= handlers sparingly.',
    'Harmless markup: <b>bold</b> <i>x</i> <a href="https://example.com">site</a> <img src="a.png" alt="logo">',
    'The <link to the page> is broken and the <form of words> is odd.',
    'We work with JavaScript, VBScript and TypeScript. Meet at 10:30.',
    'A data: text/html MIME type, and data:image/png;base64,iVBORw0KGgo= is an image.',
    'Search https://example.com/?q=%3Cb%3Ehello%3C%2Fb%3E and R&amp;D at AT&amp;T.',
    'Encoded harmless: &lt;b&gt;bold&lt;/b&gt; &#60;p&#62;',
    { name: 'cs', request: 'Dobrý den, formulář na webu nefunguje, tlačítko Odeslat nic nedělá. Děkuji, Petr' },
    { name: 'de', request: 'Guten Tag, das Kontaktformular zeigt einen JavaScript-Fehler: Bitte prüfen.' },
    { name: 'fr', request: 'Bonjour, votre formulaire affiche « erreur JavaScript : script bloqué ».' },
    { name: 'ru (Cyrillic)', request: 'Здравствуйте, на сайте ошибка: скрипт не загружается.' },
    { name: 'el (Greek)', request: 'Καλημέρα, η φόρμα επικοινωνίας δεν λειτουργεί.' },
  ],
});

describe('adversarial 100 KB inputs', () => {
  it('counts nothing in 100 KB of "<scrip"', () => expectMiss(rule, fill('<scrip')));
  it('counts nothing in 100 KB of handlers without a tag', () => expectMiss(rule, fill(' onerror=')));
  it('counts nothing in 100 KB of "javascript"', () => expectMiss(rule, fill('javascript')));
  it('counts nothing in 100 KB of "javascript: " prose', () => expectMiss(rule, fill('javascript: the ')));
  it('counts nothing in 100 KB of "&#x3c;"', () => expectMiss(rule, fill('&#x3c;')));
  it('counts nothing in 100 KB of "%3C"', () => expectMiss(rule, fill('%3C')));
  it('counts nothing in 100 KB of unclosed "<a "', () => expectMiss(rule, fill('<a ')));
  it('counts nothing in an unclosed tag with 100 KB of attributes', () => expectMiss(rule, '<div ' + fill('x', SIZE - 5)));
  it('counts nothing in 100 KB of zeros of an entity', () => expectMiss(rule, '&#' + fill('0', SIZE - 2)));
  it('counts every tag of 100 KB of "<script>"', () => expectHit(rule, { request: fill('<script>'), count: SIZE / 8 }));
  it('counts every handler of 100 KB of "<img src=x onerror=alert(1)>"', () =>
    expectHit(rule, { request: fill('<img src=x onerror=alert(1)>'), count: Math.floor(SIZE / 28) }));
  it('counts every entity-encoded tag of 100 KB of "&lt;script&gt;"', () =>
    expectHit(rule, { request: fill('&lt;script&gt;'), count: Math.floor(SIZE / 14) }));
  it('counts every percent-encoded tag of 100 KB of "%3Cscript%3E"', () =>
    expectHit(rule, { request: fill('%3Cscript%3E'), count: Math.floor(SIZE / 12) }));
  it('counts every scheme of 100 KB of "java&#x09;script:"', () =>
    expectHit(rule, { request: fill('java&#x09;script:'), count: Math.floor(SIZE / 17) }));
});
