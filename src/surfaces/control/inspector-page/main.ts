/**
 * The inspector page's script (bundled by `scripts/bundle-inspector.mjs` into `../inspector-script.generated.ts`).
 * It polls `GET /__understudy/state` once a second, draws what changed, and acts through the control
 * surface. The simulator's own sections are drawn here; each service's sections by its panel
 * (`src/services/<name>/inspector-panel.ts`), whose script the page runs first and which adds itself to
 * `inspectorPanels`.
 * @module
 */
import type { InspectorKit, InspectorPanel } from '../../../engine/core/inspector-panel.js'
import { call } from './control.js'
import { element } from './dom.js'
import { fillFaultOperations, renderFaults, renderStubs, setUpFaults } from './faults.js'
import { renderHeader, setUpHeader } from './header.js'
import { address, esc, json, shownOf, table } from './html.js'
import { fillJournalOperations, renderJournal, setUpJournal } from './journal.js'
import { keepState, lastState } from './latest.js'
import { act, type InspectorState, startPolling } from './poll.js'
import { setUpSettings } from './settings.js'

/** The services' panels, added by their scripts, which the page runs before this one. */
declare const inspectorPanels: readonly InspectorPanel[]

const kit: InspectorKit = { element, esc, address, json, table, shownOf, call, act }

function render(state: InspectorState): void {
  const first = lastState() === null
  keepState(state)
  element('error').textContent = ''
  if (first) {
    fillFaultOperations()
    fillJournalOperations()
  }
  renderHeader(state)
  const parts: Readonly<Record<string, unknown>> = state
  for (const panel of inspectorPanels) panel.render(parts[panel.service], kit)
  renderFaults(state)
  renderStubs(state)
  renderJournal()
}

setUpJournal()
setUpHeader()
setUpFaults()
setUpSettings()
for (const panel of inspectorPanels) panel.setup?.(kit)
startPolling(render)
