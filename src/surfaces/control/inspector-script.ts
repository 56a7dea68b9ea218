/**
 * The inspector page's script (a plain browser module, no build step). It polls `GET /__understudy/state`
 * once a second, renders what changed, and acts through the control surface: every call sends
 * `content-type: application/json`, and `Authorization: Bearer` when the page was opened with `?token=`.
 * The journal's filters work on the entries the state carries.
 *
 * Written as `String.raw` so that the script's regular expressions need no double escaping; it must not
 * contain a backtick or a dollar sign followed by a brace.
 * @module
 */

export const INSPECTOR_SCRIPT = String.raw`
const token = new URLSearchParams(location.search).get('token')
const base = location.pathname.replace(/\/inspector\/?$/, '')
const auth = token ? { authorization: 'Bearer ' + token } : {}
const $ = (id) => document.getElementById(id)
const esc = (value) => String(value ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c])
const compact = (value) => value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value)
const pretty = (value) => value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value, null, 2)
/** An e-mail address that may wrap after its @ and its dots rather than anywhere. */
const address = (value) => esc(value).replace(/([@.])/g, '$1<wbr>')
/** Compact JSON that may wrap after its commas and colons rather than in a word. */
const json = (text) => esc(text).replace(/([,:])/g, '$1<wbr>')
const cut = (text, max) => text.length <= max ? text : text.slice(0, max - 1) + '…'
const bytes = (n) => n >= 1048576 ? (n / 1048576).toFixed(1) + ' MB' : n >= 1024 ? (n / 1024).toFixed(1) + ' KB' : n + ' B'
/** A table; the columns listed in 'nowrap' (by index) hold short values that never wrap. */
const table = (head, rows, nowrap = []) => rows.length === 0 ? '<p class="empty">none</p>' :
  '<table><thead><tr>' + head.map((h) => '<th>' + esc(h) + '</th>').join('') + '</tr></thead><tbody>' +
  rows.map((r) => '<tr>' + r.map((c, i) => '<td data-label="' + esc(head[i]) + '"' + (nowrap.includes(i) ? ' class="nowrap"' : '') + '><div>' + c + '</div></td>').join('') + '</tr>').join('') + '</tbody></table>'
const statusTag = (status) => '<span class="status status-' + String(status)[0] + '">' + (status || 'none') + '</span>'

async function call(method, path, body) {
  const response = await fetch(base + path, {
    method,
    headers: { ...auth, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const data = await response.json().catch(() => ({}))
  if (!response.ok) throw new Error(data.error?.message ?? 'HTTP ' + response.status)
  return data
}
function notify(text) {
  $('error').textContent = ''
  $('notice').textContent = text
}
const act = (work, done) => work()
  .then((answer) => { if (done) notify(done(answer)); shown = ''; return refresh() })
  .catch((error) => { $('notice').textContent = ''; $('error').textContent = error.message })

let last = null
let statusOptions = ''
let shown = ''
const opened = new Set()

/** The scenario the menu last showed as running: the menu follows the server only when that changes. */
let runningScenario = null
function syncScenario(name) {
  if (name === runningScenario) return
  runningScenario = name
  const select = $('scenario-select')
  select.querySelector('option[data-running]')?.remove()
  if ([...select.options].some((o) => o.value === name)) select.value = name
  else {
    // A scenario from a file or a definition: shown as running, not offered (only built-in names switch).
    select.insertAdjacentHTML('afterbegin', '<option value="" data-running disabled>' + esc(name) + ' (not built in)</option>')
    select.value = ''
  }
}

function renderHeader(state) {
  $('scenario').textContent = state.scenario.name
  syncScenario(state.scenario.name)
  $('clock').textContent = state.clock.now + (state.clock.fixed ? ' (fixed)' : '')
  $('clock-now').textContent = state.clock.now + (state.clock.fixed ? ' (fixed)' : ' (running)')
  $('count').textContent = state.journal.count
  const latency = typeof state.latency === 'number' ? state.latency + ' ms' : state.latency.min + '–' + state.latency.max + ' ms'
  $('latency').textContent = latency
  $('latency-now').textContent = latency
  $('seed').textContent = String(state.seed)
  $('seed-now').textContent = String(state.seed)
}

/** A note when the state carries only the first tenants (the poll is bounded in total). */
function shownOf(shown, count, what) {
  return count > shown ? '<p class="muted">the first ' + shown + ' of ' + count + ' ' + what + '</p>' : ''
}

function renderPresets(state) {
  $('presets-body').innerHTML = shownOf(state.router.workspaces.length, state.router.workspaceCount, 'workspaces') + state.router.workspaces.map((w) =>
    '<h3 title="workspace ' + esc(w.id) + '">' + esc(w.name) + (w.presetWrites === 'management-only' ? ' <span class="tag">management keys write</span>' : '') +
    (w.presetCount > w.presets.length ? ' <span class="muted">' + w.presets.length + ' of ' + w.presetCount + ' presets</span>' : '') + '</h3>' +
    table(['slug', 'status', 'updated', 'versions'], w.presets.map((p) => [
      '<strong>' + esc(p.slug) + '</strong>', esc(p.status), esc(p.updated_at),
      (p.versionCount > p.versions.length ? '<div class="muted">' + p.versions.length + ' of ' + p.versionCount + ' versions</div>' : '') +
      p.versions.map((v) => '<div><strong>v' + v.version + '</strong>' + (v.id === p.designated_version_id ? ' (designated)' : '') +
        (v.system_prompt ? '<pre>' + esc(v.system_prompt) + '</pre>' : '') + '<pre>' + json(v.config) + '</pre></div>').join(''),
    ]), [1])).join('')
}

function renderOrganizations(state) {
  $('organizations-body').innerHTML = shownOf(state.messaging.organizations.length, state.messaging.organizationCount, 'organizations') + state.messaging.organizations.map((o) =>
    '<h3>' + esc(o.name) + ' <span class="tag">' + esc(o.subdomain) + '</span> <span class="muted">' + esc(o.baseUrl) + '</span></h3>' +
    '<form data-level="' + esc(o.subdomain) + '"><label>feature level <input type="number" min="1" value="' + o.featureLevel + '" aria-label="Feature level of ' + esc(o.subdomain) + '" style="width: 6em"></label> <span class="muted">Zulip ' + esc(o.zulipVersion) + '</span> <button>Set</button></form>' +
    (o.userCount > o.users.length ? '<p class="muted">the newest ' + o.users.length + ' of ' + o.userCount + ' accounts</p>' : '') +
    table(['id', 'email', 'name', 'role', 'state'], o.users.map((u) => [
      String(u.userId), address(u.email), esc(u.fullName), esc(u.role) + (u.canCreateUsers ? ' · can_create_users' : '') + (u.bot ? ' · bot' : ''),
      u.isActive ? 'active' : 'deactivated',
    ]), [0, 4]) +
    '<h3>Welcome test messages' + (o.messageCount > o.messages.length ? ' <span class="muted">the newest ' + o.messages.length + ' of ' + o.messageCount + '</span>' : '') + '</h3>' +
    table(['id', 'to', 'sent', 'content'], o.messages.map((m) => [String(m.id), address(m.recipientEmail), esc(m.sentAt), '<pre>' + esc(m.content) + '</pre>']), [0])).join('')
}

/** What answered in the service's place: a fault, a stub or the request's Prefer header. */
const answeredBy = (f) => f.kind === 'prefer' ? 'Prefer header' : (f.kind === 'stub' ? 'stub ' : 'fault ') + f.id
function faultMatch(f) {
  const path = typeof f.path === 'object' && f.path ? '/' + f.path.pattern + '/' : f.path
  const headers = Object.entries(f.headers || {}).map(([name, value]) => name + ': ' + value).join(', ')
  return [f.service, f.tenant, f.operation, f.method, path, headers].filter(Boolean).join(' · ') || 'every request'
}
function faultEffect(f) {
  const delay = f.delayMs ? ' after ' + f.delayMs + ' ms' : ''
  if (f.network === 'hang') return 'hang (no answer)'
  if (f.network === 'reset') return 'connection reset' + delay
  if (f.status !== undefined) return 'status ' + f.status + (f.body !== undefined ? ' with its own body' : '') + delay
  return 'delay ' + f.delayMs + ' ms'
}
function renderFaults(state) {
  $('faults-body').innerHTML = table(['id', 'match', 'effect', 'left', 'hits', ''], state.faults.map((f) => [
    String(f.id), esc(faultMatch(f)), esc(faultEffect(f)), f.remaining === null ? '∞' : String(f.remaining), String(f.hits),
    '<button class="secondary" data-clear="' + f.id + '">Clear</button>',
  ]), [0, 3, 4, 5])
  $('faults-clear').hidden = state.faults.length === 0
}

/** The stubs: what each matches and answers, where it came from, how often it answered. */
function renderStubs(state) {
  $('stubs-body').innerHTML = table(['id', 'match', 'answer', 'from', 'hits'], state.stubs.map((s) => [
    String(s.id), esc((s.name ? s.name + ': ' : '') + faultMatch(s)),
    esc(String(s.status ?? 200) + (s.body !== undefined ? ', ' + cut(compact(s.body), 80) : '') + (s.delayMs ? ' after ' + s.delayMs + ' ms' : '')),
    esc(s.from), String(s.hits),
  ]), [0, 3, 4])
}

/** The router's scripted answers: what each matches, how many answers, where it came from, how often it answered. */
function renderScripts(state) {
  const { scripts, scriptCount } = state.router
  $('scripts-body').innerHTML = shownOf(scripts.length, scriptCount, 'scripts') + table(['id', 'match', 'answers', 'from', 'calls'], scripts.map((s) => [
    String(s.id), esc((s.name ? s.name + ': ' : '') + (s.match === '{}' ? 'every inference' : s.match)),
    String(s.responses), esc(s.source), String(s.calls),
  ]), [0, 2, 3, 4])
}

/** What an inference applied, in short: the preset and version, the model and provider, stream, script. */
function inferenceLine(i) {
  return (i.preset ? i.preset.slug + ' v' + i.preset.version + ' → ' : '') + i.model + ' (' + i.provider + ')' +
    (i.stream ? ' · stream' : '') + (i.script ? ' · script ' + (i.script.name ?? '#' + i.script.id) : '')
}

/** The operation choices of a select: every service's operations, or one service's. */
function operationOptions(operations, service, any) {
  const group = (name) => operations[name].map((o) =>
    '<option value="' + esc(name + '/' + o.name) + '" title="' + esc(o.method + ' ' + o.path) + '">' + esc(o.name) + ' — ' + esc(o.method + ' ' + o.path) + '</option>').join('')
  const services = service ? [service] : Object.keys(operations)
  return '<option value="">' + esc(any) + '</option>' +
    services.map((name) => '<optgroup label="' + esc(name) + '">' + group(name) + '</optgroup>').join('')
}
function fillOperations(select, service, extra = '') {
  if (!last) return
  const value = select.value
  select.innerHTML = operationOptions(last.operations, service, 'any operation') + extra
  select.value = [...select.options].some((o) => o.value === value) ? value : ''
}
const UNROUTED = '<option value="-">no operation (unrouted)</option>'

function entryMatches(e) {
  const service = $('filter-service').value
  const operation = $('filter-operation').value
  const status = $('filter-status').value
  if (service && e.service !== service) return false
  if (operation === '-') { if (e.operation !== null) return false }
  else if (operation && e.service + '/' + e.operation !== operation) return false
  if (status === '') return true
  if (/^[0-9]xx$/.test(status)) return String(e.status)[0] === status[0] && e.status !== 0
  return String(e.status) === status
}

function entryHtml(e) {
  const tenant = e.tenantName ?? e.tenant
  const body = compact(e.body)
  const exchange = [
    ['time', esc(e.time)],
    ['method', '<code>' + esc(e.method) + '</code>'],
    ['path', '<code>' + esc(e.path) + '</code>'],
    ['query', Object.keys(e.query).length ? '<pre>' + esc(pretty(e.query)) + '</pre>' : '<span class="muted">none</span>'],
    ['actor', e.actor === null ? '<span class="muted">anonymous</span>' : esc(e.actor)],
    ['tenant', tenant === null ? '<span class="muted">none</span>' : '<span title="' + esc(e.tenant) + '">' + esc(tenant) + '</span>'],
    ['request body', (e.body === null ? '<span class="muted">none</span>' : '<pre>' + esc(pretty(e.body)) + '</pre>') +
      (e.truncated ? '<div class="muted">the start of a ' + bytes(e.bodySize) + ' body</div>' : '')],
    ['status', statusTag(e.status) + (e.message ? ' ' + esc(e.message) : '')],
    ['response body', (e.response === null ? '<span class="muted">none</span>' : '<pre>' + esc(pretty(e.response)) + '</pre>') +
      (e.responseTruncated ? '<div class="muted">the start of a ' + bytes(e.responseSize) + ' answer</div>' : '')],
    ...(e.inference ? [
      ['inference', esc(inferenceLine(e.inference)) + '<div class="muted">' + esc(e.inference.endpoint + ', model as sent ' + (e.inference.requestedModel ?? 'none') +
        (e.inference.preset ? ', preset by ' + e.inference.preset.form : ', no preset') + (e.inference.script ? ', answer ' + (e.inference.script.answer + 1) + ' of the script' : ', the default answer')) + '</div>'],
      ['effective request', '<pre>' + json(e.inference.effectiveRequest) + '</pre>'],
    ] : []),
    ['fault', e.fault ? esc(answeredBy(e.fault) + ': ' + e.fault.kind + (e.fault.status ? ' ' + e.fault.status : '') + (e.fault.delayMs ? ', ' + e.fault.delayMs + ' ms delay' : '')) : '<span class="muted">none</span>'],
    ['duration', esc(e.durationMs + ' ms')],
  ]
  return '<details class="entry" data-seq="' + e.seq + '"' + (opened.has(e.seq) ? ' open' : '') + '><summary>' +
    '<div class="line"><span class="seq">#' + e.seq + '</span>' + statusTag(e.status) +
    '<span class="tag">' + esc(e.service) + '</span>' + (tenant === null ? '' : '<span class="tenant">' + esc(tenant) + '</span>') +
    '<span class="op">' + esc(e.operation ?? 'no operation') + '</span><code class="req">' + esc(e.method + ' ' + e.path) + '</code>' +
    (e.fault ? '<span class="tag">' + esc(answeredBy(e.fault)) + '</span>' : '') +
    (e.inference ? '<span class="tag inference" title="what the inference applied">' + esc(inferenceLine(e.inference)) + '</span>' : '') + '</div>' +
    '<div class="line"><span class="actor">' + esc(e.actor ?? 'anonymous') + '</span>' +
    (body === '' ? '' : '<code class="body" title="request body">' + esc(cut(body, 160)) + '</code>') +
    (e.message ? '<span class="message">' + esc(e.message) + '</span>' : '') + '</div>' +
    '</summary><dl class="exchange">' + exchange.map(([name, value]) => '<dt>' + name + '</dt><dd>' + value + '</dd>').join('') + '</dl></details>'
}

function renderJournal() {
  if (!last) return
  const entries = last.journal.latest
  const statuses = [...new Set(entries.map((e) => e.status))].sort((a, b) => a - b)
  const select = $('filter-status')
  const chosen = select.value
  const options = ['', '2xx', '4xx', '5xx', ...statuses.map(String)]
  if (!options.includes(chosen)) options.push(chosen)
  const html = options.map((s) => '<option value="' + esc(s) + '">' + (s === '' ? 'any status' : s === '0' ? 'no answer' : esc(s)) + '</option>').join('')
  if (statusOptions !== html) { statusOptions = html; select.innerHTML = html; select.value = chosen }
  const shownEntries = entries.filter(entryMatches)
  const filtered = shownEntries.length !== entries.length
  $('journal-summary').textContent = (filtered ? shownEntries.length + ' matching among ' : '') + 'the latest ' + entries.length + ' of ' + last.journal.count + ' requests'
  $('journal-body').innerHTML = shownEntries.length === 0
    ? '<p class="empty">' + (entries.length === 0 ? 'no requests yet' : 'no request matches the filter') + '</p>'
    : shownEntries.map(entryHtml).join('')
}

function render(state) {
  const first = last === null
  last = state
  $('error').textContent = ''
  if (first) {
    fillOperations($('fault-operation'), $('fault-service').value)
    fillOperations($('filter-operation'), $('filter-service').value, UNROUTED)
  }
  renderHeader(state)
  renderPresets(state)
  renderOrganizations(state)
  renderFaults(state)
  renderStubs(state)
  renderScripts(state)
  renderJournal()
}

async function refresh() {
  const state = await call('GET', '/state')
  const text = JSON.stringify(state)
  if (text === shown) return
  shown = text
  render(state)
}

$('journal-body').addEventListener('toggle', (event) => {
  const seq = Number(event.target.dataset?.seq)
  if (!seq) return
  if (event.target.open) opened.add(seq)
  else opened.delete(seq)
}, true)
$('filter-service').addEventListener('change', () => {
  fillOperations($('filter-operation'), $('filter-service').value, UNROUTED)
  renderJournal()
})
$('filter-operation').addEventListener('change', renderJournal)
$('filter-status').addEventListener('change', renderJournal)
$('journal-filter').addEventListener('submit', (event) => event.preventDefault())
$('filter-clear').addEventListener('click', () => {
  $('filter-service').value = ''
  $('filter-operation').value = ''
  fillOperations($('filter-operation'), '', UNROUTED)
  $('filter-status').value = ''
  renderJournal()
})

$('reset').addEventListener('click', () => act(() => call('POST', '/reset'), () => 'Back to the scenario’s initial state'))
$('scenario-form').addEventListener('submit', (event) => {
  event.preventDefault()
  act(() => call('PUT', '/scenario', { name: $('scenario-select').value }), (a) => 'Scenario ' + a.scenario)
})

$('fault-service').addEventListener('change', () => fillOperations($('fault-operation'), $('fault-service').value))
const syncEffect = () => {
  const effect = $('fault-effect').value
  $('fault-status').disabled = effect !== 'status'
  $('fault-delay').disabled = effect === 'hang'
  $('fault-delay').required = effect === 'delay'
}
$('fault-effect').addEventListener('change', syncEffect)
syncEffect()
/**
 * A fault with no target and no count would answer every request of every service for ever: the first click
 * says so and asks for a target, a count, or a second click on the same form.
 */
let everyRequestAsked = null
function clearEveryRequestQuestion() {
  everyRequestAsked = null
  $('fault-warning').hidden = true
  $('fault-inject').textContent = 'Inject'
}
$('fault-form').addEventListener('input', clearEveryRequestQuestion)
$('fault-form').addEventListener('change', clearEveryRequestQuestion)
$('fault-form').addEventListener('submit', (event) => {
  event.preventDefault()
  const definition = {}
  const [service, operation] = $('fault-operation').value.split('/')
  if ($('fault-service').value || service) definition.service = $('fault-service').value || service
  if (operation) definition.operation = operation
  if ($('fault-method').value) definition.method = $('fault-method').value
  if ($('fault-path').value.trim()) definition.path = $('fault-path').value.trim()
  const effect = $('fault-effect').value
  if (effect === 'status') definition.status = Number($('fault-status').value)
  if (effect === 'reset' || effect === 'hang') definition.network = effect
  if (effect !== 'hang' && $('fault-delay').value !== '') definition.delayMs = Number($('fault-delay').value)
  if ($('fault-times').value) definition.times = Number($('fault-times').value)
  const everyRequest = !definition.service && !definition.method && !definition.path && definition.times === undefined
  if (everyRequest && everyRequestAsked !== JSON.stringify(definition)) {
    everyRequestAsked = JSON.stringify(definition)
    $('fault-warning').textContent = 'This fault matches every request of every service and never runs out. Choose a service, an operation, a method or a path, or set Times; or click “Inject for every request” to arm it as it is.'
    $('fault-warning').hidden = false
    $('fault-inject').textContent = 'Inject for every request'
    return
  }
  clearEveryRequestQuestion()
  act(() => call('POST', '/faults', definition), (a) => 'Fault ' + a.id + ' armed')
})
$('faults-clear').addEventListener('click', () => act(() => call('DELETE', '/faults'), () => 'Every fault cleared'))

$('clock-advance').addEventListener('submit', (event) => {
  event.preventDefault()
  const ms = Math.round(Number($('advance-amount').value) * Number($('advance-unit').value))
  act(() => call('POST', '/clock', { advanceMs: ms }), (a) => 'Clock at ' + a.now)
})
document.querySelectorAll('[data-advance]').forEach((button) => button.addEventListener('click', () =>
  act(() => call('POST', '/clock', { advanceMs: Number(button.dataset.advance) }), (a) => 'Clock at ' + a.now)))
$('clock-set').addEventListener('submit', (event) => {
  event.preventDefault()
  act(() => call('POST', '/clock', { set: $('clock-set-value').value.trim() }), (a) => 'Clock at ' + a.now)
})
$('latency-form').addEventListener('submit', (event) => {
  event.preventDefault()
  const text = $('latency-value').value.trim()
  const range = /^([0-9.]+)\s*[-–]\s*([0-9.]+)$/.exec(text)
  const latency = range ? { min: Number(range[1]), max: Number(range[2]) } : Number(text === '' ? NaN : text)
  act(() => call('PUT', '/latency', { latency }), () => 'Latency set')
})
$('seed-form').addEventListener('submit', (event) => {
  event.preventDefault()
  act(() => call('PUT', '/seed', { seed: $('seed-value').value }), (a) => 'Seed ' + a.seed)
})

document.addEventListener('submit', (event) => {
  const subdomain = event.target.dataset?.level
  if (!subdomain) return
  event.preventDefault()
  act(() => call('PUT', '/messaging/' + encodeURIComponent(subdomain) + '/feature-level', { featureLevel: Number(event.target.querySelector('input').value) }),
    (a) => a.subdomain + ' at feature level ' + a.featureLevel)
})
document.addEventListener('click', (event) => {
  const id = event.target.dataset?.clear
  if (id) act(() => call('DELETE', '/faults/' + id), () => 'Fault ' + id + ' cleared')
})

call('GET', '/scenarios').then((list) => {
  $('scenario-select').innerHTML = list.map((s) => '<option value="' + esc(s.name) + '" title="' + esc(s.description) + '">' + esc(s.name) + '</option>').join('')
  // The running scenario, once both the list and the state are here.
  runningScenario = null
  if (last) syncScenario(last.scenario.name)
}).catch(() => {})

let busy = false
async function poll() {
  const selecting = String(window.getSelection?.() ?? '') !== ''
  const editing = document.activeElement?.matches('input, select') && !document.activeElement.closest('#journal-filter')
  if (!busy && !selecting && !editing) {
    busy = true
    await refresh().catch((error) => { $('error').textContent = error.message })
    busy = false
  }
}
poll()
setInterval(poll, 1000)
`
