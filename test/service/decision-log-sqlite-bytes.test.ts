// The SQLite decision log leaves no copy of a removed request or a deleted decision in the file's
// bytes: the request dropped after its retention, and a decision deleted by id.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { createSqliteStore } from '../../src/stores/sqlite.js';

const bytes = (file: string) => ['', '-wal'].map((s) => (existsSync(file + s) ? readFileSync(file + s).toString('latin1') : '')).join('\n');

it('overwrites a dropped request and a deleted decision in the SQLite file', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'formspam-sqlite-bytes-'));
  try {
    const file = join(dir, 'formspam.db');
    const store = createSqliteStore({ path: file });
    const base = { apiKey: 'ckey_bytes', classification: 'GOOD' as const, score: 0, reasons: [], country: null, tokens: [1, 2, 3] };
    await store.putDecision!({ ...base, id: 'd_old', at: 1000, request: { text: 'Snorkelwhistle old message', email: 'grumbletoad@example.org' } });
    await store.putDecision!({ ...base, id: 'd_gone', at: 2000, request: { text: 'Wobblequartz deleted message' } });
    await store.putDecision!({ ...base, id: 'd_new', at: 3000, request: { text: 'Fizzlebrook new message' } });
    await store.close();
    for (const needle of ['Snorkelwhistle', 'grumbletoad', 'Wobblequartz', 'Fizzlebrook', 'd_gone']) expect(bytes(file)).toContain(needle);
    const again = createSqliteStore({ path: file });
    expect(await again.dropDecisionRequests!(1500)).toBe(1);
    expect(await again.deleteDecisions!({ id: 'd_gone' })).toBe(1);
    await again.close();
    const b = bytes(file);
    for (const needle of ['Snorkelwhistle', 'grumbletoad', 'Wobblequartz', 'd_gone']) expect(b).not.toContain(needle);
    expect(b).toContain('Fizzlebrook');
    expect(b).toContain('d_old');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
