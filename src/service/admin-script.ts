/** The admin page's script (`/admin/admin.js`; the HTML and style sheet are admin-page.ts'). */
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
