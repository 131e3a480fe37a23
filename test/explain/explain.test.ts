import { describe, expect, it } from 'vitest';
import { classify } from '../../src/engine/classifier.js';
import {
  DETAIL_CODES,
  EXPLAIN_LANGUAGES,
  MESSAGES,
  PLACEHOLDERS,
  SKIP_REASONS,
  explain,
  explainSkipped,
  negotiateExplainLanguage,
  placeholdersOf,
  type ExplainLanguage,
} from '../../src/explain/index.js';
import { defaultRules } from '../../src/rules/index.js';
import type { ClassifyResponse } from '../../src/core/response.js';

const RULE_IDS = defaultRules.map((r) => r.id).sort();

describe('message tables: complete in every language', () => {
  it('lists a placeholder set for exactly the registered rules', () => {
    expect(Object.keys(PLACEHOLDERS).sort()).toEqual(RULE_IDS);
  });

  for (const language of EXPLAIN_LANGUAGES) {
    const table = MESSAGES[language];
    describe(language, () => {
      it('has the same top-level keys as en', () => {
        expect(Object.keys(table).sort()).toEqual(Object.keys(MESSAGES.en).sort());
        expect(table.quotes).toHaveLength(2);
        expect(table.more).not.toBe('');
      });

      it('has a message for every rule in the registry, and no other', () => {
        expect(Object.keys(table.rules).sort()).toEqual(RULE_IDS);
        expect(Object.keys(table.rules).sort()).toEqual(Object.keys(MESSAGES.en.rules).sort());
      });

      it('has a message for every skip reason and `other`, and no other', () => {
        expect(Object.keys(table.skipped).sort()).toEqual([...SKIP_REASONS, 'other'].sort());
        expect(Object.keys(table.skipped).sort()).toEqual(Object.keys(MESSAGES.en.skipped).sort());
      });

      it('has a clause for every email.INVALID and email.MX reason code, and no other', () => {
        expect(Object.keys(table.details).sort()).toEqual([...DETAIL_CODES].sort());
        expect(Object.values(table.details).every((d) => d.trim() !== '' && !/[{}]/.test(d))).toBe(true);
      });

      it('uses only the placeholders its rule provides', () => {
        for (const [id, message] of Object.entries(table.rules)) {
          const extra = placeholdersOf(message).filter((p) => !PLACEHOLDERS[id]!.includes(p));
          expect(extra, `${language} ${id}`).toEqual([]);
        }
        for (const [reason, message] of Object.entries(table.skipped)) {
          const extra = placeholdersOf(message).filter((p) => p !== 'rule' && p !== 'reason');
          expect(extra, `${language} skipped ${reason}`).toEqual([]);
        }
        expect(placeholdersOf(table.generic).filter((p) => p !== 'rule' && p !== 'score')).toEqual([]);
      });

      it('has one non-empty sentence per message (a plural message has both forms)', () => {
        for (const [id, message] of Object.entries(table.rules)) {
          const forms = typeof message === 'string' ? [message] : [message.one, message.other];
          if (typeof message !== 'string') expect(Object.keys(message).sort(), id).toEqual(['one', 'other']);
          for (const form of forms) {
            expect(typeof form, id).toBe('string');
            expect(form.trim(), id).toMatch(/[.!?]$/);
          }
        }
      });
    });
  }
});

const SPAM = {
  text: 'CONGRATULATIONS!!! You have won a prize, claim your $1000 now at https://spam.example and http://x.example #win',
  email: 'someone@mailinator.com',
  timeZone: 'Europe/Moscow',
  expectedCountries: ['de'],
};

function hasPlaceholderLeft(text: string): boolean {
  return /\{[A-Za-z]+\}/.test(text);
}

describe('explain(response, { language })', () => {
  it('gives one sentence per reason, in order, naming the evidence, in every language', async () => {
    const response = await classify(SPAM);
    expect(response.reasons).toContain('text.SPAM_WORDS');
    const words: Record<ExplainLanguage, RegExp> = {
      en: /spam phrases: “CONGRATULATIONS”/,
      de: /Spam-Wendungen: „CONGRATULATIONS“/,
      fr: /expressions typiques du spam : « CONGRATULATIONS »/,
      es: /expresiones típicas de spam: «CONGRATULATIONS»/,
    };
    const country: Record<ExplainLanguage, string> = { en: 'Russia', de: 'Russland', fr: 'Russie', es: 'Rusia' };
    for (const language of EXPLAIN_LANGUAGES) {
      const explanations = explain(response, { language });
      expect(explanations.map((e) => e.rule)).toEqual(response.reasons);
      for (const e of explanations) {
        expect(hasPlaceholderLeft(e.text), e.text).toBe(false);
        expect(e.score).toBeGreaterThan(0);
      }
      const byRule = new Map(explanations.map((e) => [e.rule, e.text]));
      expect(byRule.get('text.SPAM_WORDS')).toMatch(words[language]);
      expect(byRule.get('text.URL')).toContain('https://spam.example');
      expect(byRule.get('email.DISPOSABLE')).toContain('mailinator.com');
      expect(byRule.get('timeZone.UNEXPECTED_COUNTRY')).toContain(country[language]);
      expect(byRule.get('timeZone.UNEXPECTED_COUNTRY')).toContain('Europe/Moscow');
    }
  });

  it('explains an invalid address in words, not codes', async () => {
    const response = await classify({ email: 'no-at-sign' }, {});
    const texts = EXPLAIN_LANGUAGES.map((language) => explain(response, { language }).find((e) => e.rule === 'email.INVALID')?.text);
    expect(texts).toEqual([
      'The email address is not a valid address (it has no @).',
      'Die E-Mail-Adresse ist ungültig (ihr fehlt das @).',
      'L’adresse e-mail n’est pas valide (il lui manque le @).',
      'La dirección de correo no es válida (le falta la @).',
    ]);
  });

  it('defaults to English', async () => {
    const response = await classify({ text: 'Visit https://a.example https://b.example' }, {});
    expect(explain(response)).toEqual(explain(response, { language: 'en' }));
    expect(explain(response).find((e) => e.rule === 'text.URL')?.text).toBe('The message contains 2 links: “https://a.example”, “https://b.example”.');
  });

  it('quotes at most three values, shortened, and says when there are more', async () => {
    const long = 'https://example.com/' + 'a'.repeat(80);
    const response = await classify({ text: `${long} https://b.example https://c.example https://d.example` }, {});
    const [url] = explain(response, { language: 'en' });
    expect(url!.text).toMatch(/^The message contains 4 links: “https:\/\/example\.com\/a+…”, “https:\/\/b\.example”, “https:\/\/c\.example” and more\.$/);
    expect(url!.text).not.toContain('d.example');
  });

  it('uses the singular for one match', async () => {
    const response = await classify({ text: 'Visit https://a.example for details on the meeting tomorrow.' }, {});
    const url = explain(response, { language: 'de' }).find((e) => e.rule === 'text.URL');
    expect(url?.text).toBe('Die Nachricht enthält einen Link: „https://a.example“.');
  });

  it('fills the evidence of numeric rules (SHORT_TEXT)', async () => {
    const response = await classify({ text: 'hi' }, {});
    const short = explain(response, { language: 'fr' }).find((e) => e.rule === 'text.SHORT_TEXT');
    expect(short?.text).toBe('Le message est très court : 2 caractères, moins de 40.');
  });

  it('explains a custom rule with the generic sentence', () => {
    const response: ClassifyResponse = {
      classification: 'NEUTRAL',
      score: 1.5,
      reasons: ['text.SHOUTING'],
      text: { classifier: 'en', detectedLanguage: null, score: 1.5, rules: { SHOUTING: { score: 1.5, significance: 'low' } } },
    };
    expect(explain(response, { language: 'en' })).toEqual([{ rule: 'text.SHOUTING', score: 1.5, text: 'The rule text.SHOUTING added 1.5 points.' }]);
    expect(explain(response, { language: 'de' })[0]!.text).toBe('Die Regel text.SHOUTING hat 1,5 Punkte vergeben.');
  });

  it('rejects an unknown language with INVALID_OPTIONS', async () => {
    const response = await classify({ text: 'hello' }, {});
    expect(() => explain(response, { language: 'it' as ExplainLanguage })).toThrowError(expect.objectContaining({ code: 'INVALID_OPTIONS' }));
  });
});

describe('explainSkipped', () => {
  it('says why a rule was not evaluated, in every language', async () => {
    const response = await classify({ text: 'hello there, how are you doing today?', email: 'a@example.com' }, {});
    for (const language of EXPLAIN_LANGUAGES) {
      const skipped = explainSkipped(response, { language });
      expect(skipped.length).toBeGreaterThan(0);
      for (const s of skipped) {
        expect(s.text).toContain(s.rule);
        expect(hasPlaceholderLeft(s.text)).toBe(false);
      }
      const mx = skipped.find((s) => s.rule === 'email.MX');
      expect(mx?.skipped).toBe('no-provider');
      expect(mx?.text).toBe(MESSAGES[language].skipped['no-provider']!.replace('{rule}', 'email.MX'));
    }
  });
});

describe('classify option `explain`', () => {
  it('adds no `explanations` unless asked', async () => {
    const plain = await classify(SPAM);
    expect(plain).not.toHaveProperty('explanations');
    const off = await classify(SPAM, undefined, { explain: false });
    expect(JSON.stringify(off)).toBe(JSON.stringify(plain));
  });

  it('adds `explanations` last, leaving the rest of the response as it was', async () => {
    const plain = await classify(SPAM);
    for (const [option, language] of [[true, 'en'], ['en', 'en'], ['de', 'de'], ['fr', 'fr'], ['es', 'es']] as const) {
      const withText = await classify(SPAM, undefined, { explain: option });
      const { explanations, ...rest } = withText;
      expect(JSON.stringify(rest)).toBe(JSON.stringify(plain));
      expect(Object.keys(withText).at(-1)).toBe('explanations');
      expect(explanations).toEqual(explain(plain, { language }));
    }
  });

  it('rejects an unknown language with INVALID_OPTIONS', async () => {
    for (const bad of ['it', 'EN', '', 1, null, {}]) {
      await expect(classify({ text: 'x' }, {}, { explain: bad as never })).rejects.toMatchObject({ code: 'INVALID_OPTIONS' });
    }
  });
});

describe('the request\'s `explain` (the HTTP body property, in-process too)', () => {
  it('adds `explanations` like the option, and wins over it', async () => {
    const plain = await classify(SPAM);
    for (const language of EXPLAIN_LANGUAGES) {
      expect((await classify({ ...SPAM, explain: language })).explanations).toEqual(explain(plain, { language }));
    }
    expect((await classify({ ...SPAM, explain: true })).explanations).toEqual(explain(plain, { language: 'en' }));
    expect((await classify({ ...SPAM, explain: 'fr' }, undefined, { explain: 'de' })).explanations).toEqual(explain(plain, { language: 'fr' }));
    expect(JSON.stringify(await classify({ ...SPAM, explain: false }, undefined, { explain: 'de' }))).toBe(JSON.stringify(plain));
    expect((await classify(SPAM, undefined, { explain: 'es' })).explanations).toEqual(explain(plain, { language: 'es' }));
  });

  it('refuses another language with UNSUPPORTED_EXPLAIN_LANGUAGE (path $.explain), another type with INVALID_REQUEST', async () => {
    for (const bad of ['it', 'EN', 'de-DE', '']) {
      await expect(classify({ text: 'x', explain: bad } as never, {})).rejects.toMatchObject({ code: 'UNSUPPORTED_EXPLAIN_LANGUAGE', path: '$.explain' });
    }
    for (const bad of [1, null, {}, ['de']]) {
      await expect(classify({ text: 'x', explain: bad } as never, {})).rejects.toMatchObject({ code: 'INVALID_REQUEST', path: '$.explain' });
    }
  });
});

describe('negotiateExplainLanguage(Accept-Language)', () => {
  it.each([
    [undefined, 'en'],
    [null, 'en'],
    ['', 'en'],
    ['de', 'de'],
    ['de-CH', 'de'],
    ['FR-ca', 'fr'],
    ['fr-CH, fr;q=0.9, en;q=0.8', 'fr'],
    ['it, de;q=0.5', 'de'],
    ['en;q=0.5, es;q=0.8', 'es'],
    ['es;q=0.8, de;q=0.8', 'es'],
    ['de;q=0, fr;q=0.1', 'fr'],
    ['pt-BR, pt;q=0.9, ja', 'en'],
    ['*', 'en'],
    ['*;q=0.5, en;q=0', 'de'],
    ['it, *;q=0.1', 'en'],
    ['de;q=2, fr', 'fr'],
    [',,;q=,de', 'de'],
  ] as const)('%j → %s', (header, language) => {
    expect(negotiateExplainLanguage(header)).toBe(language);
  });
});
