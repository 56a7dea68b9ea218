/**
 * The inspector page: plain HTML and a little script, no build step. It polls `GET /__understudy/state`
 * and acts through the control surface. A control token, when the server has one, is taken from the
 * page's `?token=` and sent as `Authorization: Bearer`.
 * @module
 */

export const INSPECTOR_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Understudy inspector</title>
<link rel="icon" href="data:,">
<style>
  :root { color-scheme: light; --line: #d8dbe0; --muted: #5f6670; --accent: #2457c5; --bad: #b42318; --ok: #067647; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1d2129; background: #f6f7f9; }
  header { display: flex; flex-wrap: wrap; gap: 12px 24px; align-items: center; padding: 12px 20px; background: #fff; border-bottom: 1px solid var(--line); }
  header h1 { font-size: 18px; margin: 0; }
  header .meta { color: var(--muted); }
  main { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(420px, 100%), 1fr)); gap: 16px; padding: 16px 20px; }
  section { background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 12px 16px; min-width: 0; overflow-x: auto; }
  #journal { grid-column: 1 / -1; }
  td code, #journal-body td:nth-child(3) { overflow-wrap: anywhere; }
  section h2 { font-size: 15px; margin: 0 0 8px; }
  h3 { font-size: 14px; margin: 12px 0 4px; }
  table { width: 100%; border-collapse: collapse; font-size: 13px; }
  th, td { text-align: left; padding: 4px 6px; border-bottom: 1px solid var(--line); vertical-align: top; }
  th { color: var(--muted); font-weight: 600; }
  code, pre { font: 12px/1.4 ui-monospace, SFMono-Regular, Menlo, monospace; }
  pre { margin: 2px 0; white-space: pre-wrap; word-break: break-word; background: #f3f4f6; padding: 4px 6px; border-radius: 4px; }
  .muted { color: var(--muted); }
  .status-2 { color: var(--ok); } .status-4, .status-5, .status-0 { color: var(--bad); }
  form { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; margin: 6px 0; }
  input, select, button { font: inherit; padding: 3px 6px; }
  button { cursor: pointer; border: 1px solid var(--accent); background: var(--accent); color: #fff; border-radius: 4px; }
  button.secondary { background: #fff; color: var(--accent); }
  #error { color: var(--bad); }
  .empty { color: var(--muted); font-style: italic; }
</style>
</head>
<body>
<header>
  <h1>Understudy inspector</h1>
  <span class="meta">scenario <strong id="scenario">…</strong></span>
  <span class="meta">clock <span id="clock">…</span></span>
  <span class="meta">requests <span id="count">0</span></span>
  <form id="scenario-form"><select id="scenario-select" aria-label="Scenario"></select><button>Switch</button></form>
  <button id="reset" class="secondary">Reset</button>
  <span id="error" role="alert"></span>
</header>
<main>
  <section id="presets"><h2>Router presets</h2><div id="presets-body"></div></section>
  <section id="organizations"><h2>Messaging organizations</h2><div id="organizations-body"></div></section>
  <section id="faults"><h2>Faults</h2>
    <form id="fault-form">
      <select id="fault-service" aria-label="Service"><option value="">any service</option><option>router</option><option>messaging</option></select>
      <input id="fault-operation" placeholder="operation (optional)" aria-label="Operation">
      <input id="fault-status" type="number" min="100" max="599" value="503" aria-label="Status" style="width: 5em">
      <input id="fault-times" type="number" min="1" placeholder="times" aria-label="Times" style="width: 5em">
      <button>Inject</button>
    </form>
    <div id="faults-body"></div>
  </section>
  <section id="journal"><h2>Request journal</h2><div id="journal-body"></div></section>
</main>
<script type="module">
const token = new URLSearchParams(location.search).get('token')
const base = location.pathname.replace(/\\/inspector\\/?$/, '')
const headers = token ? { authorization: 'Bearer ' + token } : {}
const $ = (id) => document.getElementById(id)
const esc = (value) => String(value ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c])
const table = (head, rows) => rows.length === 0 ? '<p class="empty">none</p>' :
  '<table><thead><tr>' + head.map((h) => '<th>' + esc(h) + '</th>').join('') + '</tr></thead><tbody>' +
  rows.map((r) => '<tr>' + r.map((c) => '<td>' + c + '</td>').join('') + '</tr>').join('') + '</tbody></table>'

async function call(method, path, body) {
  const response = await fetch(base + path, {
    method, headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  const data = await response.json().catch(() => ({}))
  if (!response.ok) throw new Error(data.error?.message ?? 'HTTP ' + response.status)
  return data
}
const act = (work) => work().then(() => { shown = ''; return refresh() }).catch((error) => { $('error').textContent = error.message })

function render(state) {
  $('error').textContent = ''
  $('scenario').textContent = state.scenario.name
  $('clock').textContent = state.clock.now + (state.clock.fixed ? ' (fixed)' : '')
  $('count').textContent = state.journal.count
  $('presets-body').innerHTML = state.router.workspaces.map((w) =>
    '<h3>' + esc(w.name) + ' <span class="muted">' + esc(w.id) + (w.presetWrites === 'management-only' ? ' · management keys write' : '') + '</span></h3>' +
    table(['slug', 'status', 'updated', 'versions'], w.presets.map((p) => [
      '<strong>' + esc(p.slug) + '</strong>', esc(p.status), esc(p.updated_at),
      p.versions.map((v) => '<div><strong>v' + v.version + '</strong>' + (v.id === p.designated_version_id ? ' (designated)' : '') +
        (v.system_prompt ? '<pre>' + esc(v.system_prompt) + '</pre>' : '') + '<pre>' + esc(JSON.stringify(v.config)) + '</pre></div>').join(''),
    ]))).join('')
  $('organizations-body').innerHTML = state.messaging.organizations.map((o) =>
    '<h3>' + esc(o.name) + ' <span class="muted">' + esc(o.baseUrl) + '</span></h3>' +
    '<form data-level="' + esc(o.subdomain) + '">feature level <input type="number" min="1" value="' + o.featureLevel + '" aria-label="Feature level of ' + esc(o.subdomain) + '" style="width: 6em"> <span class="muted">Zulip ' + esc(o.zulipVersion) + '</span> <button>Set</button></form>' +
    table(['id', 'email', 'name', 'role', 'state'], o.users.map((u) => [
      String(u.userId), esc(u.email), esc(u.fullName), esc(u.role) + (u.canCreateUsers ? ' · can_create_users' : '') + (u.bot ? ' · bot' : ''),
      u.isActive ? 'active' : 'deactivated',
    ])) +
    '<h3>Welcome test messages</h3>' +
    table(['id', 'to', 'sent', 'content'], o.messages.map((m) => [String(m.id), esc(m.recipientEmail), esc(m.sentAt), '<pre>' + esc(m.content) + '</pre>']))).join('')
  $('faults-body').innerHTML = table(['id', 'match', 'effect', 'left', 'hits', ''], state.faults.map((f) => [
    String(f.id), esc([f.service, f.operation, f.method, typeof f.path === 'object' && f.path ? '/' + f.path.pattern + '/' : f.path].filter(Boolean).join(' ') || 'every request'),
    esc(f.status ?? f.network ?? (f.delayMs + ' ms')), f.remaining === null ? '∞' : String(f.remaining), String(f.hits),
    '<button class="secondary" data-clear="' + f.id + '">Clear</button>',
  ]))
  $('journal-body').innerHTML = table(['#', 'time', 'service', 'operation', 'request', 'status'], state.journal.latest.map((e) => [
    String(e.seq), esc(e.time), esc(e.service + (e.tenant ? ' · ' + e.tenant : '')), esc(e.operation ?? '—'),
    '<code>' + esc(e.method + ' ' + e.path) + '</code>',
    '<span class="status-' + String(e.status)[0] + '">' + (e.status || 'no answer') + '</span>' + (e.fault ? ' <span class="muted">(fault ' + e.fault.id + ')</span>' : ''),
  ]))
}

let shown = ''
async function refresh() {
  const state = await call('GET', '/state')
  const text = JSON.stringify(state)
  if (text === shown) return
  shown = text
  render(state)
}

$('reset').addEventListener('click', () => act(() => call('POST', '/reset')))
$('scenario-form').addEventListener('submit', (event) => { event.preventDefault(); act(() => call('PUT', '/scenario', { name: $('scenario-select').value })) })
$('fault-form').addEventListener('submit', (event) => {
  event.preventDefault()
  const definition = { status: Number($('fault-status').value) }
  if ($('fault-service').value) definition.service = $('fault-service').value
  if ($('fault-operation').value) definition.operation = $('fault-operation').value
  if ($('fault-times').value) definition.times = Number($('fault-times').value)
  act(() => call('POST', '/faults', definition))
})
document.addEventListener('submit', (event) => {
  const subdomain = event.target.dataset?.level
  if (!subdomain) return
  event.preventDefault()
  act(() => call('PUT', '/messaging/' + encodeURIComponent(subdomain) + '/feature-level', { featureLevel: Number(event.target.querySelector('input').value) }))
})
document.addEventListener('click', (event) => {
  const id = event.target.dataset?.clear
  if (id) act(() => call('DELETE', '/faults/' + id))
})

call('GET', '/scenarios').then((list) => {
  $('scenario-select').innerHTML = list.map((s) => '<option value="' + esc(s.name) + '" title="' + esc(s.description) + '">' + esc(s.name) + '</option>').join('')
}).catch(() => {})
let busy = false
async function poll() {
  const selecting = String(window.getSelection?.() ?? '') !== ''
  if (!busy && !selecting && !document.activeElement?.matches('input, select')) {
    busy = true
    await refresh().catch((error) => { $('error').textContent = error.message })
    busy = false
  }
}
poll()
setInterval(poll, 1000)
</script>
</body>
</html>
`
