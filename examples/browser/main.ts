/**
 * The browser example: starts the simulator with msw's service worker, then creates a preset and a user with
 * plain `fetch` against the real services' URLs. Build it with `node examples/browser/build.mjs` and serve it
 * with `node examples/browser/serve.mjs 5173`.
 *
 * The page reads `?scenario=`, `?seed=` and `?now=` (an ISO time that fixes the clock) from its URL, so a test
 * gets reproducible ids and times.
 */
import { type BrowserSimulatorOptions, startSimulator } from '../../src/entries/browser/index.js'

const ROUTER = 'https://openrouter.ai/api/v1'
const ACME = 'https://acme.zulipchat.com/api/v1'

/** What the page shows of an answer. */
export interface Answer {
  method: string
  url: string
  status: number
  statusText: string
  contentType: string | null
  /** The parsed JSON body, or `null` when the body is not JSON (e.g. an HTML 404). */
  json: unknown
  text: string
}

export interface PresetInput {
  key: string
  slug: string
  model: string
  system: string
}

export interface UserInput {
  adminEmail: string
  adminKey: string
  email: string
  password: string
  fullName: string
}

/** What the page puts on `window.example`, for the console and for tests. */
export interface ExampleApi {
  createPreset(input: PresetInput): Promise<Answer>
  createUser(input: UserInput): Promise<Answer>
}

declare global {
  interface Window {
    example: ExampleApi
  }
}

async function send(method: string, url: string, init: RequestInit): Promise<Answer> {
  const response = await fetch(url, { method, ...init })
  const text = await response.text()
  let json: unknown = null
  try {
    json = JSON.parse(text)
  } catch {
    json = null
  }
  return {
    method,
    url,
    status: response.status,
    statusText: response.statusText,
    contentType: response.headers.get('content-type'),
    json,
    text,
  }
}

/** Creates a preset from a chat-completions body: a model and, when given, one system message. */
function createPreset({ key, slug, model, system }: PresetInput): Promise<Answer> {
  const messages = system === '' ? [] : [{ role: 'system', content: system }]
  return send('POST', `${ROUTER}/presets/${encodeURIComponent(slug)}/chat/completions`, {
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model, messages }),
  })
}

/** Creates a user as an administrator: HTTP Basic with the e-mail and API key, a form body. */
function createUser({
  adminEmail,
  adminKey,
  email,
  password,
  fullName,
}: UserInput): Promise<Answer> {
  return send('POST', `${ACME}/users`, {
    headers: { authorization: `Basic ${btoa(`${adminEmail}:${adminKey}`)}` },
    body: new URLSearchParams({ email, password, full_name: fullName }),
  })
}

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T
const value = (id: string) => $<HTMLInputElement | HTMLTextAreaElement>(id).value
let seq = 0

function show(answer: Answer): void {
  const status = $('result-status')
  status.textContent = `${answer.method} ${answer.url} → ${answer.status} ${answer.statusText}`
  status.dataset.ok = String(answer.status >= 200 && answer.status < 300)
  status.dataset.status = String(answer.status)
  status.dataset.seq = String(++seq)
  $('result-body').textContent =
    answer.json === null ? answer.text : JSON.stringify(answer.json, null, 2)
}

function showError(error: unknown): void {
  const status = $('result-status')
  status.textContent = `The request failed: ${error instanceof Error ? error.message : String(error)}`
  status.dataset.ok = 'false'
  status.dataset.status = '0'
  status.dataset.seq = String(++seq)
  $('result-body').textContent = ''
}

function onSubmit(formId: string, work: () => Promise<Answer>): void {
  $<HTMLFormElement>(formId).addEventListener('submit', (event) => {
    event.preventDefault()
    work().then(show, showError)
  })
}

window.example = { createPreset, createUser }

onSubmit('preset-form', () =>
  createPreset({
    key: value('preset-key'),
    slug: value('preset-slug'),
    model: value('preset-model'),
    system: value('preset-system'),
  }),
)
onSubmit('user-form', () =>
  createUser({
    adminEmail: value('admin-email'),
    adminKey: value('admin-key'),
    email: value('user-email'),
    password: value('user-password'),
    fullName: value('user-name'),
  }),
)

const query = new URLSearchParams(location.search)
const banner = $('simulator')
startSimulator({
  // An unknown name is refused by the simulator with the list of known ones.
  scenario: (query.get('scenario') ?? undefined) as BrowserSimulatorOptions['scenario'],
  seed: query.get('seed') ?? undefined,
  now: query.get('now') ?? undefined,
})
  .then(({ simulator }) => {
    banner.textContent = `Simulator ready: scenario "${simulator.scenario.name}", seed "${simulator.seed}".`
    banner.dataset.state = 'ready'
    for (const id of ['create-preset', 'create-user']) $<HTMLButtonElement>(id).disabled = false
  })
  .catch((error: unknown) => {
    banner.textContent = `The simulator did not start: ${error instanceof Error ? error.message : String(error)}`
    banner.dataset.state = 'failed'
  })
