/**
 * The page's header: the running scenario (and the menu to switch to a built-in one), the clock, the
 * latency, the seed and the request count; the reset button.
 * @module
 */
import { call } from './control.js'
import { button, element, form, select } from './dom.js'
import { esc } from './html.js'
import { lastState } from './latest.js'
import { act, type InspectorState } from './poll.js'

/** The scenario the menu last showed as running: the menu follows the server only when that changes. */
let runningScenario: string | null = null

function syncScenario(name: string): void {
  if (name === runningScenario) return
  runningScenario = name
  const menu = select('scenario-select')
  menu.querySelector('option[data-running]')?.remove()
  if ([...menu.options].some((o) => o.value === name)) menu.value = name
  else {
    // A scenario from a file or a definition: shown as running, not offered (only built-in names switch).
    menu.insertAdjacentHTML(
      'afterbegin',
      `<option value="" data-running disabled>${esc(name)} (not built in)</option>`,
    )
    menu.value = ''
  }
}

export function renderHeader(state: InspectorState): void {
  element('scenario').textContent = state.scenario.name
  syncScenario(state.scenario.name)
  element('clock').textContent = state.clock.now + (state.clock.fixed ? ' (fixed)' : '')
  element('clock-now').textContent =
    state.clock.now + (state.clock.fixed ? ' (fixed)' : ' (running)')
  element('count').textContent = String(state.journal.count)
  const latency =
    typeof state.latency === 'number'
      ? `${state.latency} ms`
      : `${state.latency.min}–${state.latency.max} ms`
  element('latency').textContent = latency
  element('latency-now').textContent = latency
  element('seed').textContent = String(state.seed)
  element('seed-now').textContent = String(state.seed)
}

/** Wires the reset button and the scenario menu, and fills the menu with the built-in scenarios. */
export function setUpHeader(): void {
  button('reset').addEventListener('click', () =>
    act(
      () => call('POST', '/reset'),
      () => 'Back to the scenario’s initial state',
    ),
  )
  form('scenario-form').addEventListener('submit', (event) => {
    event.preventDefault()
    act(
      () =>
        call<{ scenario: string }>('PUT', '/scenario', { name: select('scenario-select').value }),
      (a) => `Scenario ${a.scenario}`,
    )
  })
  call<Array<{ name: string; description: string }>>('GET', '/scenarios')
    .then((list) => {
      select('scenario-select').innerHTML = list
        .map(
          (s) =>
            `<option value="${esc(s.name)}" title="${esc(s.description)}">${esc(s.name)}</option>`,
        )
        .join('')
      // The running scenario, once both the list and the state are here.
      runningScenario = null
      const state = lastState()
      if (state) syncScenario(state.scenario.name)
    })
    .catch(() => {})
}
