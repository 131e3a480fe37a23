import { explain as explainReasons, type ExplainLanguage } from '../explain/index.js';
import type { ClassifyResponse, RuleResult } from '../core/response.js';

function pad(s: string, n: number): string {
  return s.length >= n ? s : s + ' '.repeat(n - s.length);
}

function evidenceOf(r: RuleResult): string {
  const parts: string[] = [];
  for (const m of r.matches ?? []) {
    const where = m.field ? `${m.field}: ` : '';
    parts.push(`${where}${JSON.stringify(m.value)}${m.count && m.count > 1 ? ` ×${m.count}` : ''}${m.reason ? ` (${m.reason})` : ''}`);
  }
  if (r.count !== undefined && r.matches && r.count > r.matches.reduce((n, m) => n + (m.count ?? 1), 0)) {
    parts.push('…');
  }
  for (const [k, v] of Object.entries(r.evidence ?? {})) parts.push(`${k} ${JSON.stringify(v)}`);
  return parts.join(', ');
}

/**
 * A human-readable table of the rules that fired, with their evidence, then one sentence per
 * reason in `language` (en, de, fr or es), then the skipped rules.
 */
export function explain(response: ClassifyResponse, language: ExplainLanguage = 'en'): string {
  const lines = [`${response.classification}  score ${response.score.toFixed(2)}   (GOOD < 1 <= NEUTRAL <= 2 < BAD)`];
  const fired: [string, RuleResult][] = [];
  const skipped: [string, RuleResult][] = [];
  for (const category of ['text', 'email', 'ipAddress', 'timeZone'] as const) {
    const result = response[category];
    if (!result) continue;
    for (const [name, r] of Object.entries(result.rules)) {
      if (r.skipped !== undefined) skipped.push([`${category}.${name}`, r]);
      else if (r.score > 0) fired.push([`${category}.${name}`, r]);
    }
  }
  fired.sort((a, b) => b[1].score - a[1].score || (a[0] < b[0] ? -1 : 1));
  if (fired.length === 0) {
    lines.push('no rule fired');
  } else {
    const width = Math.max(4, ...fired.map(([id]) => id.length));
    lines.push(`${pad('rule', width)}  score    n  evidence`);
    for (const [id, r] of fired) {
      lines.push(`${pad(id, width)}  ${r.score.toFixed(2).padStart(5)}  ${String(r.count ?? '').padStart(3)}  ${evidenceOf(r)}`);
    }
  }
  for (const e of explainReasons(response, { language })) lines.push(`- ${e.text}`);
  for (const [id, r] of skipped) lines.push(`skipped: ${id} (${r.skipped})`);
  if (response.text) lines.push(`text: classifier ${response.text.classifier}, detected language ${response.text.detectedLanguage ?? 'unknown'}`);
  for (const p of response.errors ?? []) lines.push(`problem: ${p.provider} ${p.subject}: ${p.reason}${p.message ? ` (${p.message})` : ''}`);
  return lines.join('\n') + '\n';
}
