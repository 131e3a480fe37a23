// The site model's measured effect (docs/accuracy.md, "Learning from a site's reports"): replays
// the labelled streams through an in-process service (formspam/server, offline providers) as
// bench/replay-core.mjs does, and prints recall and FPR after the model turned active, with and
// without feedback.
//
//   npm run build && node bench/replay.mjs [--split test|train] [--min-reports 10] [--share 0.5] [--orders 8]
// (--orders K: the stream in file order and in K − 1 seeded shuffles, each with two new keys,
// and the counts summed: one order is one draw of when each message came)
// (FORMSPAM_SHARED_DATA: the corpora directory when not ../shared/data)
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { inOrder, replay, summed } from './replay-core.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');
const { values } = parseArgs({ options: { split: { type: 'string', default: 'test' }, 'min-reports': { type: 'string', default: '10' }, share: { type: 'string', default: '0.5' }, weight: { type: 'string' }, orders: { type: 'string', default: '8' } } });
const { createService } = await import(pathToFileURL(join(root, 'dist/service/index.js')).href);
const { loadLabelled } = await import(pathToFileURL(join(root, 'dist/internal/bench.js')).href);
const data = resolve(process.env.FORMSPAM_SHARED_DATA ?? join(root, '../shared/data'));
const TOKEN = 'replay-admin-token-0123456789abcdef01234';

const streams = {
  'youtube (comment form)': loadLabelled(data, 'youtube').filter((r) => r.split === values.split).map((r) => ({ ...r, formType: 'comment' })),
  sms: loadLabelled(data, 'sms').filter((r) => r.split === values.split),
};

for (const [name, records] of Object.entries(streams)) {
  const service = createService({
    offline: true,
    adminToken: TOKEN,
    rateLimits: false,
    siteModel: { minReports: Number(values['min-reports']) },
    ...(values.weight !== undefined && { classifyOptions: { weights: { 'text.SITE_MODEL': Number(values.weight) } } }),
  });
  const call = async (method, url, body, headers = {}) => {
    const bytes = Buffer.from(JSON.stringify(body));
    const r = await service.handle({ method, url, headers: { 'content-type': 'application/json', ...headers }, remoteAddress: '127.0.0.1', readBody: async () => bytes });
    return { status: r.status, json: JSON.parse(String(r.body)) };
  };
  const key = async (hostname) => (await call('POST', '/admin/keys', { hostname }, { authorization: `Bearer ${TOKEN}` })).json;
  const f = (c) => `recall ${c.recall.toFixed(3)} (${c.tp}/${c.tp + c.fn})  FPR ${(100 * c.fpr).toFixed(2)}% (${c.fp}/${c.fp + c.tn})  P ${c.precision.toFixed(3)}  ham held (NEUTRAL or BAD) ${(100 * c.heldHamRate).toFixed(1)}% (${c.heldHam})`;
  const results = [];
  const t0 = performance.now();
  for (let k = 0; k < Number(values.orders); k++) {
    const result = await replay(call, { learner: await key(`learner-${k}.example`), control: await key(`control-${k}.example`) }, inOrder(records, k), { share: Number(values.share) });
    results.push(result);
    console.log(`${name}, ${values.split} split, ${k === 0 ? 'file order' : `shuffle ${k}`}: ${result.messages} messages, ${result.reports} reported, model active after message ${result.activeAt}; on the ${result.after} after:`);
    console.log(`  with feedback:    ${f(result.learner)}`);
    console.log(`  without feedback: ${f(result.control)}`);
  }
  if (results.length > 1) {
    const sum = summed(results);
    console.log(`${name}, ${values.split} split, the ${results.length} orders summed:`);
    console.log(`  with feedback:    ${f(sum.learner)}`);
    console.log(`  without feedback: ${f(sum.control)}   (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  }
  await service.close();
}
