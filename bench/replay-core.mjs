// The replay of a labelled stream through a server, as a site would use it: classify each
// message with the key that learns and with a key that never gives feedback, and report the true
// label of a share of the messages (feedback with the request). From the first message after the
// learning key's model turned active, both keys' verdicts are counted: BAD is spam.
//
// `call(method, path, body, headers)` resolves `{ status, json }`: over HTTP (the replay test)
// or into an in-process service (bench/replay.mjs).

/** The share of messages reported: message i is reported when (i * share) crosses an integer. */
export function reported(i, share) {
  return Math.floor((i + 1) * share) > Math.floor(i * share);
}

/**
 * The stream in file order (`k` 0) or in its `k`-th seeded shuffle (Fisher–Yates over mulberry32
 * seeded by k): the same messages as another site might have sent them. One order is one draw of
 * when each ham and spam message came; the replay is measured over several.
 */
export function inOrder(records, k) {
  if (k === 0) return records;
  let a = Math.imul(0x9e3779b9, k) >>> 0;
  const random = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...records];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** Counts summed over replays (`learner` and `control` of each), with their rates. */
export function summed(results) {
  const sum = { learner: counts(), control: counts() };
  for (const r of results) for (const side of ['learner', 'control']) for (const f of Object.keys(sum[side])) sum[side][f] += r[side][f];
  return { learner: rates(sum.learner), control: rates(sum.control) };
}

function counts() {
  return { tp: 0, fn: 0, fp: 0, tn: 0, heldHam: 0 };
}

/** Recall, FPR and precision of BAD as spam, and FPR of "held" (NEUTRAL or BAD) ham. */
export function rates(c) {
  const spam = c.tp + c.fn;
  const ham = c.fp + c.tn;
  return {
    ...c,
    recall: spam === 0 ? 0 : c.tp / spam,
    fpr: ham === 0 ? 0 : c.fp / ham,
    precision: c.tp + c.fp === 0 ? 0 : c.tp / (c.tp + c.fp),
    heldHamRate: ham === 0 ? 0 : (c.heldHam ?? 0) / ham,
  };
}

/**
 * @param {(method: string, path: string, body: unknown, headers?: Record<string, string>) => Promise<{ status: number, json: any }>} call
 * @param {{ learner: { apiKey: string, secret: string }, control: { apiKey: string } }} keys
 * @param {{ text: string, label: 'spam' | 'ham', formType?: string }[]} records
 * @param {{ share?: number, onMessage?: (record: object, learner: any, control: any) => void }} options
 */
export async function replay(call, keys, records, options = {}) {
  const share = options.share ?? 0.5;
  let activeAt = -1;
  let reports = 0;
  const learner = counts();
  const control = counts();
  const classify = async (key, request) => {
    const r = await call('POST', `/api/v1/classify?apiKey=${key.apiKey}`, request);
    if (r.status !== 200) throw new Error(`classify answered ${r.status}: ${JSON.stringify(r.json)}`);
    return r.json;
  };
  const tally = (c, label, classification) => {
    const bad = classification === 'BAD';
    if (label === 'spam') bad ? c.tp++ : c.fn++;
    else {
      bad ? c.fp++ : c.tn++;
      if (classification !== 'GOOD') c.heldHam++;
    }
  };
  for (let i = 0; i < records.length; i++) {
    const r = records[i];
    const request = r.formType ? { text: r.text, formType: r.formType } : { text: r.text };
    if (activeAt !== -1) {
      const [a, b] = await Promise.all([classify(keys.learner, request), classify(keys.control, request)]);
      tally(learner, r.label, a.classification);
      tally(control, r.label, b.classification);
      options.onMessage?.(r, a, b);
    } else {
      await classify(keys.learner, request);
    }
    if (reported(i, share)) {
      const f = await call('POST', `/api/v1/feedback?apiKey=${keys.learner.apiKey}`, { request, label: r.label }, { 'x-formspam-secret': keys.learner.secret });
      if (f.status !== 200) throw new Error(`feedback answered ${f.status}: ${JSON.stringify(f.json)}`);
      reports++;
      if (activeAt === -1 && f.json.active) activeAt = i + 1;
    }
  }
  return { messages: records.length, reports, activeAt, after: activeAt === -1 ? 0 : records.length - activeAt, learner: rates(learner), control: rates(control) };
}
