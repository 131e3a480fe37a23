/**
 * Top-level domains that make a bare word like `example.com` count as a URL without a scheme
 * or `www.`. Generic TLDs that spam uses, plus country codes. Left out on purpose: country codes
 * that are common file extensions (`md`, `py`, `sh`, `rs`, `ps`, `pl` stays: Poland matters more
 * than Perl). See docs/rules.md.
 */
const GENERIC =
  'com net org info biz edu gov mil int name pro mobi asia tel travel jobs xyz top online site shop store club live ' +
  'app dev io co me tv cc ly to gg ai vip win bid loan click link work fun space website tech icu cyou buzz sbs ' +
  'monster rest bar cfd quest today world life news blog email digital agency solutions services company media ' +
  'store ltd group global one best cloud host page press social money finance cash bet casino poker games ' +
  'dating sex porn xxx adult cam webcam date love sexy tube download stream review reviews guru ninja rocks ' +
  'zone center network systems support help care health fit beauty hair makeup fashion market shopping sale ' +
  'deals discount gift gifts kim men ooo rip lol wtf pw tk ml ga cf gq su eus cat bzh scot wales london berlin ' +
  'paris moscow amsterdam wien';
const COUNTRY =
  'ac ad ae af ag al am ao ar as at au aw ax az ba bb bd be bf bg bh bi bj bm bn bo br bs bt bw by bz ca cd cf cg ch ' +
  'ci ck cl cm cn cr cu cv cw cx cy cz de dj dk dm do dz ec ee eg er es et eu fi fj fk fm fo fr ga gd ge gf gh gi gl ' +
  'gm gn gp gq gr gt gu gw gy hk hm hn hr ht hu id ie il im in iq ir is it je jm jo jp ke kg kh ki km kn kp kr kw ky ' +
  'kz la lb lc li lk lr ls lt lu lv ma mc mg mh mk mm mn mo mp mq mr ms mt mu mv mw mx my mz na nc ne nf ng ni nl no ' +
  'np nr nu nz om pa pe pf pg ph pk pl pm pn pr pt pw qa re ro ru rw sa sb sc sd se sg sh si sk sl sm sn so sr ss st ' +
  'sv sx sy sz tc td tf tg th tj tk tl tm tn tr tt tw tz ua ug uk us uy uz va vc ve vg vi vn vu wf ws ye yt za zm zw';

// Internationalised TLDs of the Cyrillic and Greek languages formspam supports (ru, bg, el), in
// Unicode and in their ASCII (punycode) form: пример.рф, xn--e1afmkfd.xn--p1ai.
const IDN =
  'рф xn--p1ai бг xn--90ae ελ xn--qxam рус xn--p1acf сайт xn--80aswg онлайн xn--80asehdb москва xn--80adxhks';

const EXCLUDED = new Set(['md', 'py', 'sh', 'rs', 'ps']);

export const URL_TLDS: ReadonlySet<string> = new Set(
  `${GENERIC} ${COUNTRY} ${IDN}`.split(/\s+/).filter((t) => t && !EXCLUDED.has(t)),
);

/**
 * TLDs that are also everyday words of the supported languages (en "so", "my", "in", "be";
 * de "es", "im", "er"; fr "je", "il", "et"; ro "pe", "cu"; cs/pl/sk "na", "za", "je"; sv/da/no
 * "om", "vi", "nu"), so that a missing space after a full stop makes a domain of a sentence:
 * "for 2 days.so you can", "Blöd.es nicht möglich", "Stupide.il n'est pas possible". A bare
 * domain with one of these counts only with a path or port (`about.me/anna`, `youtu.be/x`) or
 * more than two labels (`blog.firma.de`); `firma.de` alone does not count. Only the words that
 * are TLDs here matter.
 */
export const WORD_TLDS: ReadonlySet<string> = new Set(
  ('so my do am in is be to me us as at it no by im es er je il la se si ne et au ma al ao na ca cu pe nu de az ve ' +
    'za om vi ni sa love life xxx сайт онлайн').split(' ').filter((t) => URL_TLDS.has(t)),
);
