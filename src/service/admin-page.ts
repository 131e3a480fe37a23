/**
 * The admin page (`/admin`): plain HTML, a style sheet and a script, served by the service under
 * a CSP with no inline code (routes/admin.ts). The page holds no data and no secret: it asks for
 * the admin token, keeps it in sessionStorage (gone when the tab closes) and sends it as
 * `Authorization: Bearer` on its JSON calls; it never puts the token in a URL. It shows the
 * decision log (filter by verdict, reason, key and label), the verdicts per hour or day, the
 * rules that fire most, one decision with its evidence, and two buttons to report it as spam or
 * ham, the page's only write. Everything from the log is written with `textContent`, never as HTML.
 * Its URLs are relative to the page (always `…/admin`, no trailing slash), so it works where the
 * service is mounted under a prefix (Express `app.use('/spam', …)`, the fetch adapter's `basePath`).
 */

export const ADMIN_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>formspam admin</title>
<link rel="stylesheet" href="admin/admin.css">
<script src="admin/admin.js" defer></script>
</head>
<body>
<header>
  <h1>formspam admin</h1>
  <button type="button" id="logout" class="secondary" hidden>Log out</button>
</header>
<section id="login">
  <form id="login-form">
    <label for="token">Admin token</label>
    <p class="hint">The FORMSPAM_ADMIN_TOKEN the server was started with. It stays in this tab (sessionStorage) and is sent only as an Authorization header to this server.</p>
    <input type="password" id="token" name="token" autocomplete="current-password" required>
    <button type="submit">Open</button>
    <p id="login-error" class="error" role="alert" hidden></p>
  </form>
</section>
<main id="app" hidden>
  <p id="app-error" class="error" role="alert" hidden></p>
  <section id="stats-section">
    <div class="row">
      <h2>Verdicts</h2>
      <select id="window" aria-label="Time window">
        <option value="24h">last 24 hours, per hour</option>
        <option value="7d">last 7 days, per day</option>
        <option value="30d">last 30 days, per day</option>
      </select>
    </div>
    <p id="totals"></p>
    <div id="bars" class="bars" role="img" aria-label="Verdicts per time bucket"></div>
    <p class="legend"><span class="swatch BAD"></span>BAD <span class="swatch NEUTRAL"></span>NEUTRAL <span class="swatch GOOD"></span>GOOD</p>
    <p id="truncated" class="hint" hidden></p>
    <h2>Rules that fire most</h2>
    <ol id="top-reasons"></ol>
  </section>
  <section id="list-section">
    <h2>Recent decisions</h2>
    <form id="filters">
      <label>Verdict <select id="f-verdict" name="verdict"><option value="">any</option><option>GOOD</option><option>NEUTRAL</option><option>BAD</option></select></label>
      <label>Reason <input id="f-reason" name="reason" list="reason-list" placeholder="e.g. text.URL" size="18"></label>
      <datalist id="reason-list"></datalist>
      <label>Key <select id="f-key" name="key"><option value="">any</option></select></label>
      <label>Label <select id="f-label" name="label"><option value="">any</option><option value="spam">spam</option><option value="ham">ham</option></select></label>
      <button type="submit">Filter</button>
      <button type="button" id="f-clear" class="secondary">Clear</button>
    </form>
    <table id="decisions">
      <thead><tr><th>Time (UTC)</th><th>Verdict</th><th>Score</th><th>Reasons</th><th>Site</th><th>Country</th><th>Label</th></tr></thead>
      <tbody></tbody>
    </table>
    <p id="empty" class="hint" hidden>No decisions match.</p>
  </section>
  <section id="detail" hidden>
    <div class="row"><h2>Decision <code id="d-id"></code></h2><button type="button" id="d-close" class="secondary">Close</button></div>
    <dl>
      <dt>Time (UTC)</dt><dd id="d-at"></dd>
      <dt>Site</dt><dd id="d-site"></dd>
      <dt>Verdict</dt><dd><span id="d-verdict" class="verdict"></span> score <span id="d-score"></span></dd>
      <dt>Country</dt><dd id="d-country"></dd>
      <dt>Reasons</dt><dd><ul id="d-reasons"></ul></dd>
      <dt>Learner tokens</dt><dd id="d-tokens"></dd>
      <dt>Label</dt><dd id="d-label"></dd>
    </dl>
    <div id="d-request-box" hidden><h3>Request (logged with --log-text)</h3><pre id="d-request"></pre></div>
    <p>Report what this submission really was; the site's model learns from it.</p>
    <button type="button" id="report-spam" class="danger">Report spam</button>
    <button type="button" id="report-ham">Report ham</button>
    <p id="d-result" role="status"></p>
  </section>
</main>
</body>
</html>
`;

export const ADMIN_CSS = `body { font: 15px/1.45 system-ui, sans-serif; margin: 0; background: #f4f5f7; color: #1d1f23; }
header { display: flex; align-items: center; justify-content: space-between; max-width: 1100px; margin: 0 auto; padding: 16px 24px 0; }
h1 { font-size: 20px; margin: 0; } h2 { font-size: 17px; margin: 0 0 8px; } h3 { font-size: 15px; }
main, #login { max-width: 1100px; margin: 0 auto; padding: 16px 24px; }
section { background: #fff; border-radius: 8px; padding: 16px 20px; box-shadow: 0 1px 3px rgba(0,0,0,.1); margin-bottom: 16px; }
#login form { max-width: 420px; }
label { font-weight: 600; margin-right: 10px; }
input, select { font: inherit; padding: 5px 7px; border: 1px solid #c8ccd2; border-radius: 5px; }
#token { width: 100%; box-sizing: border-box; margin: 6px 0; }
button { font: inherit; font-weight: 600; padding: 6px 14px; border: 0; border-radius: 5px; background: #2457d6; color: #fff; cursor: pointer; }
button.secondary { background: #e8eaee; color: #1d1f23; } button.danger { background: #c53030; }
[hidden] { display: none !important; }
.row { display: flex; align-items: center; justify-content: space-between; gap: 12px; }
.hint { color: #555; font-size: 13px; } .error { color: #c53030; font-weight: 600; }
.bars { display: flex; align-items: flex-end; gap: 2px; height: 140px; border-bottom: 1px solid #c8ccd2; padding-top: 4px; }
.bar { flex: 1 1 0; display: flex; flex-direction: column-reverse; min-width: 2px; height: 100%; position: relative; }
.bar .seg { width: 100%; }
.bar .tick { position: absolute; bottom: -18px; left: 0; font-size: 11px; color: #555; white-space: nowrap; }
.legend { margin-top: 24px; font-size: 13px; }
.swatch { display: inline-block; width: 10px; height: 10px; margin: 0 4px 0 10px; border-radius: 2px; }
.GOOD { background: #1f8a46; } .NEUTRAL { background: #b7791f; } .BAD { background: #c53030; }
.verdict { display: inline-block; font-weight: 700; padding: 0 8px; border-radius: 4px; color: #fff; }
#top-reasons li { cursor: pointer; } #top-reasons li:hover code { text-decoration: underline; }
#filters { margin-bottom: 10px; display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
table { border-collapse: collapse; width: 100%; font-size: 14px; }
th, td { text-align: left; padding: 5px 8px; border-bottom: 1px solid #e8eaee; vertical-align: top; }
tbody tr { cursor: pointer; } tbody tr:hover { background: #f0f4ff; }
td.reasons code { margin-right: 6px; }
code, pre { font-size: 13px; } pre { background: #f4f5f7; padding: 8px; border-radius: 6px; white-space: pre-wrap; word-break: break-all; }
dl { display: grid; grid-template-columns: 140px 1fr; gap: 4px 12px; } dt { font-weight: 600; } dd { margin: 0; }
#d-reasons { margin: 0; padding-left: 18px; }
`;

// The script: no template literals (it is one), no dependency, ES2020.
export const ADMIN_JS = String.raw`'use strict';
(function () {
  var TOKEN = 'formspam-admin-token';
  var $ = function (id) { return document.getElementById(id); };
  // seq: the newest list and stats calls; an older answer that arrives later is dropped.
  var state = { hosts: {}, current: null, listSeq: 0, statsSeq: 0 };

  function token() { return sessionStorage.getItem(TOKEN); }

  function show(el, on) { el.hidden = !on; }

  function el(tag, text, cls) {
    var e = document.createElement(tag);
    if (text !== undefined && text !== null) e.textContent = String(text);
    if (cls) e.className = cls;
    return e;
  }

  function clear(e) { while (e.firstChild) e.removeChild(e.firstChild); }

  function AuthError(message) { this.message = message; }

  // A JSON call with the token as the Authorization header; an error body becomes an Error with its message and code.
  function api(path, init) {
    init = init || {};
    var headers = { authorization: 'Bearer ' + token() };
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    return fetch(path, { method: init.method || 'GET', headers: headers, body: init.body, cache: 'no-store', credentials: 'omit' }).then(function (r) {
      return r.json().catch(function () { return {}; }).then(function (body) {
        if (r.status === 401) throw new AuthError(body.error || 'The admin token is wrong.');
        if (!r.ok) {
          var e = new Error((body.error || ('HTTP ' + r.status)) + (body.code ? ' (' + body.code + ')' : ''));
          e.code = body.code;
          throw e;
        }
        return body;
      });
    });
  }

  function failed(e) {
    if (e instanceof AuthError) return logout('Wrong admin token: ' + e.message);
    $('app-error').textContent = e.message;
    show($('app-error'), true);
  }

  function logout(message) {
    sessionStorage.removeItem(TOKEN);
    state.current = null;
    clear($('decisions').tBodies[0]);
    clear($('bars'));
    clear($('top-reasons'));
    $('totals').textContent = '';
    show($('detail'), false);
    show($('app'), false);
    show($('logout'), false);
    show($('login'), true);
    $('login-error').textContent = message || '';
    show($('login-error'), !!message);
    $('token').value = '';
    $('token').focus();
  }

  function stamp(iso) { return iso.replace('T', ' ').replace(/\.\d+Z$|Z$/, ''); }

  function verdictBadge(v) { return el('span', v, 'verdict ' + v); }

  function siteOf(apiKey) { return state.hosts[apiKey] || apiKey; }

  function filterQuery() {
    var q = new URLSearchParams();
    var pairs = [['verdict', $('f-verdict').value], ['reason', $('f-reason').value.trim()], ['key', $('f-key').value], ['label', $('f-label').value]];
    for (var i = 0; i < pairs.length; i++) if (pairs[i][1]) q.set(pairs[i][0], pairs[i][1]);
    return q;
  }

  function loadDecisions() {
    var q = filterQuery();
    q.set('limit', '200');
    var seq = ++state.listSeq;
    return api('admin/decisions?' + q.toString()).then(function (body) {
      if (seq !== state.listSeq) return;
      show($('app-error'), false);
      var tbody = $('decisions').tBodies[0];
      clear(tbody);
      body.decisions.forEach(function (d) {
        var tr = document.createElement('tr');
        tr.dataset.id = d.id;
        tr.appendChild(el('td', stamp(d.at)));
        var v = el('td'); v.appendChild(verdictBadge(d.classification)); tr.appendChild(v);
        tr.appendChild(el('td', d.score));
        var rs = el('td', null, 'reasons');
        d.reasons.forEach(function (r) { rs.appendChild(el('code', r)); });
        tr.appendChild(rs);
        tr.appendChild(el('td', siteOf(d.apiKey)));
        tr.appendChild(el('td', d.country || ''));
        tr.appendChild(el('td', d.label || '', 'label'));
        tr.addEventListener('click', function () { openDecision(d.id).catch(failed); });
        tbody.appendChild(tr);
      });
      show($('empty'), body.decisions.length === 0);
    });
  }

  function loadStats() {
    var q = new URLSearchParams({ since: $('window').value });
    if ($('f-key').value) q.set('key', $('f-key').value);
    var seq = ++state.statsSeq;
    return api('admin/decisions/stats?' + q.toString()).then(function (s) {
      if (seq !== state.statsSeq) return;
      $('totals').textContent = s.decisions + ' decisions: ' + s.totals.BAD + ' BAD, ' + s.totals.NEUTRAL + ' NEUTRAL, ' + s.totals.GOOD + ' GOOD; reported ' + s.labels.spam + ' spam, ' + s.labels.ham + ' ham.';
      var bars = $('bars');
      clear(bars);
      var max = 1;
      s.buckets.forEach(function (b) { max = Math.max(max, b.GOOD + b.NEUTRAL + b.BAD); });
      var every = Math.max(1, Math.ceil(s.buckets.length / 8));
      s.buckets.forEach(function (b, i) {
        var bar = el('div', null, 'bar');
        bar.dataset.start = b.start;
        bar.title = stamp(b.start) + ': ' + b.BAD + ' BAD, ' + b.NEUTRAL + ' NEUTRAL, ' + b.GOOD + ' GOOD';
        ['BAD', 'NEUTRAL', 'GOOD'].forEach(function (v) {
          if (!b[v]) return;
          var seg = el('div', null, 'seg ' + v);
          seg.style.height = (100 * b[v] / max) + '%';
          bar.appendChild(seg);
        });
        if (i % every === 0) bar.appendChild(el('span', s.bucket === 'hour' ? b.start.slice(11, 16) : b.start.slice(5, 10), 'tick'));
        bars.appendChild(bar);
      });
      show($('truncated'), s.truncated);
      $('truncated').textContent = s.truncated ? 'Counted the newest ' + s.decisions + ' decisions only (since ' + stamp(s.countedSince) + ').' : '';
      var top = $('top-reasons');
      clear(top);
      var list = $('reason-list');
      clear(list);
      s.topReasons.forEach(function (r) {
        var li = el('li');
        li.dataset.reason = r.reason;
        li.appendChild(el('code', r.reason));
        li.appendChild(document.createTextNode(' ' + r.count));
        li.addEventListener('click', function () { $('f-reason').value = r.reason; loadDecisions().catch(failed); });
        top.appendChild(li);
        var o = document.createElement('option');
        o.value = r.reason;
        list.appendChild(o);
      });
      if (s.topReasons.length === 0) top.appendChild(el('li', 'none in this window'));
    });
  }

  function loadKeys() {
    return api('admin/keys').then(function (body) {
      var select = $('f-key');
      var chosen = select.value;
      while (select.options.length > 1) select.remove(1);
      body.keys.forEach(function (k) {
        state.hosts[k.apiKey] = k.hostname;
        var o = el('option', k.hostname + ' (' + k.apiKey.slice(0, 12) + '…)' + (k.revokedAt ? ' revoked' : ''));
        o.value = k.apiKey;
        select.appendChild(o);
      });
      select.value = chosen;
    });
  }

  function openDecision(id) {
    return api('admin/decisions/' + encodeURIComponent(id)).then(function (d) {
      state.current = d.id;
      $('d-id').textContent = d.id;
      $('d-at').textContent = stamp(d.at);
      $('d-site').textContent = (d.hostname || '(key deleted)') + ' · ' + d.apiKey;
      var v = $('d-verdict');
      v.textContent = d.classification;
      v.className = 'verdict ' + d.classification;
      $('d-score').textContent = d.score;
      $('d-country').textContent = d.country || 'unknown';
      var rs = $('d-reasons');
      clear(rs);
      d.reasons.forEach(function (r) { var li = el('li'); li.appendChild(el('code', r)); rs.appendChild(li); });
      if (d.reasons.length === 0) rs.appendChild(el('li', 'none'));
      $('d-tokens').textContent = d.tokens + ' salted token hashes (no text)';
      $('d-label').textContent = d.label ? d.label + ' (reported ' + stamp(d.labelledAt) + ')' : 'not reported';
      show($('d-request-box'), d.request !== undefined);
      $('d-request').textContent = d.request !== undefined ? JSON.stringify(d.request, null, 2) : '';
      $('d-result').textContent = '';
      show($('detail'), true);
      $('detail').scrollIntoView({ block: 'nearest' });
    });
  }

  function report(label) {
    var id = state.current;
    if (!id) return;
    $('d-result').textContent = 'Reporting…';
    api('admin/decisions/' + encodeURIComponent(id) + '/feedback', { method: 'POST', body: JSON.stringify({ label: label }) }).then(function (r) {
      var said = { recorded: 'Recorded as ' + label + '.', unchanged: 'Already reported as ' + label + '.', changed: 'Changed to ' + label + '.' };
      return openDecision(id).then(function () {
        $('d-result').textContent = said[r.outcome] || r.outcome;
        $('d-result').dataset.outcome = r.outcome;
        return Promise.all([loadDecisions(), loadStats()]);
      });
    }).catch(function (e) {
      if (e instanceof AuthError) return failed(e);
      $('d-result').textContent = 'Not recorded: ' + e.message;
    });
  }

  function loadAll() {
    return loadKeys().then(function () { return Promise.all([loadStats(), loadDecisions()]); });
  }

  function start() {
    show($('login'), false);
    show($('app'), true);
    show($('logout'), true);
    return loadAll().catch(failed);
  }

  document.addEventListener('DOMContentLoaded', function () {
    $('login-form').addEventListener('submit', function (e) {
      e.preventDefault();
      var t = $('token').value.trim();
      if (!t) return;
      sessionStorage.setItem(TOKEN, t);
      $('token').value = '';
      show($('login-error'), false);
      start();
    });
    $('logout').addEventListener('click', function () { logout(); });
    $('filters').addEventListener('submit', function (e) { e.preventDefault(); loadDecisions().catch(failed); });
    ['f-verdict', 'f-label'].forEach(function (id) { $(id).addEventListener('change', function () { loadDecisions().catch(failed); }); });
    $('f-key').addEventListener('change', function () { Promise.all([loadDecisions(), loadStats()]).catch(failed); });
    $('f-clear').addEventListener('click', function () {
      $('f-verdict').value = ''; $('f-reason').value = ''; $('f-key').value = ''; $('f-label').value = '';
      Promise.all([loadDecisions(), loadStats()]).catch(failed);
    });
    $('window').addEventListener('change', function () { loadStats().catch(failed); });
    $('d-close').addEventListener('click', function () { show($('detail'), false); state.current = null; });
    $('report-spam').addEventListener('click', function () { report('spam'); });
    $('report-ham').addEventListener('click', function () { report('ham'); });
    if (token()) start(); else logout();
  });
})();
`;
