import { defineRule, matchesOutcome } from '../../rule.js';
import { findEmoji } from '../../text/emoji.js';

export default defineRule({
  id: 'text.EMOJI',
  significance: 'low',
  formula: { per: 0.25 },
  description:
    'Emoji; a multi-part emoji (family, flag, keycap, skin tone) counts once. ©, ®, ™ and arrows count only in emoji style (with U+FE0F).',
  score({ text }) {
    return matchesOutcome(text ? text.segments.flatMap((s) => findEmoji(s.text, s.field)) : []);
  },
});
