import { defineRule, matchesOutcome, type Match } from '../../rule.js';

/**
 * Patterns of SQL injection attempts. Each is case-insensitive and uses bounded quantifiers
 * only, so each attempt is constant work and a scan is linear. Overlapping matches in a field
 * are merged: "' OR 1=1 --" is one attempt.
 */
const PATTERNS: readonly RegExp[] = [
  // Tautologies after a closing quote: ' OR 1=1, ' or 'a'='a, ") OR ("x"="x, ' OR TRUE--, ' or 1#
  /['"`]\s{0,5}\){0,3}\s{0,5}(?:or|and|\|\||&&)\s{1,5}\(?\s{0,3}(?:['"`]?\w{1,20}['"`]?\s{0,5}(?:=|<>|!=|<=|>=|<|>|like\s{0,5}['"])\s{0,5}['"`]?\w{0,20}['"`]?|(?:true|not\s{1,5}false|\d{1,10})\s{0,3}(?:--|#|;|\/\*|$))/gim,
  // Numeric tautology without quotes: 1 OR 1=1
  /\bor\s{1,5}(\d{1,10})\s{0,3}=\s{0,3}\1\b/gi,
  // Stacked statements: 1; drop table users / '; delete from x / ; update users set / ; exec xp_cmdshell
  /;\s{0,5}(?:drop\s{1,5}(?:table|database|schema|view|index|procedure|function|user)\b(?:\s{1,5}(?:if\s{1,5}exists\s{1,5})?[\w`"[\].]{1,64})?|(?:delete|truncate)\s{1,5}(?:from|table)\b|insert\s{1,5}into\b|update\s{1,5}[\w`"[\].]{1,64}\s{1,5}set\b|alter\s{1,5}(?:table|database|user)\b|create\s{1,5}(?:table|database|user|procedure|function|trigger)\b|(?:exec(?:ute)?|call)\s{1,5}(?:xp_|sp_|master\.)|shutdown\b|declare\s{1,5}@|select\s{1,5}(?:\*|@@|[\w`"[\].]{1,64}\s{0,5},|[\w`"[\].]{1,64}\s{1,5}from\b)|grant\s{1,5}all\b)/gi,
  // UNION-based: UNION SELECT, UNION ALL SELECT, UNION/**/SELECT
  /\bunion(?:\s|\/\*[^*]{0,20}\*\/){1,10}(?:all(?:\s|\/\*[^*]{0,20}\*\/){1,10}|distinct(?:\s|\/\*[^*]{0,20}\*\/){1,10})?select\b/gi,
  // A comment ending the statement right after a quote or bracket: admin'--, ')#, "/*
  /['"`)]\s{0,5}(?:--[\s-]{0,3}$|#\s{0,3}$|\/\*)/gim,
  // Time-based and out-of-band functions with their argument: SLEEP(5), pg_sleep(5), WAITFOR DELAY '0:0:5'
  /\b(?:(?:pg_)?sleep\s{0,3}\(\s{0,3}\d|benchmark\s{0,3}\(\s{0,3}\d|waitfor\s{1,5}delay\s{1,5}['"]|load_file\s{0,3}\(|extractvalue\s{0,3}\(|updatexml\s{0,3}\(|dbms_pipe\.receive_message\s{0,3}\()/gi,
  // System objects no form text needs: information_schema, xp_cmdshell, @@version
  /\b(?:information_schema\b|xp_cmdshell\b|sysobjects\b)|@@version\b/gi,
  // SELECT * FROM
  /\bselect\s{1,5}(?:\*|null\s{0,3},|@@\w{1,20}|(?:group_)?concat\s{0,3}\()\s{0,5}(?:from\b)?/gi,
];

export default defineRule({
  id: 'text.SQL_INJECTION',
  significance: 'high',
  formula: { per: 5 },
  description:
    'SQL injection attempts: quote-breaking tautologies (\' OR 1=1), stacked statements (1; DROP TABLE users), UNION SELECT, trailing comments after a quote, time-based functions and system tables.',
  score({ text }) {
    if (!text) return matchesOutcome([]);
    const matches: Match[] = [];
    for (const { field, text: value } of text.segments) {
      const spans: [number, number][] = [];
      for (const re of PATTERNS) {
        for (const m of value.matchAll(re)) spans.push([m.index, m.index + m[0].length]);
      }
      spans.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      let current: [number, number] | undefined;
      const merged: [number, number][] = [];
      for (const span of spans) {
        if (current && span[0] <= current[1]) current[1] = Math.max(current[1], span[1]);
        else merged.push((current = [span[0], span[1]]));
      }
      for (const [start, end] of merged) matches.push({ field, value: value.slice(start, end).trim(), index: start });
    }
    return matchesOutcome(matches);
  },
});
