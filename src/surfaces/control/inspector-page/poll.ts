/**
 * The page's loop: it polls `GET /state` once a second and draws the state when it changed, unless the
 * reader is selecting text or editing a field outside the journal's filter; an action polls at once.
 * @module
 */
import type { inspectorState } from '../state.js'
import { call, fail, notify } from './control.js'
import { element } from './dom.js'

/** The state as `GET /__understudy/state` sends it. */
export type InspectorState = ReturnType<typeof inspectorState>

/** The state last drawn, as JSON (a poll that brings the same text draws nothing). */
let shown = ''
let draw: (state: InspectorState) => void = () => {}

/** Polls now and draws the state if it changed. */
async function refresh(): Promise<void> {
  const state = await call<InspectorState>('GET', '/state')
  const text = JSON.stringify(state)
  if (text === shown) return
  shown = text
  draw(state)
}

/** Runs an action, says `done(answer)` when it worked (its error when not), and draws the state again. */
export function act<Answer>(work: () => Promise<Answer>, done?: (answer: Answer) => string): void {
  work()
    .then((answer) => {
      if (done) notify(done(answer))
      shown = ''
      return refresh()
    })
    .catch(fail)
}

let busy = false
async function poll(): Promise<void> {
  const selecting = String(window.getSelection?.() ?? '') !== ''
  const active = document.activeElement
  const editing = active?.matches('input, select') && !active.closest('#journal-filter')
  if (!busy && !selecting && !editing) {
    busy = true
    await refresh().catch((error: unknown) => {
      element('error').textContent = error instanceof Error ? error.message : String(error)
    })
    busy = false
  }
}

/** Draws each polled state with `render`, now and once a second. */
export function startPolling(render: (state: InspectorState) => void): void {
  draw = render
  poll()
  setInterval(poll, 1000)
}
