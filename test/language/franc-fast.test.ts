// francAllFast must give exactly franc's francAll: same languages, same order, same scores.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { francAll } from 'franc';
import { describe, expect, it } from 'vitest';
import { francAllFast, loadFrancData } from '../../src/language/franc-fast.js';
import { ROOT } from '../cli/run-cli.js';

const texts: string[] = [];
for (const f of ['langdetect-corpus.json', 'langdetect-short.json']) {
  for (const list of Object.values(JSON.parse(readFileSync(join(ROOT, 'fixtures/language', f), 'utf8')) as Record<string, string[]>)) texts.push(...list);
}
const real = JSON.parse(readFileSync(join(ROOT, 'fixtures/real-text-19-languages.json'), 'utf8')) as { languages: Record<string, Record<string, unknown>> };
for (const lang of Object.values(real.languages)) for (const list of Object.values(lang)) if (Array.isArray(list)) texts.push(...list.filter((t): t is string => typeof t === 'string'));
// Other scripts, mixed scripts, astral characters, digits only, empty, one letter.
texts.push(
  'Sannu, ina so in san farashin ayyukanku don ƙaramin kamfaninmu. Na gode sosai.',
  'Salaan, waxaan jeclaan lahaa inaan ogaado qiimaha adeegyadiinna ee shirkaddayada yar.',
  'Сәлеметсіз бе, біздің шағын компаниямыз үшін қызметтеріңіздің бағасын білгім келеді.',
  'नमस्ते, मैं अपनी छोटी कंपनी के लिए आपकी सेवाओं की कीमत जानना चाहता हूँ।',
  'مرحبا، أود أن أسأل عن سعر خدماتكم لشركتنا الصغيرة. هل يمكنكم إرسال عرض سعر؟',
  'こんにちは、弊社のような小さな会社向けのサービス料金を教えていただけますか。',
  '您好，我想了解一下贵公司为小企业提供服务的价格 𠀀𠀁 thanks',
  'Hello 😀😀 world, see you 🎉 tomorrow at 10:30!',
  '12345 67890 !!! ???',
  '',
  'a',
  'Dia duit, ba mhaith liom praghas bhur seirbhísí a fháil. Go raibh maith agat.',
);

describe('francAllFast', () => {
  it(`equals francAll on ${texts.length} texts, whole and cut to 300 characters`, async () => {
    const f = await loadFrancData();
    let compared = 0;
    for (const text of texts) {
      for (const t of [text, text.slice(0, 300)]) {
        for (const minLength of [3, 10]) {
          expect(francAllFast(f, t, minLength), t).toEqual(francAll(t, { minLength }));
          compared++;
        }
      }
    }
    expect(compared).toBe(texts.length * 4);
  });
});
