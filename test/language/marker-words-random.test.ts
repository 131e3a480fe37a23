// detectByScript on Devanagari text against its definition: the marker words of hi/mr/ne among the
// words (runs of U+0900–U+097F but the dandas) of the first 500 characters, 2 each, Marathi's ळ
// in the first 1,000, the best language when it has any.
import { describe, expect, it } from 'vitest';
import { detectByScript, Script } from '../../src/language/scripts.js';

const MARKERS: Record<string, string> = {
  hi: 'है हैं और में नहीं की का के को से यह वह था थे थी भी कर रहा रहे रही हूँ हूं गया लिए मैं मुझे हम क्या आपका आपकी आपके कृपया बहुत',
  mr: 'आहे आहेत आहात आणि नाही मी तुम्ही आम्ही माझे माझा माझी मला तुमच्या आमच्या हे आपण साठी पण होते झाले करा काय खूप',
  ne: 'छ छन् छु छौं र मा गर्न लागि भएको तपाईं तपाईंको हामी हाम्रो म मेरो यो पनि थियो गरेको हुन्छ रहेको दिनुहोस् चाहन्छु धेरै',
};

function definition(text: string): { language: string; reliable: boolean } | undefined {
  const counts: Record<string, number> = { hi: 0, mr: 0, ne: 0 };
  for (const word of text.slice(0, 500).split(/[^\u0900-\u0963\u0966-\u097F]+/)) {
    for (const l of Object.keys(MARKERS)) if (MARKERS[l]!.split(' ').includes(word)) counts[l]! += 2;
  }
  counts.mr! += [...text.slice(0, 1000)].filter((ch) => ch === 'ळ').length;
  let best = '';
  let n = 0;
  let second = 0;
  for (const [l, c] of Object.entries(counts)) {
    if (c > n) {
      second = n;
      n = c;
      best = l;
    } else if (c > second) second = c;
  }
  if (n === 0) return undefined;
  return { language: best, reliable: n >= 2 && n >= 1.5 * second };
}

const PIECES = [
  ...Object.values(MARKERS).flatMap((w) => w.split(' ')), 'घर', 'जा', 'आज', 'ज़रूर', 'कल', 'हैं', 'ळ', 'क', 'ह', '\u093C', '\u094D',
  ' ', ' ', ' ', ' ', '।', '॥', ',', '.', 'a', 'He', '1', '\u200D', '😍', 'है।', 'औरत', 'मेंढक',
];

describe('Devanagari marker words on random texts', () => {
  it('detectByScript gives what the definition gives', () => {
    let seed = 3;
    const next = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const seen = new Set<string>();
    for (let k = 0; k < 6000; k++) {
      let t = '';
      const n = 1 + next(k % 3 === 0 ? 400 : 20);
      for (let p = 0; p < n; p++) t += PIECES[next(PIECES.length)];
      const got = detectByScript(t, Script.Devanagari, 40, 0.9)?.[0];
      const want = definition(t);
      expect(got && { language: got.language, reliable: got.reliable }, JSON.stringify(t)).toEqual(want);
      seen.add(want?.language ?? 'none');
    }
    expect([...seen].sort()).toEqual(['hi', 'mr', 'ne', 'none']);
  });
});
