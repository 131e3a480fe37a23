import { defineRule, matchesOutcome, type Match } from '../../rule.js';
import { scanSegments } from '../../text/scan.js';

// Currency symbols (NFKC has already folded full-width forms).
const SYM = '[$€£¥₽₹₴₺₩₪₦₱₫₭₮₲₵₸₼₾₿¢]';
// ISO 4217 codes and crypto tickers that show up in prices; upper case only, so "eur" in prose is not one.
const CODE = '(?:USD|EUR|GBP|JPY|CHF|CNY|RUB|UAH|PLN|CZK|HUF|SEK|NOK|DKK|BGN|RON|INR|AUD|CAD|TRY|BRL|MXN|BTC|ETH|USDT|XRP)';
// Currency words used after an amount in the 19 languages (lower or title case). "Ft" only in
// capitals: "10 ft" is ten feet. Lower-case "eur" only after an amount, as Slovak and Czech write it.
const WORD =
  '(?:[Dd]ollars?|[Ee]uros?|eur|eurá|[Bb]ucks|[Pp]ounds? sterling|zł|złotych|złote|złoty|[Kk]č|[Kk]orun[ay]?|Ft|[Ff]orint|lei|leva|лв|лева|евро|' +
  'долл(?:ар(?:ов|а)?)?|руб(?:л(?:ей|я|ь))?|грн|ευρώ|δολάρια|kr|kronor|kroner|kruununa|euroa|dolarů|dolárov|dolarów|dólares|dollari|reais|pesos)';
// An amount: at most 15 digits, then up to five groups of three, then up to two decimals or a ",-".
const AMOUNT = String.raw`\p{Nd}{1,15}(?:[.,' \u00A0\u202F\u2019]\p{Nd}{3}){0,5}(?:[.,]\p{Nd}{1,2}|,-{1,2})?(?:\s?(?:[kKM]|mln|mil|million|billion)(?![\p{L}]))?`;

// Every quantifier is bounded, so each attempt is constant work and a scan is linear.
const PRICE = new RegExp(
  [
    `${SYM}{1,10}\\s?${AMOUNT}`, // $100, € 50, $$$$1,000
    `(?<![\\p{L}\\p{Nd}.,])${AMOUNT}\\s?(?:${SYM}|${CODE}(?![\\p{L}])|${WORD}(?![\\p{L}]))`, // 100€, 100 USD, 50 евро
    `(?<![\\p{L}])${CODE}\\s?${AMOUNT}`, // USD 100
    `${SYM}{1,10}`, // a bare currency sign or "$$$" (longer runs are joined below)
  ].join('|'),
  'gu',
);
const SIGNS_ONLY = new RegExp(`^${SYM}+$`, 'u');

/** Joins adjacent runs of bare currency signs, so "$$$…" of any length is one token. */
function joinSignRuns(matches: readonly Match[]): Match[] {
  const out: Match[] = [];
  let prevSigns = false;
  let prevEnd = -1;
  for (const m of matches) {
    const signs = m.value.length <= 10 && SIGNS_ONLY.test(m.value);
    const prev = out[out.length - 1];
    if (signs && prevSigns && prev !== undefined && prev.field === m.field && prevEnd === m.index) {
      out[out.length - 1] = { ...prev, value: prev.value + m.value };
    } else {
      out.push(m);
    }
    prevSigns = signs;
    prevEnd = m.index! + m.value.length;
  }
  return out;
}

export default defineRule({
  id: 'text.CURRENCY',
  significance: 'low',
  formula: { per: 0.25 },
  description: 'Prices and currency amounts ($100, 50 €, USD 1,000, 20 евро) and bare currency signs.',
  score({ text }) {
    return matchesOutcome(text ? joinSignRuns(scanSegments(text, PRICE)).map((m) => ({ ...m, value: m.value.trim() })) : []);
  },
});
