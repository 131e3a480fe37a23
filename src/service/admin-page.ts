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

export { ADMIN_JS } from './admin-script.js';
