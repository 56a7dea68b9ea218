/**
 * The operation menus of the journal's filter and of the fault form: every service's operations grouped
 * by service, or one service's, each with the method and path it answers.
 * @module
 */
import { esc } from './html.js'
import { lastState } from './latest.js'
import type { InspectorState } from './poll.js'

/** The journal filter's choice of the requests no operation matched. */
export const UNROUTED = '<option value="-">no operation (unrouted)</option>'

/** The operation choices of a select: every service's operations, or one service's. */
function operationOptions(
  operations: InspectorState['operations'],
  service: string,
  any: string,
): string {
  const byName: Readonly<
    Record<string, ReadonlyArray<{ name: string; method: string; path: string }>>
  > = operations
  const group = (name: string) =>
    (byName[name] ?? [])
      .map(
        (o) =>
          `<option value="${esc(`${name}/${o.name}`)}" title="${esc(`${o.method} ${o.path}`)}">${esc(o.name)} — ${esc(`${o.method} ${o.path}`)}</option>`,
      )
      .join('')
  const services = service ? [service] : Object.keys(operations)
  return `<option value="">${esc(any)}</option>${services
    .map((name) => `<optgroup label="${esc(name)}">${group(name)}</optgroup>`)
    .join('')}`
}

/** Fills an operation menu for a service (`''`: every service), keeping its choice when still offered. */
export function fillOperations(menu: HTMLSelectElement, service: string, extra = ''): void {
  const state = lastState()
  if (!state) return
  const value = menu.value
  menu.innerHTML = operationOptions(state.operations, service, 'any operation') + extra
  menu.value = [...menu.options].some((o) => o.value === value) ? value : ''
}
