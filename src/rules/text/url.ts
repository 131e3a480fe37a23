import { defineRule, matchesOutcome } from '../../core/rule.js';
import { findUrls } from '../../text/urls.js';

export default defineRule({
  id: 'text.URL',
  significance: 'low',
  formula: { per: 0.5 },
  description: 'URLs: with a scheme (https://…), starting with www., or bare domains with a known top-level domain (example.com/page).',
  skipReasons: [],
  score({ text }) {
    if (!text) return matchesOutcome([]);
    return matchesOutcome(findUrls(text));
  },
});
