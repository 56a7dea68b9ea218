/**
 * The request journal: one `<details>` per entry (a two-line summary that opens to the whole exchange),
 * filtered by service, operation and status on the entries the state carries.
 * @module
 */
import { element, form, select } from './dom.js'
import { bytes, compact, cut, esc, json, pretty, statusTag } from './html.js'
import { lastState } from './latest.js'
import { fillOperations, UNROUTED } from './operations.js'
import type { InspectorState } from './poll.js'

type Entry = InspectorState['journal']['latest'][number]
type Inference = NonNullable<Entry['inference']>

/** The status menu as last drawn (drawn again only when its choices change). */
let statusOptions = ''
/** The entries the reader opened, by sequence number (they stay open across polls). */
const opened = new Set<number>()

/** What answered in the service's place: a fault, a stub or the request's Prefer header. */
const answeredBy = (f: { kind: string; id: number | null }): string =>
  f.kind === 'prefer' ? 'Prefer header' : `${f.kind === 'stub' ? 'stub ' : 'fault '}${f.id}`

/** What an inference applied, in short: the preset and version, the model and provider, stream, script. */
function inferenceLine(i: Inference): string {
  return `${
    (i.preset ? `${i.preset.slug} v${i.preset.version} → ` : '') + i.model
  } (${i.provider})${i.stream ? ' · stream' : ''}${i.script ? ` · script ${i.script.name ?? `#${i.script.id}`}` : ''}`
}

function entryMatches(e: Entry): boolean {
  const service = select('filter-service').value
  const operation = select('filter-operation').value
  const status = select('filter-status').value
  if (service && e.service !== service) return false
  if (operation === '-') {
    if (e.operation !== null) return false
  } else if (operation && `${e.service}/${e.operation}` !== operation) return false
  if (status === '') return true
  if (/^[0-9]xx$/.test(status)) return String(e.status)[0] === status[0] && e.status !== 0
  return String(e.status) === status
}

/** The exchange of an opened entry, as name and HTML value. */
function exchange(e: Entry, tenant: string | null): Array<[string, string]> {
  const none = '<span class="muted">none</span>'
  const inference = e.inference
  return [
    ['time', esc(e.time)],
    ['method', `<code>${esc(e.method)}</code>`],
    ['path', `<code>${esc(e.path)}</code>`],
    ['query', Object.keys(e.query).length ? `<pre>${esc(pretty(e.query))}</pre>` : none],
    ['actor', e.actor === null ? '<span class="muted">anonymous</span>' : esc(e.actor)],
    ['tenant', tenant === null ? none : `<span title="${esc(e.tenant)}">${esc(tenant)}</span>`],
    [
      'request body',
      (e.body === null ? none : `<pre>${esc(pretty(e.body))}</pre>`) +
        (e.truncated
          ? `<div class="muted">the start of a ${bytes(e.bodySize ?? 0)} body</div>`
          : ''),
    ],
    ['status', statusTag(e.status) + (e.message ? ` ${esc(e.message)}` : '')],
    [
      'response body',
      (e.response === null ? none : `<pre>${esc(pretty(e.response))}</pre>`) +
        (e.responseTruncated
          ? `<div class="muted">the start of a ${bytes(e.responseSize ?? 0)} answer</div>`
          : ''),
    ],
    ...(inference
      ? ([
          [
            'inference',
            `${esc(inferenceLine(inference))}<div class="muted">${esc(
              `${inference.endpoint}, model as sent ${inference.requestedModel ?? 'none'}${
                inference.preset ? `, preset by ${inference.preset.form}` : ', no preset'
              }${inference.script ? `, answer ${inference.script.answer + 1} of the script` : ', the default answer'}`,
            )}</div>`,
          ],
          ['effective request', `<pre>${json(inference.effectiveRequest)}</pre>`],
        ] satisfies Array<[string, string]>)
      : []),
    [
      'fault',
      e.fault
        ? esc(
            `${answeredBy(e.fault)}: ${e.fault.kind}${e.fault.status ? ` ${e.fault.status}` : ''}${e.fault.delayMs ? `, ${e.fault.delayMs} ms delay` : ''}`,
          )
        : none,
    ],
    ['duration', esc(`${e.durationMs} ms`)],
  ]
}

function entryHtml(e: Entry): string {
  const tenant = e.tenantName ?? e.tenant
  const body = compact(e.body)
  const summary =
    `<div class="line"><span class="seq">#${e.seq}</span>${statusTag(e.status)}` +
    `<span class="tag">${esc(e.service)}</span>${tenant === null ? '' : `<span class="tenant">${esc(tenant)}</span>`}` +
    `<span class="op">${esc(e.operation ?? 'no operation')}</span><code class="req">${esc(`${e.method} ${e.path}`)}</code>` +
    (e.fault ? `<span class="tag">${esc(answeredBy(e.fault))}</span>` : '') +
    (e.inference
      ? `<span class="tag inference" title="what the inference applied">${esc(inferenceLine(e.inference))}</span>`
      : '') +
    '</div>' +
    `<div class="line"><span class="actor">${esc(e.actor ?? 'anonymous')}</span>` +
    (body === '' ? '' : `<code class="body" title="request body">${esc(cut(body, 160))}</code>`) +
    (e.message ? `<span class="message">${esc(e.message)}</span>` : '') +
    '</div>'
  const rows = exchange(e, tenant)
    .map(([name, value]) => `<dt>${name}</dt><dd>${value}</dd>`)
    .join('')
  return `<details class="entry" data-seq="${e.seq}"${opened.has(e.seq) ? ' open' : ''}><summary>${summary}</summary><dl class="exchange">${rows}</dl></details>`
}

/** Draws the journal from the state drawn last, through the filter as it is now. */
export function renderJournal(): void {
  const state = lastState()
  if (!state) return
  const entries = state.journal.latest
  const statuses = [...new Set(entries.map((e) => e.status))].sort((a, b) => a - b)
  const menu = select('filter-status')
  const chosen = menu.value
  const options = ['', '2xx', '4xx', '5xx', ...statuses.map(String)]
  if (!options.includes(chosen)) options.push(chosen)
  const html = options
    .map(
      (s) =>
        `<option value="${esc(s)}">${s === '' ? 'any status' : s === '0' ? 'no answer' : esc(s)}</option>`,
    )
    .join('')
  if (statusOptions !== html) {
    statusOptions = html
    menu.innerHTML = html
    menu.value = chosen
  }
  const shownEntries = entries.filter(entryMatches)
  const filtered = shownEntries.length !== entries.length
  element('journal-summary').textContent =
    `${filtered ? `${shownEntries.length} matching among ` : ''}the latest ${entries.length} of ${state.journal.count} requests`
  element('journal-body').innerHTML =
    shownEntries.length === 0
      ? `<p class="empty">${entries.length === 0 ? 'no requests yet' : 'no request matches the filter'}</p>`
      : shownEntries.map(entryHtml).join('')
}

/** Fills the filter's operation menu for the first state. */
export function fillJournalOperations(): void {
  fillOperations(select('filter-operation'), select('filter-service').value, UNROUTED)
}

/** Wires the filter and keeps opened entries open. */
export function setUpJournal(): void {
  element('journal-body').addEventListener(
    'toggle',
    (event) => {
      const target = event.target
      if (!(target instanceof HTMLDetailsElement)) return
      const seq = Number(target.dataset.seq)
      if (!seq) return
      if (target.open) opened.add(seq)
      else opened.delete(seq)
    },
    true,
  )
  select('filter-service').addEventListener('change', () => {
    fillJournalOperations()
    renderJournal()
  })
  select('filter-operation').addEventListener('change', renderJournal)
  select('filter-status').addEventListener('change', renderJournal)
  form('journal-filter').addEventListener('submit', (event) => event.preventDefault())
  element('filter-clear').addEventListener('click', () => {
    select('filter-service').value = ''
    select('filter-operation').value = ''
    fillOperations(select('filter-operation'), '', UNROUTED)
    select('filter-status').value = ''
    renderJournal()
  })
}
