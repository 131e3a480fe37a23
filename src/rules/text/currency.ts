import { defineRule, matchesOutcome } from '../../rule.js';
import { scanSegments } from '../../text/scan.js';

// Currency symbols (NFKC has already folded full-width forms).
const SYM = '[$€£¥₽₹₴₺₩₪₦₱₫₭₮₲₵₸₼₾₿¢]';
// ISO 4217 codes and crypto tickers that show up in prices; upper case only, so "eur" in prose is not one.
const CODE = '(?:USD|EUR|GBP|JPY|CHF|CNY|RUB|UAH|PLN|CZK|HUF|SEK|NOK|DKK|BGN|RON|INR|AUD|CAD|TRY|BRL|MXN|BTC|ETH|USDT|XRP)';
// Currency words used after an amount in the 19 languages (lower or title case).
const WORD =
  '(?:[Dd]ollars?|[Ee]uros?|[Bb]ucks|[Pp]ounds? sterling|zł|złotych|złote|[Kk]č|korun|[Kk]orun[ay]?|[Ff]t|[Ff]orint|lei|leva|лв|лева|евро|' +
  'долл(?:ар(?:ов|а)?)?|руб(?:л(?:ей|я|ь))?|грн|ευρώ|δολάρια|kr|kronor|kroner|kruununa|euroa|dolarů|dolárov|dolarów|dólares|dollari|dollars)';
// An amount: at most 15 digits, then up to five groups of three, then up to two decimals or a ",-".
const AMOUNT = String.raw`\p{Nd}{1,15}(?:[.,' \u00A0\u202F]\p{Nd}{3}){0,5}(?:[.,]\p{Nd}{1,2}|,-{1,2})?(?:\s?(?:[kKM]|mln|mil|million|billion)(?![\p{L}]))?`;

// Every quantifier is bounded, so each attempt is constant work and a scan is linear.
const PRICE = new RegExp(
  [
    `${SYM}{1,3}\\s?${AMOUNT}`, // $100, € 50, $$1,000
    `(?<![\\p{L}\\p{Nd}.,])${AMOUNT}\\s?(?:${SYM}|${CODE}(?![\\p{L}])|${WORD}(?![\\p{L}]))`, // 100€, 100 USD, 50 евро
    `(?<![\\p{L}])${CODE}\\s?${AMOUNT}`, // USD 100
    `${SYM}{1,10}`, // a bare currency sign or "$$$"
  ].join('|'),
  'gu',
);

export default defineRule({
  id: 'text.CURRENCY',
  significance: 'low',
  formula: { per: 0.25 },
  description: 'Prices and currency amounts ($100, 50 €, USD 1,000, 20 евро) and bare currency signs.',
  score({ text }) {
    return matchesOutcome(text ? scanSegments(text, PRICE).map((m) => ({ ...m, value: m.value.trim() })) : []);
  },
});
