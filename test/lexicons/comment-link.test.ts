// Issue 16 (2026-11-25): a link written apart in a comment (`mysite . com`, `mysite dot com`) so
// that link filters miss it counts as a link with a plea. Examples written by hand for formspam,
// not taken from the YouTube data.
import { describe, expect, it } from 'vitest';
import { fill, SIZE } from '../../bench/adversarial-inputs.mjs';
import { classify } from '../../src/index.js';
import { COMMENT_REFERRAL_LINK_WEIGHT, COMMENT_SPACED_LINK_WEIGHT, isReferralLink, spacedLink } from '../../src/lexicons/comment-link.js';
import { TextInput } from '../../src/text/input.js';
import rule from '../../src/rules/text/spam-words.js';
import { runRuleCase } from '../../src/testing/index.js';
import type { LanguageDetector } from '../../src/providers/types.js';

const detector: LanguageDetector = { name: 'fixed', detect: async () => [{ language: 'en', confidence: 0.99 }] };
const found = (text: string) => spacedLink(new TextInput([{ field: 'text', text }]))?.value;

describe('spacedLink: a link written apart', () => {
  it.each([
    ['earn cash daily at quickpayz . com/join/mara', 'quickpayz . com/join/mara'],
    ['my shop is bestcases .com', 'bestcases .com'],
    ['all the deals at dealhunter. com/today', 'dealhunter. com/today'],
    ['the only thing that worked was viewboostr. com', 'viewboostr. com'],
    ['go to www.lyricsplanet . net for the lyrics', 'www.lyricsplanet . net'],
    ['visit coolgamesfree dot com right now', 'coolgamesfree dot com'],
    ['visit coolgamesfree (dot) org', 'coolgamesfree (dot) org'],
    ['MY BLOG: STREETBEATS . INFO', 'STREETBEATS . INFO'],
  ])('%s', (text, value) => expect(found(text)).toBe(value));

  it.each([
    // Sentences after a full stop, not links.
    'adorei essa música. com certeza a melhor do ano',
    'Its normally hot mail. Com you see!',
    'love it. me too',
    'ich bin er. net als du',
    'see www.example.com for more',
    // A shared video written apart is still a shared video.
    'this part: youtube . com/watch?v=abc123',
  ])('finds none in %s', (text) => expect(found(text)).toBeUndefined());

  it('stays linear on 100 KB of near-misses', () => {
    expect(found(fill('ab . co'))).toBeUndefined();
    expect(found(fill('a', 60) + fill(' ', SIZE - 70) + '. com')).toBeUndefined();
    expect(found(fill('x dot '))).toBeUndefined();
    expect(found(fill('(dot) '))).toBeUndefined();
    expect(found(fill('a.b. '))).toBeUndefined();
    expect(found('youtube . com/watch?v=x '.repeat(4000))).toBeUndefined();
  });
});

describe('a link written apart in a comment', () => {
  const run = async (text: string, formType: 'comment' | 'contact' = 'comment') =>
    (await runRuleCase(rule, { request: { text, formType }, facts: { language: [{ language: 'en', confidence: 0.95 }] } })).result;
  const reasons = async (text: string, formType: 'comment' | 'contact' = 'comment') => (await run(text, formType)).matches?.map((m) => m.reason) ?? [];

  it('counts as a link with a plea in a comment', async () => {
    const r = await run('quickpayz . com/join/mara');
    expect(r.matches?.find((m) => m.reason === 'comment: link written apart')?.weight).toBe(COMMENT_SPACED_LINK_WEIGHT);
    expect(r.score).toBe(COMMENT_SPACED_LINK_WEIGHT);
  });

  it('makes money talk with a link written apart BAD as a comment', async () => {
    const r = await classify({ text: 'make real money from home quickpayz . com/join/mara', formType: 'comment' }, { language: detector });
    expect(r.classification, `score ${r.score}: ${r.reasons.join(', ')}`).toBe('BAD');
  });

  it('does not count in a contact form', async () => {
    expect(await reasons('quickpayz . com/join/mara', 'contact')).not.toContain('comment: link written apart');
  });

  it('does not count twice when the comment has a link', async () => {
    const found = await reasons('nice song http://example.net and mysite . com');
    expect(found).toContain('comment: link');
    expect(found).not.toContain('comment: link written apart');
  });
});

describe('isReferralLink: a link that pays whoever shares it', () => {
  it.each([
    'http://freegiftz.net/?ref=8812734',
    'https://www.coinbonus.io/signup?ref=MaraK',
    'http://bestdeals.com/p/77?aff_id=123&src=yt',
    'http://trading-now.com/partners/join.aspx?Task=Join&AffiliateID=4410',
    'https://apps.example.org/poll?from=user&ref_id=k7x2p',
    'https://www.amazon.com/Some-Book/dp/B000000000?keywords=x&tag=mybooks-20',
    'amazon.co.uk/dp/B000000000/?tag=shop0a-21',
  ])('%s', (url) => expect(isReferralLink(url)).toBe(true));

  it.each([
    'https://www.facebook.com/SomePage?ref=hl',
    'https://m.facebook.com/story.php?story_fbid=1&id=2&ref=stream',
    'http://www.amazon.com/Some-Book/dp/B000000000/ref=sr_1_7?s=books',
    'https://en.wikipedia.org/wiki/Referral_marketing',
    'https://example.com/?tag=music-20',
    'https://example.com/blog?page=2',
  ])('not %s', (url) => expect(isReferralLink(url)).toBe(false));

  it('stays linear on long near-misses', () => {
    expect(isReferralLink('amazon.com/' + fill('&tag=a', SIZE))).toBe(false);
    expect(isReferralLink('x.com/?' + fill('ref=&', SIZE))).toBe(false);
  });
});

describe('a referral link in a comment', () => {
  const run = async (text: string, formType: 'comment' | 'contact' = 'comment') =>
    (await runRuleCase(rule, { request: { text, formType }, facts: { language: [{ language: 'en', confidence: 0.95 }] } })).result;

  it('counts 2, with or without a plea, and once', async () => {
    for (const text of ['http://freegiftz.net/?ref=8812734', 'please watch http://freegiftz.net/?ref=8812734 and http://other.net']) {
      const links = (await run(text)).matches?.filter((m) => m.reason?.startsWith('comment:')) ?? [];
      expect(links.map((m) => [m.reason, m.weight])).toEqual([['comment: referral link', COMMENT_REFERRAL_LINK_WEIGHT]]);
    }
  });

  it('is BAD as a comment with the link itself', async () => {
    const r = await classify({ text: 'this is the song http://freegiftz.net/?ref=8812734', formType: 'comment' }, { language: detector });
    expect(r.classification, `score ${r.score}: ${r.reasons.join(', ')}`).toBe('BAD');
  });

  it('does not count in a contact form', async () => {
    expect((await run('http://freegiftz.net/?ref=8812734', 'contact')).matches?.some((m) => m.reason === 'comment: referral link') ?? false).toBe(false);
  });
});
