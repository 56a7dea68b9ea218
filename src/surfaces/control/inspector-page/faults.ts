/**
 * Faults and stubs: the armed ones with what each matches and does, and the form that arms a fault
 * (asking again before one that would answer every request of every service for ever).
 * @module
 */
import { call } from './control.js'
import { button, element, form, input, select } from './dom.js'
import { compact, cut, esc, table } from './html.js'
import { fillOperations } from './operations.js'
import { act, type InspectorState } from './poll.js'

type Fault = InspectorState['faults'][number]
type Stub = InspectorState['stubs'][number]

/** What a fault or a stub matches, in one line. */
function faultMatch(f: Fault | Stub): string {
  const path = typeof f.path === 'object' && f.path ? `/${f.path.pattern}/` : f.path
  const headers = Object.entries(f.headers || {})
    .map(([name, value]) => `${name}: ${value}`)
    .join(', ')
  return (
    [f.service, f.tenant, 'operation' in f ? f.operation : undefined, f.method, path, headers]
      .filter(Boolean)
      .join(' · ') || 'every request'
  )
}

/** What a fault does, in one line. */
function faultEffect(f: Fault): string {
  const delayMs = 'delayMs' in f ? f.delayMs : undefined
  const delay = delayMs ? ` after ${delayMs} ms` : ''
  if ('network' in f) return f.network === 'hang' ? 'hang (no answer)' : `connection reset${delay}`
  if ('status' in f && f.status !== undefined)
    return `status ${f.status}${f.body !== undefined ? ' with its own body' : ''}${delay}`
  return `delay ${delayMs} ms`
}

export function renderFaults(state: InspectorState): void {
  element('faults-body').innerHTML = table(
    ['id', 'match', 'effect', 'left', 'hits', ''],
    state.faults.map((f) => [
      String(f.id),
      esc(faultMatch(f)),
      esc(faultEffect(f)),
      f.remaining === null ? '∞' : String(f.remaining),
      String(f.hits),
      `<button class="secondary" data-clear="${f.id}">Clear</button>`,
    ]),
    [0, 3, 4, 5],
  )
  button('faults-clear').hidden = state.faults.length === 0
}

/** The stubs: what each matches and answers, where it came from, how often it answered. */
export function renderStubs(state: InspectorState): void {
  element('stubs-body').innerHTML = table(
    ['id', 'match', 'answer', 'from', 'hits'],
    state.stubs.map((s) => [
      String(s.id),
      esc((s.name ? `${s.name}: ` : '') + faultMatch(s)),
      esc(
        String(s.status ?? 200) +
          (s.body !== undefined ? `, ${cut(compact(s.body), 80)}` : '') +
          (s.delayMs ? ` after ${s.delayMs} ms` : ''),
      ),
      esc(s.from),
      String(s.hits),
    ]),
    [0, 3, 4],
  )
}

/** Fills the form's operation menu for the first state. */
export function fillFaultOperations(): void {
  fillOperations(select('fault-operation'), select('fault-service').value)
}

/**
 * A fault with no target and no count would answer every request of every service for ever: the first click
 * says so and asks for a target, a count, or a second click on the same form.
 */
let everyRequestAsked: string | null = null

function clearEveryRequestQuestion(): void {
  everyRequestAsked = null
  element('fault-warning').hidden = true
  button('fault-inject').textContent = 'Inject'
}

/** The fault the form describes, as `POST /faults` takes it. */
function formFault(): Record<string, string | number> {
  const definition: Record<string, string | number> = {}
  const [service, operation] = select('fault-operation').value.split('/')
  const chosenService = select('fault-service').value
  if (chosenService || service) definition.service = chosenService || service || ''
  if (operation) definition.operation = operation
  if (select('fault-method').value) definition.method = select('fault-method').value
  const path = input('fault-path').value.trim()
  if (path) definition.path = path
  const effect = select('fault-effect').value
  if (effect === 'status') definition.status = Number(input('fault-status').value)
  if (effect === 'reset' || effect === 'hang') definition.network = effect
  if (effect !== 'hang' && input('fault-delay').value !== '')
    definition.delayMs = Number(input('fault-delay').value)
  if (input('fault-times').value) definition.times = Number(input('fault-times').value)
  return definition
}

export function setUpFaults(): void {
  select('fault-service').addEventListener('change', fillFaultOperations)
  const syncEffect = () => {
    const effect = select('fault-effect').value
    input('fault-status').disabled = effect !== 'status'
    input('fault-delay').disabled = effect === 'hang'
    input('fault-delay').required = effect === 'delay'
  }
  select('fault-effect').addEventListener('change', syncEffect)
  syncEffect()
  form('fault-form').addEventListener('input', clearEveryRequestQuestion)
  form('fault-form').addEventListener('change', clearEveryRequestQuestion)
  form('fault-form').addEventListener('submit', (event) => {
    event.preventDefault()
    const definition = formFault()
    const everyRequest =
      !definition.service &&
      !definition.method &&
      !definition.path &&
      definition.times === undefined
    if (everyRequest && everyRequestAsked !== JSON.stringify(definition)) {
      everyRequestAsked = JSON.stringify(definition)
      element('fault-warning').textContent =
        'This fault matches every request of every service and never runs out. Choose a service, an operation, a method or a path, or set Times; or click “Inject for every request” to arm it as it is.'
      element('fault-warning').hidden = false
      button('fault-inject').textContent = 'Inject for every request'
      return
    }
    clearEveryRequestQuestion()
    act(
      () => call<{ id: number }>('POST', '/faults', definition),
      (a) => `Fault ${a.id} armed`,
    )
  })
  button('faults-clear').addEventListener('click', () =>
    act(
      () => call('DELETE', '/faults'),
      () => 'Every fault cleared',
    ),
  )
  document.addEventListener('click', (event) => {
    const id = event.target instanceof HTMLElement ? event.target.dataset.clear : undefined
    if (id)
      act(
        () => call('DELETE', `/faults/${id}`),
        () => `Fault ${id} cleared`,
      )
  })
}
