import { defineRule, matchesOutcome, type Match } from '../../rule.js';

/**
 * Common acronyms that are written in capitals in ordinary business messages. They are not
 * shouting, so they do not count. Kept short on purpose: see docs/rules.md.
 */
export const COMMON_ACRONYMS: ReadonlySet<string> = new Set([
  'API', 'APIS', 'ASAP', 'ATM', 'AWS', 'BMW', 'CEO', 'CFO', 'CMS', 'COO', 'CRM', 'CSS', 'CSV', 'CTO',
  'DHL', 'DNS', 'DPD', 'EUR', 'FAQ', 'GCP', 'GDPR', 'GPS', 'HTML', 'HTTP', 'HTTPS', 'IBAN', 'IBM', 'ISO',
  'JSON', 'LLC', 'LTD', 'NASA', 'NATO', 'NDA', 'PDF', 'PHP', 'PIN', 'PNG', 'RSVP', 'SAP', 'SDK', 'SEPA', 'SKU',
  'SLA', 'SMS', 'SQL', 'SSL', 'SSO', 'SUV', 'TLS', 'UPS', 'URL', 'USA', 'USB', 'USD', 'VAT', 'VIP', 'VPN',
  'XML', 'DPH', 'IČO', 'DIČ', 'MWST', 'UST', 'TVA', 'IVA', 'NIP', 'REGON', 'OOO', 'ООО', 'ОАО', 'ЗАО', 'ИНН',
  'ДДС', 'ЕИК', 'ΑΦΜ', 'ΦΠΑ', 'ΕΠΕ', 'SRL', 'SPA', 'GMBH', 'ASA', 'OYJ', 'KFT',
  'ZRT', 'SRO',
]);

// Letter runs; combining marks belong to the letter before them, so a word has 3+ letters when it
// is 3+ code units long after the marks are left out.
// Candidates: a capital and at least two more letters. A candidate preceded by a letter is the
// tail of a word ("aBCD"), not a word, and is skipped. Scanning for capitals only keeps ordinary
// lower-case text cheap.
const CANDIDATE = /\p{Lu}[\p{L}\p{M}]{2,}/gu;
const LETTER_OR_MARK = /[\p{L}\p{M}]/u;
const MARKS = /\p{M}/gu;
// A well-formed Roman numeral (XIV, MMXXIV), not any run of the letters I V X L C D M: "DID",
// "MID", "MILD" and "DIM" are words, and shouting them counts.
const ROMAN = /^M{0,3}(?:CM|CD|D?C{0,3})(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})$/;
const MAX_ROMAN = 7;
// Upper case, no lower-case or title-case letter. "ß" has no capital in common use, so
// "STRAßE" is written in capitals; toUpperCase() would turn it into "SS" and miss the word.
const UPPER = /\p{Lu}/u;
const LOWER = /[\p{Ll}\p{Lt}]/u;

function isShouted(word: string): boolean {
  // Fast exits for the common case: short words and words starting with a lower-case ASCII letter.
  const first = word.charCodeAt(0);
  if (word.length < 3 || (first >= 97 && first <= 122)) return false;
  if (word.replace(MARKS, '').length < 3) return false;
  if (!UPPER.test(word) || LOWER.test(word.replaceAll('ß', ''))) return false;
  return !COMMON_ACRONYMS.has(word) && !(word.length <= MAX_ROMAN && ROMAN.test(word));
}

export default defineRule({
  id: 'text.CAPITALIZATION',
  significance: 'low',
  formula: { per: 0.25 },
  description: 'Words of three or more letters written entirely in capitals (shouting), except common acronyms.',
  score({ text }) {
    if (!text) return matchesOutcome([]);
    const matches: Match[] = [];
    for (const { field, text: value } of text.segments) {
      for (const m of value.matchAll(CANDIDATE)) {
        if (m.index > 0 && LETTER_OR_MARK.test(value[m.index - 1]!)) continue;
        if (isShouted(m[0])) matches.push({ field, value: m[0], index: m.index });
      }
    }
    return matchesOutcome(matches);
  },
});
