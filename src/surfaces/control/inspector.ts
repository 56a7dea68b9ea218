/**
 * The inspector page: plain HTML, a style sheet and one inline script. It polls `GET /__understudy/state`
 * and acts through the control surface. A control token, when the server has one, is taken from the page's
 * `?token=` and sent as `Authorization: Bearer`.
 *
 * The simulator's sections are written here; each service adds its own (`inspector.sections` of its
 * registration, after the simulator's) and the script that draws them (`inspector.script`), which runs
 * before the page's own script (`inspector-page/main.ts`, bundled into `inspector-script.generated.ts`) and
 * adds its panel to `inspectorPanels`.
 * @module
 */
import type { InspectorSection } from '../../engine/core/inspector-panel.js'
import { serviceDefinitions, serviceNames } from '../../services/registry.js'
import { INSPECTOR_SCRIPT } from './inspector-script.generated.js'
import { INSPECTOR_CSS } from './inspector-style.js'

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']

/** A menu's choice of each service, after its "any service". */
const SERVICE_OPTIONS = serviceNames.map((name) => `<option>${name}</option>`).join('')

/** Each service's sections, in registration order. */
const SERVICE_SECTIONS = serviceDefinitions
  .flatMap((definition): readonly InspectorSection[] => definition.inspector.sections)
  .map(
    ({ id, title }) =>
      `  <section id="${id}"><h2>${title}</h2><div id="${id}-body"></div></section>`,
  )
  .join('\n')

const page = (script: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Understudy inspector</title>
<link rel="icon" href="data:,">
<style>${INSPECTOR_CSS}</style>
</head>
<body>
<header>
  <h1>Understudy inspector</h1>
  <span class="meta">scenario <strong id="scenario">…</strong></span>
  <span class="meta">clock <span id="clock">…</span></span>
  <span class="meta">latency <span id="latency">…</span></span>
  <span class="meta">seed <span id="seed">…</span></span>
  <span class="meta">requests <span id="count">0</span></span>
  <div class="actions">
    <form id="scenario-form"><select id="scenario-select" aria-label="Scenario"></select><button>Switch</button></form>
    <button id="reset" class="secondary">Reset</button>
  </div>
  <span id="error" role="alert"></span>
  <span id="notice" role="status"></span>
</header>
<main>
  <section id="journal"><h2>Request journal <span class="muted" id="journal-summary"></span></h2>
    <form id="journal-filter" aria-label="Filter the journal">
      <label>Service <select id="filter-service"><option value="">any service</option>${SERVICE_OPTIONS}</select></label>
      <label>Operation <select id="filter-operation"><option value="">any operation</option></select></label>
      <label>Status <select id="filter-status"><option value="">any status</option></select></label>
      <button type="button" id="filter-clear" class="secondary">Show all</button>
    </form>
    <div id="journal-body"></div>
  </section>
  <section id="faults"><h2>Faults</h2>
    <form id="fault-form" aria-label="Inject a fault">
      <label>Service <select id="fault-service"><option value="">any service</option>${SERVICE_OPTIONS}</select></label>
      <label>Operation <select id="fault-operation"><option value="">any operation</option></select></label>
      <label>Method <select id="fault-method"><option value="">any</option>${METHODS.map((method) => `<option>${method}</option>`).join('')}</select></label>
      <label>Path <input id="fault-path" placeholder="any path, or /presets/support-bot" size="22"></label>
      <label>Effect <select id="fault-effect"><option value="status">answer a status</option><option value="reset">reset the connection</option><option value="hang">hang (never answer)</option><option value="delay">delay only</option></select></label>
      <label>Status <input id="fault-status" type="number" min="200" max="599" value="503" style="width: 5.5em"></label>
      <label>Delay ms <input id="fault-delay" type="number" min="0" placeholder="0" style="width: 6em"></label>
      <label>Times <input id="fault-times" type="number" min="1" placeholder="∞" style="width: 5em"></label>
      <button id="fault-inject">Inject</button>
    </form>
    <p id="fault-warning" class="warning" role="alert" hidden></p>
    <div id="faults-body"></div>
    <button id="faults-clear" class="secondary" hidden>Clear every fault</button>
  </section>
  <section id="stubs"><h2>Stubs</h2><div id="stubs-body"></div></section>
  <section id="settings"><h2>Clock, latency and seed</h2>
    <div class="setting"><h3>Clock <span class="muted" id="clock-now"></span></h3>
      <form id="clock-advance" aria-label="Advance the clock">
        <label>Advance by <input id="advance-amount" type="number" min="0" step="any" value="1" style="width: 6em"></label>
        <label>Unit <select id="advance-unit"><option value="1000">seconds</option><option value="60000">minutes</option><option value="3600000" selected>hours</option><option value="86400000">days</option></select></label>
        <button>Advance</button>
      </form>
      <div class="quick"><button class="secondary" data-advance="60000">+1 minute</button><button class="secondary" data-advance="3600000">+1 hour</button><button class="secondary" data-advance="86400000">+1 day</button></div>
      <form id="clock-set" aria-label="Set the clock">
        <label>Set to <input id="clock-set-value" placeholder="2026-01-01T00:00:00Z" required size="24"></label>
        <button>Set</button>
      </form>
    </div>
    <div class="setting"><h3>Latency <span class="muted" id="latency-now"></span></h3>
      <form id="latency-form" aria-label="Set the latency">
        <label>Milliseconds, or a range <input id="latency-value" placeholder="0, 50 or 20-200" required size="16"></label>
        <button>Set</button>
      </form>
    </div>
    <div class="setting"><h3>Seed <span class="muted" id="seed-now"></span></h3>
      <form id="seed-form" aria-label="Set the seed">
        <label>New ids from the seed <input id="seed-value" placeholder="any text" required size="16"></label>
        <button>Set</button>
      </form>
    </div>
  </section>
${SERVICE_SECTIONS}
</main>
<script type="module">${script}</script>
</body>
</html>
`

let built: Promise<string> | undefined

/**
 * The page, built once when first asked for: the services' panels, then the page's script, in one module
 * (each panel adds itself to `inspectorPanels`).
 */
export function inspectorHtml(): Promise<string> {
  built ??= Promise.all(serviceDefinitions.map((definition) => definition.inspector.script())).then(
    (panels) => page(['const inspectorPanels = []', ...panels, INSPECTOR_SCRIPT].join('\n')),
  )
  return built
}
