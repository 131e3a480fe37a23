import { chooseLexicons, scanText, toMatch } from '../../lexicons/index.js';
import { languageFact } from '../../language/index.js';
import { defineRule, matchesOutcome, miss, type Match } from '../../rule.js';
import type { TextInput } from '../../text/input.js';
import { findUrls } from './url.js';

/**
 * Weight of a link in a comment (`formType: "comment"`, issue 16): comment spam is a link to the
 * spammer's site under someone else's post, so in a comment the first link to another site is a
 * SPAM_WORDS match of its own. Links to a video page of YouTube (`youtu.be/…`,
 * `youtube.com/watch?v=…`) are how fans share a video and do not count.
 */
export const COMMENT_LINK_WEIGHT = 1;

const VIDEO_PATH = /^\/(?:watch|shorts\/|embed\/|v\/)/i;

/** True when `url` is a video page of YouTube: a shared video, not a link away. */
export function isVideoLink(url: string): boolean {
  const rest = url.replace(/^[a-z]{2,5}:\/\//i, '');
  const cut = rest.search(/[/?#]/);
  const host = (cut === -1 ? rest : rest.slice(0, cut)).toLowerCase().replace(/^(?:www|m|music)\./, '');
  const path = cut === -1 ? '' : rest.slice(cut);
  if (host === 'youtu.be') return path.length > 1;
  return host === 'youtube.com' && VIDEO_PATH.test(path);
}

/** The first link of a comment that is not a shared video, as a SPAM_WORDS match. */
function commentLink(text: TextInput): Match | undefined {
  const link = findUrls(text).find((u) => !isVideoLink(u.value));
  return link && { field: link.field, value: link.value, index: link.index, weight: COMMENT_LINK_WEIGHT, reason: 'comment: link' };
}

export default defineRule({
  id: 'text.SPAM_WORDS',
  significance: 'medium',
  formula: { weighted: 1 },
  needs: { language: languageFact },
  description:
    'Common spam words and phrases of the classifier language plus English (all 19 lists when the language is unknown), each with its own weight, matched after case, diacritics, leet-speak, look-alike and repeated-letter normalisation; with `formType: "comment"` the comment lists (self-promotion) apply too, and the first link to another site than a YouTube video counts 1. An entry of weight 0 is an ordinary phrase ("check out page"): as the longest match it keeps the shorter entries inside it from counting, and scores nothing.',
  score(request, { language }) {
    const { text } = request;
    if (!text) return miss();
    const choice = chooseLexicons(request, language);
    const { words, matches } = scanText(text, 'spam-words', choice.languages, request.formType);
    const evidence: Record<string, string> = { classifier: choice.classifier, lexicons: choice.languages === 'all' ? 'all' : choice.languages.join(',') };
    const out = matches.map((m) => toMatch(text, words, m));
    if (request.formType === 'comment') {
      evidence.formType = 'comment';
      const link = commentLink(text);
      if (link) out.push(link);
    }
    return matchesOutcome(out, evidence);
  },
});
