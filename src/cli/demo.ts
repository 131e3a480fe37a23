/**
 * `formspam serve --demo`: a contact form at `/demo` with the real ALTCHA widget in spam-filter
 * mode, served from the local `altcha` package (never a CDN), and a submit handler that checks
 * the signed payload the way a site's server would (`formspam/verify`: signature, expiry,
 * fields hash, used once) and shows the verdict and the reasons, each with its readable
 * explanation in the language the page asks for (`?lang=de`, else the browser's language among
 * en, de, fr and es; a selector switches it): the page puts `explain=<lang>` in the widget's
 * challenge URL (2.x, which carries it to the verify URL) or verify URL (3.x), and takes the
 * sentences from the verify response the widget hands it in its `serververification` event
 * (the signed payload carries only the reasons).
 *
 * The widget comes from the `altcha` package installed next to formspam (`npm install altcha`),
 * or from `--demo-widget <package name | path to the widget's ESM file>`. Widgets 0.3–2.x run
 * the spam filter; 3.x has no spam filter and uses server verification of the fields and time
 * zone instead.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readBody } from '../adapters/shared.js';
import { SecretBox } from '../altcha/crypto.js';
import { newApiKey, parseHostname } from '../service/keys.js';
import type { Logger } from '../service/http.js';
import type { Store } from '../stores/types.js';
import { verifyFieldsHash, verifyServerSignature } from '../verify/index.js';
import { randomBytes } from 'node:crypto';

/** The widget build the demo serves. */
export interface DemoWidget {
  /** The widget's ESM file (with its workers inlined). */
  file: string;
  /** `altcha`'s version, e.g. `2.3.0` (`unknown` for a bare file). */
  version: string;
  major: number;
}

export class DemoWidgetError extends Error {}

const INSTALL_HINT = 'formspam serve --demo needs the ALTCHA widget from npm: run `npm install altcha@2` (spam filter; altcha@3 works too, without it) next to formspam, or pass --demo-widget <package name or path to altcha.js>.';

function packageDirOf(file: string): string | null {
  let dir = dirname(file);
  for (let i = 0; i < 8; i++) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  return null;
}

function widgetOfPackage(dir: string): DemoWidget {
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string; module?: string; exports?: Record<string, unknown> };
  const dot = pkg.exports?.['.'] as { import?: string } | string | undefined;
  const entry = (typeof dot === 'object' && dot?.import) || pkg.module;
  if (typeof entry !== 'string') throw new DemoWidgetError(`${dir} does not look like the altcha widget package (no ESM entry). ${INSTALL_HINT}`);
  const file = join(dir, entry);
  if (!existsSync(file)) throw new DemoWidgetError(`${file} is missing. ${INSTALL_HINT}`);
  const version = typeof pkg.version === 'string' ? pkg.version : 'unknown';
  const major = Number.parseInt(version, 10);
  if (!(major >= 0) || (major === 0 && Number.parseInt(version.split('.')[1] ?? '0', 10) < 3)) {
    throw new DemoWidgetError(`altcha ${version} has no spam filter (it arrived in 0.3). ${INSTALL_HINT}`);
  }
  return { file, version, major };
}

/**
 * Finds the widget: `spec` is a package name (default `altcha`), resolved from the working
 * directory and then from formspam's own location, or a path to the widget's ESM file.
 */
export function resolveDemoWidget(spec = 'altcha', cwd = process.cwd()): DemoWidget {
  if (spec.endsWith('.js') || spec.endsWith('.mjs') || isAbsolute(spec) || spec.startsWith('.')) {
    const file = resolve(cwd, spec);
    if (!existsSync(file) || !statSync(file).isFile()) throw new DemoWidgetError(`--demo-widget ${spec}: no such file. ${INSTALL_HINT}`);
    const dir = packageDirOf(file);
    let version = 'unknown';
    if (dir) {
      try {
        version = String((JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version?: unknown }).version ?? 'unknown');
      } catch {
        // not a package.json we can read
      }
    }
    // A bare file: its own package.json tells the major; else assume the 0.x–2.x attributes.
    const major = Number.parseInt(version, 10);
    return { file, version, major: Number.isNaN(major) ? 2 : major };
  }
  const bases = [join(cwd, 'noop.js'), fileURLToPath(import.meta.url)];
  for (const base of bases) {
    let resolved: string;
    try {
      resolved = createRequire(base).resolve(spec);
    } catch {
      continue;
    }
    const dir = packageDirOf(resolved);
    if (dir) return widgetOfPackage(dir);
  }
  throw new DemoWidgetError(`Cannot find the package ${JSON.stringify(spec)}. ${INSTALL_HINT}`);
}

export interface DemoOptions {
  store: Store;
  widget: DemoWidget;
  /** The service's master key, when secrets are encrypted at rest (the demo key is stored the same way). */
  masterKey?: string;
  license?: string;
  log?: Logger;
}

export interface Demo {
  /** True when the request is the demo's (`/demo…`). */
  handles(url: string | undefined): boolean;
  handle(req: IncomingMessage, res: ServerResponse): void;
}

const MAX_DEMO_HOSTS = 16;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function send(res: ServerResponse, status: number, type: string, body: string | Buffer, extra: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body), 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', ...extra });
  res.end(body);
}

const sendJson = (res: ServerResponse, status: number, value: unknown) => send(res, status, 'application/json; charset=utf-8', JSON.stringify(value));

export function createDemo(options: DemoOptions): Demo {
  const { store, widget } = options;
  const box = options.masterKey ? new SecretBox(options.masterKey) : null;
  // The demo key of each host the page is opened on (`127.0.0.1`, `localhost`, …): the widget's
  // Referer/Origin must be on the key's host. Stored like any key, found again after a restart.
  const keys = new Map<string, Promise<{ apiKey: string; secret: string }>>();
  let script: Buffer | null = null;

  function demoKey(hostname: string): Promise<{ apiKey: string; secret: string }> {
    let key = keys.get(hostname);
    if (!key) {
      if (keys.size >= MAX_DEMO_HOSTS) return Promise.reject(new DemoWidgetError('Too many demo host names.'));
      key = (async () => {
        const fresh = newApiKey((n) => randomBytes(n));
        const apiKey = await store.initSetting(`demo-key:${hostname}`, fresh.apiKey);
        if (apiKey === fresh.apiKey) {
          await store.putKey({ apiKey, hostname, secret: box ? box.encrypt(fresh.secret, apiKey) : fresh.secret, license: options.license ?? 'demo', createdAt: Date.now() });
          options.log?.info({ event: 'demo-key', hostname }, 'demo API key created');
          return fresh;
        }
        const record = await store.getKey(apiKey);
        if (!record) throw new Error(`demo key of ${hostname} is missing from the store`);
        return { apiKey, secret: box ? box.decrypt(record.secret, apiKey) : record.secret };
      })();
      key.catch(() => keys.delete(hostname));
      keys.set(hostname, key);
    }
    return key;
  }

  function hostOf(req: IncomingMessage): string | null {
    const host = req.headers.host;
    if (typeof host !== 'string') return null;
    const parsed = parseHostname(host);
    return typeof parsed === 'string' ? null : parsed.host;
  }

  async function page(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const hostname = hostOf(req);
    if (!hostname) {
      send(res, 400, 'text/plain; charset=utf-8', 'Open the demo at http://127.0.0.1:<port>/demo or http://localhost:<port>/demo (the widget needs a secure context: https or loopback).\n');
      return;
    }
    const { apiKey } = await demoKey(hostname);
    send(res, 200, 'text/html; charset=utf-8', demoHtml(apiKey, widget));
  }

  async function submit(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const type = String(req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/x-www-form-urlencoded') {
      sendJson(res, 415, { error: 'Post the form as application/x-www-form-urlencoded.', statusCode: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
      return;
    }
    const hostname = hostOf(req);
    if (!hostname) {
      sendJson(res, 400, { error: 'Unknown host: the request has no usable Host header.', statusCode: 400, code: 'UNKNOWN_HOST' });
      return;
    }
    let form: URLSearchParams;
    try {
      form = new URLSearchParams(Buffer.from(await readBody(req, 65_536)).toString('utf8'));
    } catch (error) {
      const status = (error as { status?: number }).status ?? 400;
      sendJson(res, status, { error: (error as Error).message, statusCode: status, code: (error as { code?: string }).code ?? (status === 413 ? 'REQUEST_TOO_LARGE' : 'BODY_UNREADABLE') });
      return;
    }
    const payload = form.get('altcha');
    if (!payload) {
      sendJson(res, 400, { error: 'The form has no `altcha` field: verify with the widget first.', statusCode: 400, code: 'MISSING_ALTCHA' });
      return;
    }
    // What a site's server does: formspam/verify with the key's secret, then the fields hash,
    // then "used once", then decide on the classification.
    const { secret } = await demoKey(hostname);
    const result = verifyServerSignature(payload, secret);
    const data = result.verificationData;
    const fieldsHashOk = data?.fields ? verifyFieldsHash(form, data.fields, data.fieldsHash as string | undefined) : null;
    let firstUse: boolean | null = null;
    if (result.verified && data) firstUse = await store.markUsed(`demo:${JSON.parse(Buffer.from(payload, 'base64').toString('utf8')).signature}`, (data.expire as number) * 1000);
    const accepted = result.verified && fieldsHashOk !== false && firstUse === true && data?.classification !== 'BAD';
    const reason = !result.verified ? result.reason : fieldsHashOk === false ? 'fields-changed' : firstUse === false ? 'already-used' : data?.classification === 'BAD' ? 'spam' : undefined;
    sendJson(res, 200, {
      accepted,
      ...(reason && { reason }),
      checks: { signature: result.invalidSignature === false, expired: result.expired, fieldsHash: fieldsHashOk, firstUse },
      classification: data?.classification ?? null,
      score: data?.score ?? null,
      reasons: data?.reasons ?? [],
      verificationData: data,
    });
  }

  return {
    handles(url) {
      if (!url) return false;
      const path = url.split('?')[0]!;
      return path === '/demo' || path.startsWith('/demo/');
    },
    handle(req, res) {
      const path = (req.url ?? '/').split('?')[0]!;
      const run = async () => {
        if ((path === '/demo' || path === '/demo/') && (req.method === 'GET' || req.method === 'HEAD')) return page(req, res);
        if (path === '/demo/altcha.js' && (req.method === 'GET' || req.method === 'HEAD')) {
          script ??= readFileSync(widget.file);
          return send(res, 200, 'text/javascript; charset=utf-8', script, { 'x-altcha-version': widget.version });
        }
        if (path === '/demo/submit' && req.method === 'POST') return submit(req, res);
        if (path === '/demo' || path === '/demo/' || path === '/demo/altcha.js' || path === '/demo/submit') {
          return sendJson(res, 405, { error: 'Method Not Allowed', statusCode: 405, code: 'METHOD_NOT_ALLOWED' });
        }
        return sendJson(res, 404, { error: 'Not Found', statusCode: 404, code: 'NOT_FOUND' });
      };
      run().catch((error: unknown) => {
        options.log?.error({ event: 'demo-error', err: { message: (error as Error).message } }, 'demo error');
        if (!res.headersSent) sendJson(res, 500, { error: 'Internal Server Error', statusCode: 500, code: 'INTERNAL' });
        else res.end();
      });
    },
  };
}

/** The demo page. The widget's challenge URL is made absolute in the page (widgets 1.x–2.x need it). */
/**
 * The demo's sample submissions. The real message's address is at a domain with a real mail
 * setup (MX and DMARC records): `example.com` publishes a null MX by design, which the email
 * rules rightly count against a sender.
 */
export const DEMO_SAMPLES = {
  good: {
    name: 'Maria Keller',
    email: 'maria.keller@gmail.com',
    message: 'Hello,\nI would like to ask whether the workshop next Tuesday still has free seats, and whether I can pay by invoice.\nBest regards, Maria',
  },
  spam: { name: 'Best Offer', email: 'offer@example.com', message: 'BUY CHEAP FOLLOWERS NOW!!! Only $5 at https://spam.example.com <a href="https://spam.example.com">CLICK HERE</a>' },
} as const;

export function demoHtml(apiKey: string, widget: DemoWidget): string {
  const key = escapeHtml(apiKey);
  const spamFilter = widget.major < 3;
  const widgetTag = spamFilter
    ? `<altcha-widget id="widget" data-challenge="/api/v1/challenge?apiKey=${key}" spamfilter hidefooter></altcha-widget>`
    : `<altcha-widget id="widget" data-challenge="/api/v1/challenge?apiKey=${key}" configuration='${escapeHtml(JSON.stringify({ verifyUrl: `verify?apiKey=${apiKey}`, serverVerificationFields: true, serverVerificationTimeZone: true }))}'></altcha-widget>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>formspam demo: the ALTCHA widget with the spam filter</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f4f5f7; color: #1d1f23; }
  main { max-width: 980px; margin: 0 auto; padding: 24px; display: grid; grid-template-columns: 1fr 1fr; gap: 24px; }
  header { max-width: 980px; margin: 0 auto; padding: 24px 24px 0; }
  h1 { font-size: 22px; margin: 0 0 4px; } header p { margin: 0; color: #555; }
  section { background: #fff; border-radius: 8px; padding: 20px; box-shadow: 0 1px 3px rgba(0,0,0,.1); }
  label { display: block; font-weight: 600; margin: 12px 0 4px; }
  input, textarea { width: 100%; box-sizing: border-box; font: inherit; padding: 8px; border: 1px solid #c8ccd2; border-radius: 6px; }
  textarea { min-height: 110px; }
  button { margin-top: 14px; font: inherit; font-weight: 600; padding: 8px 18px; border: 0; border-radius: 6px; background: #2457d6; color: #fff; cursor: pointer; }
  button.secondary { background: #e8eaee; color: #1d1f23; }
  altcha-widget { display: block; margin-top: 14px; }
  .samples button { margin: 0 8px 0 0; padding: 4px 10px; font-size: 14px; }
  .verdict { display: inline-block; font-weight: 700; padding: 2px 10px; border-radius: 4px; color: #fff; }
  .GOOD { background: #1f8a46; } .NEUTRAL { background: #b7791f; } .BAD { background: #c53030; }
  .ok { color: #1f8a46; } .no { color: #c53030; }
  .lang { float: right; font-size: 14px; color: #555; } .lang select { font: inherit; }
  #reasons li { margin-bottom: 4px; } .why { display: block; color: #444; font-size: 14px; }
  ul { padding-left: 20px; } code, pre { font-size: 13px; } pre { background: #f4f5f7; padding: 8px; border-radius: 6px; white-space: pre-wrap; word-break: break-all; }
  @media (max-width: 760px) { main { grid-template-columns: 1fr; } }
</style>
</head>
<body>
<header>
  <label class="lang">Explanations in <select id="lang"><option value="en">English</option><option value="de">Deutsch</option><option value="fr">Français</option><option value="es">Español</option></select></label>
  <h1>formspam demo</h1>
  <p>The real ALTCHA widget (altcha ${escapeHtml(widget.version)}, served from this machine) proves work, formspam classifies the form, and this page's server checks the signed verdict.</p>
</header>
<main>
<section>
  <form id="contact" method="post" action="/demo/submit">
    <label for="name">Name</label>
    <input type="text" id="name" name="name" required>
    <label for="email">Email</label>
    <input type="email" id="email" name="email" required>
    <label for="message">Message</label>
    <textarea id="message" name="message" required></textarea>
    <div class="samples">Try: <button type="button" class="secondary" data-sample="good">a real message</button><button type="button" class="secondary" data-sample="spam">spam</button></div>
    ${widgetTag}
    <button type="submit">Send</button>
  </form>
</section>
<section id="result" aria-live="polite">
  <h2 style="font-size:18px;margin-top:0">What the site's server sees</h2>
  <p id="status">Fill in the form, tick the widget and send it.</p>
</section>
</main>
<script>
  const widget = document.getElementById('widget');
  // The language of the explanations: ?lang=, else the browser's, else English.
  const LANGS = ['en', 'de', 'fr', 'es'];
  const langOf = (v) => { const l = String(v || '').toLowerCase().split('-')[0]; return LANGS.includes(l) ? l : null; };
  const lang = langOf(new URLSearchParams(location.search).get('lang')) || langOf(navigator.language) || 'en';
  const select = document.getElementById('lang');
  select.value = lang;
  select.addEventListener('change', () => { const u = new URL(location.href); u.searchParams.set('lang', select.value); location.assign(u.href); });
  // Absolute challenge URL: widgets 1.x and 2.x resolve the verify URL against it. Its
  // explain=<lang> goes on to the verify URL (2.x); 3.x names its verify URL in its configuration.
  const challenge = new URL(widget.dataset.challenge + '&explain=' + lang, location.href).href;
  widget.setAttribute(${spamFilter ? "'challengeurl'" : "'challenge'"}, challenge);
  const configuration = widget.getAttribute('configuration');
  if (configuration) {
    const c = JSON.parse(configuration);
    c.verifyUrl += '&explain=' + lang;
    widget.setAttribute('configuration', JSON.stringify(c));
  }
  // The verify response (not signed) has one sentence per reason; the widget hands it over here.
  let explained = {};
  widget.addEventListener('serververification', (e) => {
    explained = {};
    for (const x of (e.detail && e.detail.explanations) || []) explained[x.rule] = x.text;
  });
  const samples = ${JSON.stringify(DEMO_SAMPLES).replace(/</g, '\\u003c')};
  for (const b of document.querySelectorAll('[data-sample]')) {
    b.addEventListener('click', () => {
      const s = samples[b.dataset.sample];
      for (const k of Object.keys(s)) document.getElementById(k).value = s[k];
      widget.reset?.();
    });
  }
  const esc = (t) => String(t).replace(/[&<>"']/g, (c) => '&#' + c.charCodeAt(0) + ';');
  const mark = (v) => v === true ? '<span class="ok">yes</span>' : v === false ? '<span class="no">no</span>' : 'n/a';
  let last = null;
  async function send(body) {
    const r = await fetch('/demo/submit', { method: 'POST', body });
    const j = await r.json();
    const out = document.getElementById('result');
    if (!r.ok) { out.innerHTML = '<h2 style="font-size:18px;margin-top:0">Refused</h2><p class="no">' + esc(j.error) + '</p>'; return j; }
    out.innerHTML = '<h2 style="font-size:18px;margin-top:0">What the site\\'s server sees</h2>' +
      '<p id="verdict">' + (j.classification ? '<span class="verdict ' + esc(j.classification) + '">' + esc(j.classification) + '</span> score ' + esc(j.score) : '') +
      ' &mdash; submission <strong id="accepted">' + (j.accepted ? 'accepted' : 'refused' + (j.reason ? ' (' + esc(j.reason) + ')' : '')) + '</strong></p>' +
      '<p>Reasons:</p><ul id="reasons">' + (j.reasons.length ? j.reasons.map((x) => '<li data-rule="' + esc(x) + '"><code>' + esc(x) + '</code>' + (explained[x] ? '<span class="why" lang="' + lang + '">' + esc(explained[x]) + '</span>' : '') + '</li>').join('') : '<li>none</li>') + '</ul>' +
      '<p>Signature valid: ' + mark(j.checks.signature) + ' &middot; fields unchanged: ' + mark(j.checks.fieldsHash) + ' &middot; first use: ' + mark(j.checks.firstUse) + '</p>' +
      '<button type="button" class="secondary" id="again">Send the same payload again</button>' +
      '<p>Signed data:</p><pre>' + esc(JSON.stringify(j.verificationData, null, 1)) + '</pre>';
    document.getElementById('again').addEventListener('click', () => send(last));
    return j;
  }
  document.getElementById('contact').addEventListener('submit', async (event) => {
    event.preventDefault();
    // As a native form post does: line breaks as CRLF (the widget hashed the fields that way).
    last = new URLSearchParams();
    for (const [k, v] of new FormData(event.target)) last.append(k, String(v).replace(/\\r?\\n/g, '\\r\\n'));
    await send(last);
    widget.reset?.();
  });
</script>
<script type="module" src="/demo/altcha.js"></script>
</body>
</html>
`;
}
