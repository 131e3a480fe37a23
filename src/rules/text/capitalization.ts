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
const WORD = /\p{L}[\p{L}\p{M}]*/gu;
const MARKS = /\p{M}/gu;
const ROMAN = /^[IVXLCDM]{1,4}$/;

function isShouted(word: string): boolean {
  if (word.replace(MARKS, '').length < 3) return false;
  if (word !== word.toUpperCase() || word === word.toLowerCase()) return false;
  return !COMMON_ACRONYMS.has(word) && !ROMAN.test(word);
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
      for (const m of value.matchAll(WORD)) {
        if (isShouted(m[0])) matches.push({ field, value: m[0], index: m.index });
      }
    }
    return matchesOutcome(matches);
  },
});
